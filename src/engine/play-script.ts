// Play a scenario's script: `fray explain` reports the state it leaves (library: playScript).
import type { DiceSource } from '../core/dice/source.ts';
import type { GameSystem } from './types.ts';

/** A bound on the steps, so a script that never ends cannot hang the caller. */
const MAX_STEPS = 100000;

/**
 * Applies the scenario's scripted commands, and the automatic steps between them, until the
 * first decision the script does not make (the AI's), the end of the fight, or the start of
 * turn `untilTurn` (TFT turn, AD&D round). A system without a script (no `scripted`) plays
 * nothing. Returns the number of commands applied.
 */
export function playScript<S, C>(system: GameSystem<S, C>, state: S, dice: DiceSource, untilTurn?: number): number {
  let steps = 0;
  while (system.scripted && steps < MAX_STEPS && system.pending(state) !== null && system.scripted(state)) {
    if (untilTurn !== undefined && system.summary(state).turns >= untilTurn) break;
    system.apply(state, system.decide(state), dice, null);
    steps++;
  }
  return steps;
}
