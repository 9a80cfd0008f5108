// Dice sources the driver composes: a scripted list of faces, then a fallback source (a
// scenario's own `dice:` followed by the seeded generator).
import type { DiceSource } from '../core/dice/source.ts';
import { ScriptedDice } from '../core/dice/source.ts';

export class ChainedDice implements DiceSource {
  private readonly first: ScriptedDice;
  constructor(
    faces: readonly number[],
    private readonly then: DiceSource,
  ) {
    this.first = new ScriptedDice(faces);
  }
  face(sides: number): number {
    return this.first.remaining > 0 ? this.first.face(sides) : this.then.face(sides);
  }
  /** Faces of the scripted list used so far. */
  get consumed(): number {
    return this.first.consumed;
  }
}
