// Fields that could change what objects inherit (prototype poisoning): a field named "__proto__",
// or a "constructor" holding "prototype". JSON.parse and YAML read them as plain data, but code
// that copies or merges the value later could set a prototype from them. Every way in refuses
// them, naming the field, with this one check: the server's HTTP bodies and WebSocket frames
// (server/body.ts, server/messages.ts) and scenario and experiment text (server/scenario-text.ts).
import { InputError } from './errors.ts';
import { pathOf } from './issues.ts';

/** Why such a field is refused (an HTTP body, a WebSocket frame and scenario text say the same). */
export const FORBIDDEN_WHY = 'a field named "__proto__", or a "constructor" holding "prototype", is refused: it could change what objects inherit';

interface Step {
  v: unknown;
  key: PropertyKey;
  up: Step | null;
}

/** The keys to the first such field of parsed `value` (depth first, in key order; an array's indexes as numbers), or null. */
export function forbiddenPath(value: unknown): PropertyKey[] | null {
  // Depth first, with a stack and links up: a value may nest thousands deep, and only the path
  // found is built.
  const stack: Step[] = [{ v: value, key: '', up: null }];
  while (stack.length > 0) {
    const at = stack.pop() as Step;
    const v = at.v;
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) {
      if (Object.hasOwn(v, '__proto__')) return keysTo(at, ['__proto__']);
      const c = Object.hasOwn(v, 'constructor') ? (v as { constructor: unknown }).constructor : null;
      if (c !== null && typeof c === 'object' && Object.hasOwn(c, 'prototype')) return keysTo(at, ['constructor', 'prototype']);
    }
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i][1], key: Array.isArray(v) ? Number(entries[i][0]) : entries[i][0], up: at });
  }
  return null;
}

function keysTo(at: Step, last: PropertyKey[]): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (let s: Step | null = at; s?.up; s = s.up) keys.push(s.key);
  return [...keys.reverse(), ...last];
}

/**
 * Where, under `root` ("body"; "" for a WebSocket frame's own fields; "scenario"...), such a field
 * of `value` is, written as every other field error writes a path (issues.ts pathOf:
 * "body.scenario.figures[1].__proto__"), or null. The one path of every refusal of such a field.
 */
export function forbiddenFieldIn(value: unknown, root: string): string | null {
  const keys = forbiddenPath(value);
  return keys === null ? null : pathOf(root, keys);
}

/** InputError (on `what`) naming such a field of `value` as other issues of it do ("figures[0].__proto__", under `base`), when it has one. */
export function refuseForbiddenFields(value: unknown, what: string, base = ''): void {
  const at = forbiddenFieldIn(value, base);
  if (at !== null) throw new InputError([{ path: at, message: FORBIDDEN_WHY }], what);
}
