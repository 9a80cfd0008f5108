import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServerDice, hashToken, newId, newToken } from './tokens.ts';

describe('tokens', () => {
  it('are random, long, and hashed to 64 hex digits that differ from the token', () => {
    const a = newToken();
    const b = newToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^fray_[A-Za-z0-9_-]{43}$/);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(hashToken(b));
    expect(hashToken(a)).not.toContain(a.slice(5));
  });
  it('ids are 12 url-safe characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
  it('server dice give faces 1..sides only', () => {
    const d = new ServerDice();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (sides) => {
        const f = d.face(sides);
        return Number.isInteger(f) && f >= 1 && f <= sides;
      }),
    );
    // All six faces of a d6 appear in 600 rolls (fails with probability < 1e-40).
    const seen = new Set(Array.from({ length: 600 }, () => d.face(6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
