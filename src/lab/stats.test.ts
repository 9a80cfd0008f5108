import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTo, mean, meanInterval, mergeInto, moments, sd, se, wilson } from './stats.ts';

describe('stats', () => {
  it('Wilson interval: known values and bounds', () => {
    // 50 of 100: centre 0.5, half-width z*sqrt(.25/100 + z^2/40000)/(1+z^2/100)
    const w = wilson(50, 100);
    expect(w.est).toBe(0.5);
    expect(w.lo).toBeCloseTo(0.4038, 4);
    expect(w.hi).toBeCloseTo(0.5962, 4);
    const zero = wilson(0, 20);
    expect(zero.lo).toBe(0);
    expect(zero.hi).toBeCloseTo(0.1611, 4);
  });
  it('property: the interval contains the estimate and stays in [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.floor(f * n);
        const w = wilson(k, n);
        expect(w.lo).toBeLessThanOrEqual(w.est + 1e-12);
        expect(w.hi).toBeGreaterThanOrEqual(w.est - 1e-12);
        expect(w.lo).toBeGreaterThanOrEqual(0);
        expect(w.hi).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('moments: mean, sd, se, merge', () => {
    const a = moments();
    const b = moments();
    for (const x of [1, 2, 3]) addTo(a, x);
    for (const x of [4, 5]) addTo(b, x);
    mergeInto(a, b);
    expect(mean(a)).toBe(3);
    expect(sd(a)).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(se(a)).toBeCloseTo(Math.sqrt(2.5 / 5), 12);
    const i = meanInterval(a);
    expect(i.hi - i.est).toBeCloseTo(1.959963984540054 * Math.sqrt(0.5), 10);
  });
});
