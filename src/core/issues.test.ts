import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssues } from './issues.ts';

describe('zodIssues', () => {
  it('a value too deeply nested to write out is described, not a crash (a 100,000-deep array where text belongs)', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const input = { name: deep };
    const r = z.strictObject({ name: z.string() }).safeParse(input);
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(zodIssues(r.error, input)).toEqual([{ path: 'name', message: 'expected text, got an array (...)' }]);
  });
  it('names each unknown field by its own path and says what was expected and what came', () => {
    const input = { a: 'x', b: 1, extra: true };
    const r = z.strictObject({ a: z.number(), b: z.number() }).safeParse(input);
    if (r.success) throw new Error('should fail');
    expect(zodIssues(r.error, input, 'scenario')).toEqual([
      { path: 'scenario.a', message: "expected a number, got 'x'" },
      { path: 'scenario.extra', message: "unknown field 'extra'" },
    ]);
  });
});
