// A test scenario of Hanging by a Thread (seed 82345e2a, R-T2, R-T3) on the real engine, for the
// table's unit tests: Pat dying beside Doc (a Physicker), Mara (a Master Physicker) two hexes off.
import { SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import { medicScenario } from '../../../src/rules/tft/house/thread/medic.test-util.ts';
import type { Obj } from './view.ts';

const tft = systems.tft;

/** The medic's evening: set up, begun, Doc's side moving first, nobody moving; at Doc's action. */
export function medicEvening(): Obj {
  const s = tft.setup(medicScenario());
  const dice = new SeededDice(seedRng(3));
  const run = (c: Obj) => tft.apply(s, tft.parseCommand(c), dice, null);
  run({ type: 'begin' });
  const side = (s as unknown as { initiativeWinner: string }).initiativeWinner;
  run({ type: 'initiative', figure: side === 'a' ? 'doc' : 'orc', choice: side === 'a' ? 'first' : 'last' });
  for (const id of ['doc', 'mara', 'orc']) run({ type: 'move', figure: id, path: [] });
  return s as unknown as Obj;
}


/**
 * Plays `s` on to `who`'s next action, nobody moving and everyone else passing (the orc's side
 * choosing to move last): the next turn of a medic who has just worked, for instance.
 */
export function toActionOf(s: Obj, who: string, dice = new SeededDice(seedRng(4))): void {
  const run = (c: Obj) => tft.apply(s as never, tft.parseCommand(c), dice, null);
  for (let i = 0; i < 20; i++) {
    const p = tft.pending(s as never);
    if (!p) break;
    const f = p.figures[0];
    if (p.kind === 'action' && f === who) return;
    if (p.kind === 'initiative') run({ type: 'initiative', figure: f, choice: f === 'orc' ? 'last' : 'first' });
    else if (p.kind === 'move') run({ type: 'move', figure: f, path: [] });
    else run({ type: 'pass', figure: f });
  }
  throw new Error(`never reached ${who}'s action`);
}
