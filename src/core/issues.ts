// zod issues turned into issues a person can act on: the field, what was expected and what came,
// never zod's bare "Invalid input". One formatter for scenarios and commands (both systems) and
// the server's own messages (HTTP bodies and queries, WebSocket frames). Paths are dotted:
// "figures[1].dx", "body.faces[0]", "notes[1].id".
import type { z } from 'zod';
import type { Issue } from './errors.ts';

/** The longest a field name is written in a path (a longer one, an input of its own, is cut). */
const MAX_KEY = 40;

/** "body" + ["faces", 0] -> "body.faces[0]"; a field name on one line and at most MAX_KEY characters. */
export function pathOf(base: string, p: readonly PropertyKey[]): string {
  let s = base;
  for (const k of p) {
    const key = typeof k === 'number' ? '' : clip(String(k), MAX_KEY);
    s += typeof k === 'number' ? `[${k}]` : s ? `.${key}` : key;
  }
  return s;
}

/** How many unknown fields of one object are named one by one (then one issue counts the rest). */
const MAX_UNKNOWN = 10;

function valueAt(root: unknown, p: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const k of p) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** Up to 30 characters of `v` as JSON; a value too deep (or cyclic) to write is '...'. */
function jsonStart(v: unknown): string {
  let j: string;
  try {
    j = JSON.stringify(v);
  } catch {
    return '...';
  }
  return j.length > 30 ? `${j.slice(0, 30)}...` : j;
}

/** `s` on one line: control characters (a newline, a tab...) written as escapes. */
export function oneLine(s: string): string {
  return s.replace(/\p{Cc}/gu, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * A text as an error message quotes it: in quotes, on one line, and when longer than `max`
 * characters only its start and '...' (never a long input echoed back whole).
 */
export function quote(s: string, max = 40): string {
  const head = Array.from(s.slice(0, 2 * max + 2));
  const long = head.length > max || s.length > 2 * max + 2;
  return `'${oneLine(long ? `${head.slice(0, max - 3).join('')}...` : s)}'`;
}

/**
 * What a refusal of an unknown name adds: the known names that start alike (" (did you mean
 * 'broadsword'?)"), else a few of them and how many there are, so the message stays one short
 * line however long the table is.
 */
export function suggest(word: string, known: readonly string[], few = 6): string {
  const close = known.filter((k) => k.startsWith(word.slice(0, 3)) || word.startsWith(k.slice(0, 3)));
  if (close.length > 0) return ` (did you mean ${close.slice(0, 3).map((c) => quote(c)).join(', ')}?)`;
  if (known.length === 0) return '';
  return known.length <= few ? `; known: ${known.join(', ')}` : `; known: ${known.slice(0, few).join(', ')} and ${known.length - few} more`;
}

/** `s` on one line and at most `max` characters (cut with '...'): for paths and messages of errors. */
export function clip(s: string, max: number): string {
  const line = oneLine(s.length > 2 * max ? s.slice(0, 2 * max) : s);
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** A value as a message shows it: 'text', 42, an array, an object... shortened. */
export function describeValue(v: unknown): string {
  if (typeof v === 'string') return quote(v);
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `an array (${jsonStart(v)})`;
  if (v === null) return 'null';
  if (typeof v === 'object') return `an object (${jsonStart(v)})`;
  return String(v);
}

/** zod's type names as people say them. */
const TYPE_WORDS: Record<string, string> = {
  record: 'an object',
  object: 'an object',
  array: 'an array',
  tuple: 'an array',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  nonoptional: 'a value',
};
const typeWord = (t: string) => TYPE_WORDS[t] ?? t;

type ZodIssue = z.core.$ZodIssue;

/**
 * The words schemas are named with (named): a value of none of the forms such a schema takes
 * (left out, or of another type) is told the name, not the forms' types: "required: a hex, [q, r]
 * or {q, r}", not "required: an array or an object".
 */
const NAMES = new Set<string>();

/**
 * zod's `error` option naming a schema in words (`what`: "a hex, [q, r] or {q, r}"), for the
 * issues above: `z.union([...], named(what))`. It is the message zod gives the schema's own
 * issue; zodIssues tells it as "required: <what>" or "expected <what>; got ...".
 */
export function named(what: string): { error: string } {
  NAMES.add(what);
  return { error: what };
}

/**
 * What a field must be and what came: a field left out reads "required: <what>" whatever the
 * schema's kind of check (a type, a list of values, a union), as the hand-written checks say it.
 */
function expected(what: string, got: unknown): string {
  return got === undefined ? `required: ${what}` : `expected ${what}, got ${describeValue(got)}`;
}

/** What one issue says, without its path (`input` is the whole value the schema checked). */
function reason(i: ZodIssue, input: unknown): string {
  const got = valueAt(input, i.path as PropertyKey[]);
  switch (i.code) {
    case 'invalid_type':
      return expected(NAMES.has(i.message) ? i.message : typeWord(i.expected), got);
    case 'invalid_value':
      return expected(`one of ${i.values.map((v) => JSON.stringify(v)).join(', ')}`, got);
    case 'too_small': {
      const what = i.origin === 'string' ? `${i.minimum} character(s)` : i.origin === 'array' ? `${i.minimum} item(s)` : String(i.minimum);
      return `${i.origin === 'number' || i.origin === 'int' ? 'must be' : 'needs'} at least ${what}${i.origin === 'number' || i.origin === 'int' ? `, got ${describeValue(got)}` : ''}`;
    }
    case 'too_big': {
      const what = i.origin === 'string' ? `${i.maximum} character(s)` : i.origin === 'array' ? `${i.maximum} item(s)` : String(i.maximum);
      return `${i.origin === 'number' || i.origin === 'int' ? 'must be' : 'may have'} at most ${what}${i.origin === 'number' || i.origin === 'int' ? `, got ${describeValue(got)}` : ''}`;
    }
    case 'invalid_union': {
      // A discriminated union names the values its field may take (a command's `type`).
      const options = 'options' in i ? i.options : undefined;
      if (i.errors.length === 0) return options?.length ? expected(`one of ${options.map((v) => JSON.stringify(v)).join(', ')}`, got) : `${describeValue(got)} is not one of the known kinds`;
      // A named schema's value of none of its forms' types: the name (a value of one of them says why it is not that form).
      const wrongType = i.errors.every((branch) => branch.find((b) => b.path.length === 0)?.code === 'invalid_type');
      if (wrongType && NAMES.has(i.message)) return got === undefined ? expected(i.message, got) : `expected ${i.message}; got ${describeValue(got)}`;
      // Each form the value could take, and why it is not that form.
      const forms = i.errors.map((branch) => {
        const top = branch.find((b) => b.path.length === 0);
        if (top?.code === 'invalid_type') return typeWord(top.expected);
        // A form that is a list of values (thread: "on" or "off") is named by them, not nested.
        if (top?.code === 'invalid_value' && branch.length === 1) return top.values.map((v) => JSON.stringify(v)).join(' or ');
        return `{${branch.map((b) => `${b.path.length ? `${pathOf('', b.path as PropertyKey[])}: ` : ''}${reason(b, got)}`).join('; ')}}`;
      });
      return got === undefined ? expected(forms.join(' or '), got) : `expected ${forms.join(' or ')}; got ${describeValue(got)}`;
    }
    case 'unrecognized_keys': {
      const named = i.keys.slice(0, MAX_UNKNOWN).map((k) => quote(k));
      const more = i.keys.length - named.length;
      return `unknown field${i.keys.length > 1 ? 's' : ''} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    }
    default:
      return i.message;
  }
}

/** Issues naming each field (an unknown field by its own path) and the reason. */
export function zodIssues(err: z.ZodError, input: unknown, base = ''): Issue[] {
  return err.issues.flatMap((i) => {
    if (i.code === 'unrecognized_keys') {
      const out = i.keys.slice(0, MAX_UNKNOWN).map((k) => ({ path: pathOf(base, [...(i.path as PropertyKey[]), k]), message: `unknown field ${quote(k)}` }));
      if (i.keys.length > MAX_UNKNOWN) out.push({ path: pathOf(base, i.path as PropertyKey[]), message: `and ${i.keys.length - MAX_UNKNOWN} more unknown fields` });
      return out;
    }
    return [{ path: pathOf(base, i.path as PropertyKey[]), message: reason(i, input) }];
  });
}
