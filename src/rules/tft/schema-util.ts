// Small zod helpers shared by the scenario and command schemas: hexes written [q, r] or {q, r},
// and zod issues turned into InputError issues with dotted paths ("figures[1].dx").
import { z } from 'zod';
import type { Issue } from '../../core/errors.ts';

export const hexSchema = z
  .union([
    z.tuple([z.number().int(), z.number().int()]),
    z.strictObject({ q: z.number().int(), r: z.number().int() }),
  ])
  .transform((h) => (Array.isArray(h) ? { q: h[0], r: h[1] } : { q: h.q, r: h.r }))
  .describe('a hex in axial coordinates: [q, r] or {q, r}');

export const directionSchema = z.number().int().min(0).max(5).describe('facing 0..5, clockwise from east');

export function pathOf(base: string, p: readonly PropertyKey[]): string {
  let s = base;
  for (const k of p) s += typeof k === 'number' ? `[${k}]` : s ? `.${String(k)}` : String(k);
  return s;
}

function describeValue(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  if (v === undefined) return 'nothing';
  const j = JSON.stringify(v);
  return j && j.length > 40 ? `${j.slice(0, 37)}...` : String(j);
}

function valueAt(root: unknown, p: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of p) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

const TYPE_WORDS: Record<string, string> = { tuple: 'an array [q, r]', array: 'an array', object: 'an object', record: 'an object', number: 'a number', int: 'a whole number', string: 'text', boolean: 'true or false' };

/** Why a value fits none of a union's forms: each form and what it lacks ("{q, r}: q: expected number"). */
function unionReason(i: Extract<z.core.$ZodIssue, { code: 'invalid_union' }>, got: unknown): string {
  if (i.errors.length === 0) return `${describeValue(got)} is not one of the known kinds`;
  const forms = i.errors.map((branch) => {
    const top = branch.find((b) => b.path.length === 0);
    if (top?.code === 'invalid_type') return TYPE_WORDS[top.expected] ?? top.expected;
    return `{${branch.map((b) => `${pathOf('', b.path as PropertyKey[])}: ${b.code === 'invalid_type' ? `expected ${TYPE_WORDS[b.expected] ?? b.expected}, got ${describeValue(valueAt(got, b.path as PropertyKey[]))}` : b.message}`).join('; ')}}`;
  });
  return `expected ${forms.join(' or ')}; got ${describeValue(got)}`;
}

/** zod issues -> InputError issues naming the field, the reason and the value found. */
export function zodIssues(err: z.ZodError, input: unknown, base = ''): Issue[] {
  return err.issues.map((i) => {
    const path = pathOf(base, i.path as PropertyKey[]);
    if (i.code === 'invalid_union') return { path, message: unionReason(i, valueAt(input, i.path as PropertyKey[])) };
    if (i.code === 'unrecognized_keys') {
      return { path, message: `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `'${k}'`).join(', ')}` };
    }
    if (i.code === 'invalid_type') {
      const got = valueAt(input, i.path as PropertyKey[]);
      return { path, message: got === undefined ? `required (expected ${i.expected})` : `expected ${i.expected}, got ${describeValue(got)}` };
    }
    if (i.code === 'invalid_value') {
      const got = valueAt(input, i.path as PropertyKey[]);
      return { path, message: `expected one of ${i.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(got)}` };
    }
    return { path, message: i.message };
  });
}
