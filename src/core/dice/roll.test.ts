import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneRng, intBelow, seedRng } from '../rng.ts';
import { diceBounds, parseDice } from './notation.ts';
import { rollDice, rollNd6Sum, rollSum, rollTotal } from './roll.ts';
import { DiceExhausted, RecordingDice, ScriptedDice, SeededDice } from './source.ts';

describe('rollDice', () => {
  it('returns every face, in written order, and the total', () => {
    const r = rollDice('1d8+1d6-1d4+2', new ScriptedDice([7, 5, 3]));
    expect(r).toEqual({ notation: '1d8+1d6-1d4+2', faces: [7, 5, 3], sides: [8, 6, 4], modifier: 2, total: 7 + 5 - 3 + 2 });
  });

  it('TFT 2d+1 with faces 6,4 is 11 [tft-core weapon table]', () => {
    const r = rollDice('2d+1', new ScriptedDice([6, 4]));
    expect(r.total).toBe(11);
    expect(r.notation).toBe('2d6+1');
  });

  it('an AD&D range rolls its dice: 3-18 takes three d6 faces', () => {
    const src = new ScriptedDice([1, 2, 3]);
    expect(rollDice('3-18', src).total).toBe(6);
    expect(src.remaining).toBe(0);
  });

  it('a scripted die too big for the roll is an error, not a wrong total', () => {
    expect(() => rollDice('1d4', new ScriptedDice([5]))).toThrow(/impossible on a d4/);
  });

  it('running out of scripted faces says which die was wanted', () => {
    expect(() => rollDice('2d6', new ScriptedDice([3]))).toThrow(DiceExhausted);
  });

  it('property: totals stay within the notation bounds and equal faces plus modifier', () => {
    const text = fc
      .tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(2, 3, 4, 6, 8, 10, 12, 20, 100), fc.integer({ min: -5, max: 5 }))
      .map(([n, s, m]) => `${n}d${s}${m < 0 ? m : `+${m}`}`);
    fc.assert(
      fc.property(text, fc.integer(), (t, seed) => {
        const e = parseDice(t);
        const r = rollDice(e, new SeededDice(seedRng(seed)));
        const { min, max } = diceBounds(e);
        expect(r.total).toBeGreaterThanOrEqual(min);
        expect(r.total).toBeLessThanOrEqual(max);
        expect(r.faces.reduce((a, b) => a + b, 0) + r.modifier).toBe(r.total);
        r.faces.forEach((f, i) => {
          expect(f).toBeGreaterThanOrEqual(1);
          expect(f).toBeLessThanOrEqual(r.sides[i]);
        });
      }),
    );
  });
});

describe('SeededDice fast paths', () => {
  it('property: face(s) gives exactly intBelow(s)+1 from the same state, for small and large sides', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 50 }), (seed, sides) => {
        const a = seedRng(seed);
        const b = cloneRng(a);
        const dice = new SeededDice(a);
        for (const s of sides) expect(dice.face(s)).toBe(intBelow(b, s) + 1);
        expect(a).toEqual(b);
      }),
    );
  });

  it('property: rollNd6Sum and rollSum draw the same faces as face() and leave the same state', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 40 }), fc.constantFrom(2, 3, 6, 7, 20, 100, 129, 1000), (seed, n, sides) => {
        const slow = new SeededDice(seedRng(seed));
        let expected = 0;
        for (let i = 0; i < n; i++) expected += slow.face(sides);
        const fast = new SeededDice(seedRng(seed));
        expect(rollSum(fast, n, sides)).toBe(expected);
        expect(fast.rng).toEqual(slow.rng);
        if (sides === 6) {
          const f6 = new SeededDice(seedRng(seed));
          expect(rollNd6Sum(f6, n)).toBe(expected);
          expect(f6.rng).toEqual(slow.rng);
        }
      }),
    );
  });

  it('rollTotal and rollDice agree from the same seed', () => {
    for (let seed = 0; seed < 50; seed++) {
      const t = rollTotal('2d6-1d4+3', new SeededDice(seedRng(seed)));
      expect(rollDice('2d6-1d4+3', new SeededDice(seedRng(seed))).total).toBe(t);
    }
  });

  it('rollNd6Sum works from any source', () => {
    expect(rollNd6Sum(new ScriptedDice([1, 2, 6]), 3)).toBe(9);
    const rec = new RecordingDice(new SeededDice(seedRng(9)));
    const t = rollNd6Sum(rec, 4);
    expect(rec.faces).toHaveLength(4);
    expect(rec.faces.reduce((a, b) => a + b, 0)).toBe(t);
  });
});
