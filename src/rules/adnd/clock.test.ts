import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../core/ledger.ts';
import { adjustSpeed, parryDelay, parryDelayInto, roundOf, segmentOfRound, surpriseSegments } from './clock.ts';

describe('segment clock', () => {
  it('R-A1: ten segments a round; segment 11 is segment 1 of round 2 [3380eb42]', () => {
    expect([roundOf(1), roundOf(10), roundOf(11), roundOf(27)]).toEqual([1, 1, 2, 3]);
    expect([segmentOfRound(1), segmentOfRound(10), segmentOfRound(11), segmentOfRound(27)]).toEqual([1, 10, 1, 7]);
  });

  it("R-A3: the seed's surprise example (33/17/14% against rolls of 25 and 16) [3380eb42]", () => {
    expect([surpriseSegments(33, 25), surpriseSegments(17, 25), surpriseSegments(14, 25)]).toEqual([3, 0, 0]);
    expect([surpriseSegments(33, 16), surpriseSegments(17, 16), surpriseSegments(14, 16)]).toEqual([5, 2, 0]);
    expect(surpriseSegments(33, 33)).toBe(2);
    expect(surpriseSegments(33, 34)).toBe(0);
  });

  it('R-A3: 2 + floor((p - roll) / 5) when roll <= p (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 100 }), (p, roll) => {
        const s = surpriseSegments(p, roll);
        if (roll > p) expect(s).toBe(0);
        else {
          expect(s).toBeGreaterThanOrEqual(2);
          expect(s - 2).toBe(Math.floor((p - roll) / 5));
        }
      }),
    );
  });

  it('R-A6: haste halves rounding up (5 -> 3), slow doubles (3 -> 6) [3380eb42]', () => {
    expect(adjustSpeed(5, true, false).sf).toBe(3);
    expect(adjustSpeed(10, true, false).sf).toBe(5);
    expect(adjustSpeed(1, true, false).sf).toBe(1);
    expect(adjustSpeed(3, false, true).sf).toBe(6);
    expect(adjustSpeed(5, true, true).sf).toBe(5);
    const h = adjustSpeed(5, true, false);
    expect(h.entries).toEqual([{ source: 'haste: speed factor 5 -> 3', delta: -2, rule: 'R-A6' }]);
  });

  it('R-A8: 2 segments per consecutive parry, at most 10 [3380eb42]', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(parryDelay)).toEqual([2, 4, 6, 8, 10, 10, 10]);
  });

  it('R-A8: the parry delay as a ledger: 2 a parry, and past five the cap of 10 as its own entry (six parries: 12 - 2 = 10) [3380eb42]', () => {
    const of = (n: number) => {
      const e: LedgerEntry[] = [];
      return { d: parryDelayInto(n, e), e };
    };
    expect(of(1)).toEqual({ d: 2, e: [{ source: 'parry delay: 1 consecutive parry', delta: 2, rule: 'R-A8' }] });
    expect(of(5).e).toEqual([{ source: 'parry delay: 5 consecutive parries', delta: 10, rule: 'R-A8' }]);
    expect(of(6)).toEqual({
      d: 10,
      e: [
        { source: 'parry delay: 6 consecutive parries', delta: 12, rule: 'R-A8' },
        { source: 'parry delay at most 10 segments', delta: -2, rule: 'R-A8' },
      ],
    });
    // The entries always add up to the delay; without a sink, the same number.
    for (let n = 1; n <= 9; n++) expect(of(n).e.reduce((t, x) => t + x.delta, 0)).toBe(parryDelay(n));
    expect(parryDelayInto(7, null)).toBe(10);
  });
});
