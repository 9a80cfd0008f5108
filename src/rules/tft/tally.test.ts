// Figure.tally: the core's running totals (damage dealt and taken after armor, attack rolls,
// hits), kept whatever emit is, so the lab's fast sims report damage per figure (issue 8 part 2:
// "damage dealt and taken per figure"). Checked against the damage and attack events of the
// same fights (tft-core damage and armor: the amount after armor is what counts).
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import type { TftEvent, TftState } from './model.ts';
import { tftSystem, tftTallies } from './system.ts';

const duel = {
  system: 'tft',
  map: { width: 10, height: 8 },
  options: { ruleset: 'legacy' },
  figures: [
    { id: 'bjorn', side: 'north', st: 12, dx: 12, iq: 8, weapons: ['broadsword', 'dagger'], armor: 'leather', shield: 'small-shield', at: [2, 3], facing: 0 },
    { id: 'cedric', side: 'south', st: 13, dx: 11, iq: 8, weapons: ['war-ax'], armor: 'leather', shield: 'small-shield', at: [5, 3], facing: 3 },
  ],
};

const skirmish = {
  system: 'tft',
  map: { width: 12, height: 9 },
  figures: [
    { id: 'ada', side: 'red', st: 11, dx: 14, weapons: ['longbow', 'dagger'], armor: 'cloth', at: [1, 2], facing: 0 },
    { id: 'hal', side: 'red', st: 13, dx: 11, weapons: ['halberd'], armor: 'leather', at: [1, 4], facing: 0 },
    { id: 'bryn', side: 'blue', st: 11, dx: 13, weapons: ['longbow', 'dagger'], armor: 'cloth', at: [9, 2], facing: 3 },
    { id: 'grim', side: 'blue', st: 13, dx: 11, weapons: ['war-ax'], armor: 'leather', shield: 'small-shield', at: [7, 6], facing: 3 },
  ],
};

function play(raw: unknown, seed: number, withEvents: boolean) {
  const s = tftSystem.setup(raw) as TftState;
  const events: TftEvent[] = [];
  runToEnd(tftSystem, s, new SeededDice(seedRng('tally', seed)), withEvents ? (e) => events.push(e) : null);
  const t = tftTallies(s);
  const figures = tftSystem.summary(s).figures.map((f, i) => ({ id: f.id, side: f.side, ...t[i] }));
  return { state: s, summary: { figures }, events };
}

describe('Figure.tally (damage dealt and taken, attacks, hits; kept with emit off)', () => {
  for (const [name, raw] of [
    ['duel', duel],
    ['skirmish', skirmish],
  ] as const) {
    it(`${name}: the tally equals what the damage and attack events say, and is the same with emit off`, () => {
      let totalDealt = 0;
      for (let seed = 0; seed < 40; seed++) {
        const on = play(raw, seed, true);
        const off = play(raw, seed, false);
        expect(off.summary.figures.map((f) => [f.dealt, f.taken, f.attacks, f.hits])).toEqual(on.summary.figures.map((f) => [f.dealt, f.taken, f.attacks, f.hits]));
        for (const f of on.summary.figures) {
          let dealt = 0;
          let taken = 0;
          let attacks = 0;
          let hits = 0;
          for (const e of on.events as (TftEvent & Record<string, unknown>)[]) {
            if (e.type === 'damage' && e.from === f.id) dealt += e.amount as number;
            if (e.type === 'damage' && e.figure === f.id) taken += e.amount as number;
            if (e.type === 'attack' && e.figure === f.id) {
              attacks++;
              if ((e.multiplier as number) > 0) hits++;
            }
          }
          expect([f.id, f.dealt, f.taken, f.attacks, f.hits]).toEqual([f.id, dealt, taken, attacks, hits]);
          totalDealt += dealt;
        }
        // Every point of damage has an attacker here: dealt by one side = taken by the other.
        const sides = [...new Set(off.summary.figures.map((f) => f.side))];
        for (const side of sides) {
          const dealt = off.summary.figures.filter((f) => f.side === side).reduce((t, f) => t + f.dealt, 0);
          const taken = off.summary.figures.filter((f) => f.side !== side).reduce((t, f) => t + f.taken, 0);
          expect(dealt).toBe(taken);
        }
      }
      expect(totalDealt).toBeGreaterThan(0);
    });
  }

  it('a clone carries its own tally (the start state is not changed by the fights played from it)', () => {
    const base = tftSystem.setup(duel) as TftState;
    const s = tftSystem.clone(base);
    runToEnd(tftSystem, s, new SeededDice(seedRng('tally-clone')), null);
    expect(s.figures.some((f) => (f.tally?.dealt ?? 0) > 0)).toBe(true);
    expect(tftSystem.tallies?.(s)).toEqual(s.figures.map((f) => f.tally));
    expect(base.figures.map((f) => f.tally)).toEqual([
      { dealt: 0, taken: 0, attacks: 0, hits: 0 },
      { dealt: 0, taken: 0, attacks: 0, hits: 0 },
    ]);
  });
});
