import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, formatLedger, fromBase, ledger } from './ledger.ts';

describe('ledger', () => {
  it('totals its entries', () => {
    const l = fromBase('DX', 14, 'tft-core', [
      { source: 'chainmail', delta: -3, rule: 'tft-core' },
      { source: 'sweep, 1 extra target', delta: -4, rule: 'R-S2' },
    ]);
    expect(l.total).toBe(7);
    expect(l.entries).toHaveLength(3);
  });
  it('add appends and retotals without changing the original', () => {
    const l = fromBase('DX', 12, 'tft-core');
    const m = add(l, { source: 'rear hex', delta: 4, rule: 'tft-core' });
    expect(m.total).toBe(16);
    expect(l.total).toBe(12);
    expect(l.entries).toHaveLength(1);
  });
  it('formats one line with signs, rules and the total', () => {
    const l = fromBase('DX', 12, 'tft-core', [
      { source: 'one extra target', delta: -4, rule: 'R-S2' },
      { source: 'side hex', delta: 2, rule: 'tft-core' },
    ]);
    expect(formatLedger(l)).toBe('12 DX [tft-core] - 4 one extra target [R-S2] + 2 side hex [tft-core] = 10');
  });
  it('a negative first entry keeps its sign', () => {
    expect(formatLedger(ledger([{ source: 'armor', delta: -3, rule: 'tft-core' }]))).toBe('-3 armor [tft-core] = -3');
  });
  it('zero entries: a named zero is kept (it explains), an unnamed zero is dropped', () => {
    const l = ledger([
      { source: 'no armor', delta: 0, rule: 'tft-core' },
      { source: '', delta: 0, rule: 'x' },
    ]);
    expect(l.entries.map((e) => e.source)).toEqual(['no armor']);
    expect(l.total).toBe(0);
    expect(formatLedger(add(fromBase('DX', 10, 'tft-core'), { source: 'no armor', delta: 0, rule: 'tft-core' }))).toBe(
      '10 DX [tft-core] + 0 no armor [tft-core] = 10',
    );
  });
  it('an empty ledger totals 0 and formats as "= 0"', () => {
    expect(ledger().total).toBe(0);
    expect(formatLedger(ledger())).toBe('= 0');
  });
  it('refuses a NaN or infinite delta', () => {
    expect(() => ledger([{ source: 'bad', delta: Number.NaN, rule: 'x' }])).toThrow(/bad/);
    expect(() => fromBase('DX', Number.POSITIVE_INFINITY, 'x')).toThrow(RangeError);
  });
  it('property: the total is the sum of the kept deltas', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ source: fc.string(), delta: fc.integer({ min: -50, max: 50 }), rule: fc.string() })), (es) => {
        const l = ledger(es);
        expect(l.total).toBe(es.reduce((t, e) => t + e.delta, 0));
        expect(l.entries.every((e) => e.delta !== 0 || e.source.length > 0)).toBe(true);
      }),
    );
  });
});
