// Random damage to a real view, for the robustness tests: fields deleted, replaced by null, by
// odd values (other JSON, empty, huge or negative numbers, very long or unicode names), lists
// emptied, every name made long. Each mutation aims at one node of the value, picked by index
// among all its nodes, so shrinking finds the smallest damage that breaks the table. Test-only.
import fc from 'fast-check';
import { GARBAGE } from './drive.test-util.ts';

export type Op = 'delete' | 'null' | 'replace' | 'empty' | 'names' | 'key';
export interface Mutation {
  at: number;
  op: Op;
  value: unknown;
}

/** Very long names, unicode (combining marks, emoji, right-to-left), blanks. */
export const oddString = fc.oneof(
  fc.constantFrom('', ' ', '\u200f\u05e9\u05dc\u05d5\u05dd', 'Z\u0351\u0360a\u035bl\u0489g\u0334o', '\u{1F9DD}\u200d\u2640\ufe0f Elf', '\u0000', '__proto__', 'constructor', 'toString', 'hasOwnProperty'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }).map((s) => s.repeat(80)),
);

/** A value the server never sends where this one was, but might after a change. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 0, -1, 0.5, -0.25, 1e9, -1e9, 2 ** 53, true, false, [], {}, [0, 0], { q: 0, r: 0 }, { entries: [], total: 0 }),
  oddString,
  fc.jsonValue({ maxDepth: 2 }),
);

const ODD_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'kind', 'type', 'label', 'name', 'odds', 'ledger', 'options'];

// A value put in that reads as garbage ("=>", "NaN") is shown as it is, as a text the server sent
// should be: only a rename may carry one (the robustness test exempts it), lest a case fail on
// its own input.
export const mutation: fc.Arbitrary<Mutation> = fc
  .record({
    at: fc.nat({ max: 100_000 }),
    op: fc.constantFrom<Op>('delete', 'null', 'replace', 'replace', 'empty', 'names', 'key'),
    value: oddValue,
  })
  .filter((m) => m.op === 'names' || !GARBAGE.test(JSON.stringify(m.value) ?? ''));

type Container = Record<string, unknown> | unknown[];
interface Slot {
  parent: Container;
  key: string | number;
}

/** Every place in `v` that holds a value (object fields and array elements), depth first. */
function slots(v: unknown, out: Slot[] = []): Slot[] {
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      out.push({ parent: v, key: i });
      slots(x, out);
    });
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push({ parent: v as Record<string, unknown>, key: k });
      slots(x, out);
    }
  }
  return out;
}

function renameAll(v: unknown, to: unknown): void {
  for (const s of slots(v)) if (s.key === 'name' && typeof (s.parent as Record<string, unknown>).name === 'string') (s.parent as Record<string, unknown>).name = to;
}

/** `value` (a deep copy) with the mutations done, in order. */
export function mutate<T>(value: T, muts: readonly Mutation[]): T {
  const root = { v: structuredClone(value) as unknown };
  for (const m of muts) {
    if (m.op === 'names') {
      renameAll(root.v, typeof m.value === 'string' ? m.value : 'N\u0303ame '.repeat(60));
      continue;
    }
    const all = slots(root.v);
    if (all.length === 0) continue;
    const s = all[m.at % all.length];
    const p = s.parent as Record<string | number, unknown>;
    if (m.op === 'key') {
      // A field the table does not know, named like what objects inherit.
      const o = p[s.key];
      if (o && typeof o === 'object' && !Array.isArray(o)) Object.defineProperty(o, ODD_KEYS[m.at % ODD_KEYS.length], { value: structuredClone(m.value), enumerable: true, configurable: true, writable: true });
      continue;
    }
    if (m.op === 'delete') {
      if (Array.isArray(s.parent)) s.parent.splice(s.key as number, 1);
      else delete p[s.key];
    } else if (m.op === 'null') p[s.key] = null;
    else if (m.op === 'empty') p[s.key] = Array.isArray(p[s.key]) ? [] : typeof p[s.key] === 'string' ? '' : typeof p[s.key] === 'object' ? {} : 0;
    else p[s.key] = structuredClone(m.value);
  }
  return root.v as T;
}
