// Core benchmarks: d6 throughput of the seeded generator against Math.random (same process,
// same loop shape), and the time of exact distributions. bench/ is not pure core, so
// Math.random is allowed here: it is the yardstick.
import { Dist } from '../src/core/dice/exact.ts';
import { Fraction } from '../src/core/dice/fraction.ts';
import { rollNd6Sum } from '../src/core/dice/roll.ts';
import { SeededDice } from '../src/core/dice/source.ts';
import { intBelow, seedRng } from '../src/core/rng.ts';
import type { BenchSection } from './harness.ts';

export const core: BenchSection = {
  name: 'core',
  title: 'Generator and exact distributions',
  run(h) {
    h.note('d6 throughput (higher is better)');
    const dice = new SeededDice(seedRng('bench'));
    const bulk = new SeededDice(seedRng('bench-bulk'));
    const rng = seedRng('bench-raw');
    const [face, bulk3, raw, mr] = h.rates([
      {
        name: 'SeededDice.face(6)',
        batch: (n) => {
          let s = 0;
          for (let i = 0; i < n; i++) s += dice.face(6);
          return s;
        },
      },
      {
        name: 'rollNd6Sum(src, 3) (3d6 rolls)',
        note: 'ops = dice',
        batch: (n) => {
          const calls = Math.ceil(n / 3);
          let s = 0;
          for (let i = 0; i < calls; i++) s += rollNd6Sum(bulk, 3);
          return s;
        },
      },
      {
        name: 'intBelow(rng, 6) + 1',
        batch: (n) => {
          let s = 0;
          for (let i = 0; i < n; i++) s += intBelow(rng, 6) + 1;
          return s;
        },
      },
      {
        name: 'Math.floor(Math.random() * 6) + 1',
        batch: (n) => {
          let s = 0;
          for (let i = 0; i < n; i++) s += Math.floor(Math.random() * 6) + 1;
          return s;
        },
      },
    ]);
    h.ratio('SeededDice.face / Math.random', face, mr);
    h.ratio('rollNd6Sum(3) / Math.random', bulk3, mr);
    h.ratio('intBelow / Math.random', raw, mr);

    h.note('exact distributions (lower is better)');
    const armor2 = (f: number) => Math.max(0, f - 2);
    h.time('Dist.of("3d6")', () => Dist.of('3d6'));
    h.time('Dist.dice(3, 6) (no parsing)', () => Dist.dice(3, 6));
    h.time('Dist.of("12d6", perDie armor 2)', () => Dist.of('12d6', { perDie: armor2 }));
    h.time('Dist.dice(20, 6) (numbers, 6^20)', () => Dist.dice(20, 6));
    h.time('Dist.dice(21, 6) (BigInt, 6^21)', () => Dist.dice(21, 6));
    const dmg = Dist.of('2d6');
    h.time('3d6 attack tree vs adjDX 12, 2d6 dmg', () =>
      Dist.of('3d6').chain((r) => (r === 3 ? dmg.times(3) : r === 4 ? dmg.times(2) : r <= 12 ? dmg : 0)),
    );
    h.time('exact duel ST 12 v 12, 2d vs armor 2, 30 rounds', () => exactDuel(30), 'BigInt beyond ~4 rounds');
    const d3 = Dist.of('3d6');
    h.time('atMost(13) on a built 3d6', () => d3.atMost(13));
  },
};

/**
 * A TFT-like duel computed exactly with Dist (a yardstick, not the rules): both figures ST 12,
 * adjDX 12, 2d damage, armor stops 2 per hit, 3 triples and 4 doubles damage; A strikes first
 * each round. P(A kills B within `rounds` rounds) as an exact Fraction.
 */
export function exactDuel(rounds: number): Fraction {
  const dmg = Dist.of('2d6').mapTotal((x) => Math.max(0, x - 2));
  const per = Dist.of('3d6').chain((r) => (r === 3 ? dmg.times(3) : r === 4 ? dmg.times(2) : r <= 12 ? dmg : 0));
  let taken = Dist.constant(0);
  const dead: Fraction[] = [Fraction.ZERO]; // dead[k]: P(12 damage within k strikes)
  for (let k = 1; k <= rounds; k++) {
    taken = taken.plus(per).mapTotal((x) => Math.min(x, 12));
    dead.push(taken.atLeast(12));
  }
  let win = Fraction.ZERO;
  for (let k = 1; k <= rounds; k++) win = win.add(dead[k].sub(dead[k - 1]).mul(dead[k - 1].complement()));
  return win;
}
