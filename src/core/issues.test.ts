import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { named, suggest, zodIssues } from './issues.ts';

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
  it('an unknown field with a long or many-line name is quoted by its start, in the path too, and a thousand unknown fields are named ten and counted (the answer echoed every one whole)', () => {
    const long = `x${'y'.repeat(60_000)}`;
    const input: Record<string, unknown> = { a: 1, [long]: 1, 'two\nlines': 1 };
    for (let i = 0; i < 1000; i++) input[`k${i}`] = i;
    const r = z.strictObject({ a: z.number() }).safeParse(input);
    if (r.success) throw new Error('should fail');
    const issues = zodIssues(r.error, input, 'body');
    expect(issues).toHaveLength(11);
    expect(issues[0]).toEqual({ path: `body.x${'y'.repeat(36)}...`, message: `unknown field 'x${'y'.repeat(36)}...'` });
    expect(issues[1]).toEqual({ path: 'body.two\\nlines', message: "unknown field 'two\\nlines'" });
    expect(issues[10]).toEqual({ path: 'body', message: 'and 992 more unknown fields' });
    expect(JSON.stringify(issues).length).toBeLessThan(2000);
  });
  it('a field left out reads "required: <what>" whatever the check: a type, a list of values, a union, a discriminated union (they said "expected an array or an object; got nothing", "expected one of ..., got nothing", "nothing is not one of the known kinds")', () => {
    const schema = z.strictObject({
      n: z.number(),
      kind: z.enum(['wall', 'water']),
      at: z.union([z.tuple([z.number(), z.number()]), z.strictObject({ q: z.number(), r: z.number() })]),
      command: z.discriminatedUnion('type', [z.strictObject({ type: z.literal('begin') }), z.strictObject({ type: z.literal('pass') })]),
    });
    const input = { command: {} };
    const r = schema.safeParse(input);
    if (r.success) throw new Error('should fail');
    expect(zodIssues(r.error, input)).toEqual([
      { path: 'n', message: 'required: a number' },
      { path: 'kind', message: 'required: one of "wall", "water"' },
      { path: 'at', message: 'required: an array or an object' },
      { path: 'command.type', message: 'required: one of "begin", "pass"' },
    ]);
    // A value that is there says what came, as before; an unknown kind names the known ones.
    const there = { n: 'x', kind: 'lava', at: 3, command: { type: 'move' } };
    const t = schema.safeParse(there);
    if (t.success) throw new Error('should fail');
    expect(zodIssues(t.error, there)).toEqual([
      { path: 'n', message: "expected a number, got 'x'" },
      { path: 'kind', message: 'expected one of "wall", "water", got \'lava\'' },
      { path: 'at', message: 'expected an array or an object; got 3' },
      { path: 'command.type', message: 'expected one of "begin", "pass", got \'move\'' },
    ]);
  });
});

describe('named', () => {
  it('a schema named in words (a hex) tells a value left out, or of none of its forms\' types, the name: "required: a hex, [q, r] or {q, r}", not "required: an array or an object"; a value of one of its forms still says why it is not that form', () => {
    const hex = z.union([z.tuple([z.number().int(), z.number().int()]), z.strictObject({ q: z.number().int(), r: z.number().int() })], named('a hex, [q, r] or {q, r}'));
    const schema = z.strictObject({ at: hex, to: hex, from: hex, by: hex, range: z.number(named('a distance in hexes')) });
    const input = { to: 3, from: [1], by: null };
    const r = schema.safeParse(input);
    if (r.success) throw new Error('should fail');
    expect(zodIssues(r.error, input)).toEqual([
      { path: 'at', message: 'required: a hex, [q, r] or {q, r}' },
      { path: 'to', message: 'expected a hex, [q, r] or {q, r}; got 3' },
      { path: 'from', message: 'expected {needs at least 2 item(s)} or an object; got an array ([1])' },
      { path: 'by', message: 'expected a hex, [q, r] or {q, r}; got null' },
      { path: 'range', message: 'required: a distance in hexes' },
    ]);
  });
});

describe('a union with a list of values among its forms', () => {
  it(`names a form that is a list of values by its values (the Thread's switch: true or false or "on" or "off"), not a nested "{expected one of ...}"`, () => {
    const schema = z.strictObject({ thread: z.union([z.boolean(), z.enum(['on', 'off'])]) });
    const input = { thread: 'yes' };
    const r = schema.safeParse(input);
    if (r.success) throw new Error('should fail');
    expect(zodIssues(r.error, input)).toEqual([{ path: 'thread', message: 'expected true or false or "on" or "off"; got \'yes\'' }]);
  });
});

describe('suggest', () => {
  it('names the known names that start alike, else a few of them and how many more: one short line however long the table', () => {
    expect(suggest('broadswrod', ['dagger', 'broadsword', 'club'])).toBe(" (did you mean 'broadsword'?)");
    expect(suggest('gnoll3', ['dagger', 'club'])).toBe('; known: dagger, club');
    const many = Array.from({ length: 40 }, (_, i) => `weapon-with-a-long-name-${i}`);
    expect(suggest('gnoll3', many)).toBe(`; known: ${many.slice(0, 6).join(', ')} and 34 more`);
    expect(suggest('x', [])).toBe('');
  });
});
