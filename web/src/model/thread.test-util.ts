// A test scenario of Hanging by a Thread (seed 82345e2a, R-T2, R-T3) on the real engine, for the
// table's unit tests: Pat dying beside Doc (a Physicker), Mara (a Master Physicker) two hexes off.
import { SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import type { Obj } from './view.ts';

const tft = systems.tft;

/** The medic's evening: set up, begun, Doc's side moving first, nobody moving; at Doc's action. */
export function medicEvening(): Obj {
  const s = tft.setup({
    system: 'tft',
    name: 'the medic',
    options: { thread: 'on' },
    figures: [
      { id: 'doc', name: 'Doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
      { id: 'pat', name: 'Pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 11, at: { q: 3, r: 2 } },
      { id: 'mara', name: 'Mara', side: 'a', st: 10, dx: 10, iq: 14, talents: ['physicker', 'master-physicker'], weapons: ['dagger'], at: { q: 2, r: 4 } },
      { id: 'orc', name: 'Orc', side: 'b', race: 'orc', st: 10, dx: 9, weapons: ['club'], at: { q: 10, r: 8 } },
    ],
  });
  const dice = new SeededDice(seedRng(3));
  const run = (c: Obj) => tft.apply(s, tft.parseCommand(c), dice, null);
  run({ type: 'begin' });
  const side = (s as unknown as { initiativeWinner: string }).initiativeWinner;
  run({ type: 'initiative', figure: side === 'a' ? 'doc' : 'orc', choice: side === 'a' ? 'first' : 'last' });
  for (const id of ['doc', 'mara', 'orc']) run({ type: 'move', figure: id, path: [] });
  return s as unknown as Obj;
}

