// Variants of a scenario: KEY=VALUE settings applied to a copy of the raw scenario object
// (before the system's own validation, which then names any bad field).
//
//   sweep=classic                   a bare key is an option: options.sweep
//   options.thread=false            any path into the scenario
//   figures.hero.dx=16              figures are found by id (or by index: figures.0.dx)
//   figures.*.armor=chainmail       every figure
//   figures.hero.talents=[multiple-swing]   values are YAML: numbers, booleans, lists
//   side.goblins.count=2            keep the first 2 figures of side goblins (the number of foes)
import { parse as parseYaml } from 'yaml';
import { InputError } from '../core/errors.ts';
import { quote } from '../core/issues.ts';

export interface Setting {
  path: string;
  value: unknown;
}

export interface Variant {
  name: string;
  settings: Setting[];
}

/**
 * A setting whose path names nothing in the scenario (no such figure, side or object): an
 * error of the setting itself, wherever it is applied, not of one point of a grid.
 */
export class SettingPathError extends InputError {}

/** InputError on `field` (field.N.name with `indexed`) when two variants share a name. */
export function checkVariantNames(variants: readonly { name: string }[], field: string, indexed = false): void {
  const seen = new Map<string, number>();
  variants.forEach((v, i) => {
    const first = seen.get(v.name);
    if (first !== undefined) {
      throw new InputError([{ path: indexed ? `${field}[${i}].name` : field, message: `the name ${quote(v.name)} is used twice (variants ${first + 1} and ${i + 1}); each variant needs its own name` }], 'variant');
    }
    seen.set(v.name, i);
  });
}

/** The longest setting or varied path. */
export const MAX_PATH_CHARS = 200;

/**
 * Why `key` cannot be a setting's path (empty, too long, an empty part between dots), or
 * undefined when it can; whether it names anything is known only against a scenario.
 */
export function settingKeyProblem(key: string): string | undefined {
  if (key.trim() === '') return 'a setting needs a path (figures.hero.dx, or an option: sweep)';
  if (key.length > MAX_PATH_CHARS) return `the path ${quote(key)} is ${key.length} characters long; at most ${MAX_PATH_CHARS}`;
  if (key.split('.').some((part) => part.trim() === '')) return `the path ${quote(key)} has an empty part between dots (figures.hero.dx)`;
  return undefined;
}

/** Parses "KEY=VALUE" (the value as YAML); `field` names the option in errors. */
export function parseSetting(text: string, field: string): Setting {
  const i = text.indexOf('=');
  if (i <= 0) throw new InputError([{ path: field, message: `${quote(text)} is not KEY=VALUE` }], 'variant');
  const key = text.slice(0, i).trim();
  const problem = settingKeyProblem(key);
  if (problem) throw new InputError([{ path: field, message: problem }], 'variant');
  const raw = text.slice(i + 1).trim();
  let value: unknown;
  try {
    value = raw === '' ? '' : parseYaml(raw);
  } catch {
    value = raw;
  }
  return { path: settingPath(key), value };
}

/** A setting's path in the scenario: a bare key is an option (sweep -> options.sweep). */
export function settingPath(key: string): string {
  const k = key.trim();
  return k.includes('.') ? k : `options.${k}`;
}

/** The longest variant name (it heads a column of the table). */
export const MAX_NAME_CHARS = 100;

/** Parses "NAME:KEY=VALUE,KEY=VALUE" (a variant with no settings is "NAME:" or "NAME"). */
export function parseVariant(text: string, field = '--variant'): Variant {
  const c = text.indexOf(':');
  // "ruleset=classic" with no "NAME:" would be a variant named so, with no setting at all.
  if (c < 0 && text.includes('=')) throw new InputError([{ path: field, message: `${quote(text)} has no name: write NAME:KEY=VALUE,... (e.g. classic:ruleset=classic)` }], 'variant');
  const name = (c < 0 ? text : text.slice(0, c)).trim();
  if (!name) throw new InputError([{ path: field, message: `${quote(text)} has no name (NAME:KEY=VALUE,...)` }], 'variant');
  if (name.length > MAX_NAME_CHARS) throw new InputError([{ path: field, message: `the name ${quote(name)} is ${name.length} characters long; at most ${MAX_NAME_CHARS}` }], 'variant');
  const rest = c < 0 ? '' : text.slice(c + 1).trim();
  const settings = rest === '' ? [] : splitTop(rest).map((s) => parseSetting(s, `${field} ${name}`));
  return { name, settings };
}

/** Splits on commas outside brackets ("a=1,b=[x,y]" -> ["a=1", "b=[x,y]"]). */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '[' || ch === '{') depth++;
    if (ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out.map((x) => x.trim());
}

/** The most values one varied parameter takes (a range of 1000 steps). */
export const MAX_VALUES = 1001;

/** Parses "PATH=A..B" (whole numbers, step 1) or "PATH=a,b,c" into a path and its values. */
export function parseVary(text: string, field = '--vary'): { path: string; values: unknown[] } {
  const i = text.indexOf('=');
  if (i <= 0) throw new InputError([{ path: field, message: `${quote(text)} is not PATH=A..B or PATH=a,b,c` }], 'variant');
  const key = text.slice(0, i).trim();
  const problem = settingKeyProblem(key);
  if (problem) throw new InputError([{ path: field, message: problem }], 'variant');
  const spec = text.slice(i + 1).trim();
  const path = settingPath(key);
  const m = /^(-?\d+)\s*\.\.\s*(-?\d+)$/.exec(spec);
  if (!m && spec.includes('..') && !/^[[{'"]/.test(spec)) {
    throw new InputError([{ path: field, message: `${quote(spec)} is not a range: write A..B with two whole numbers (e.g. 12..18), or a list a,b,c` }], 'variant');
  }
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (b < a || b - a > MAX_VALUES - 1) throw new InputError([{ path: field, message: `range ${a}..${b} must go up, by at most ${MAX_VALUES - 1} steps` }], 'variant');
    return { path, values: Array.from({ length: b - a + 1 }, (_, k) => a + k) };
  }
  const values = splitTop(spec).map((v) => parseSetting(`x=${v}`, field).value);
  if (values.length === 0) throw new InputError([{ path: field, message: "no values after '=': write PATH=A..B or PATH=a,b,c" }], 'variant');
  if (values.length > MAX_VALUES) throw new InputError([{ path: field, message: `${values.length} values; at most ${MAX_VALUES}` }], 'variant');
  return { path, values };
}

/** A deep copy of `raw` with each setting applied; InputError naming the setting when a path does not resolve. */
export function applySettings(raw: Record<string, unknown>, settings: readonly Setting[]): Record<string, unknown> {
  const out = structuredClone(raw);
  for (const s of settings) applyOne(out, s);
  return out;
}

/** The value of `s` cannot be applied (InputError; it may be fine at another point of a grid). */
function fail(s: Setting, message: string): never {
  throw new InputError([{ path: s.path, message }], 'variant');
}

/** The path of `s` names nothing in the scenario (SettingPathError). */
function failPath(s: Setting, message: string): never {
  throw new SettingPathError([{ path: s.path, message }], 'variant');
}

function applyOne(root: Record<string, unknown>, s: Setting): void {
  const parts = s.path.split('.');
  if (parts[0] === 'side') {
    if (parts.length !== 3 || parts[2] !== 'count') failPath(s, 'the side setting is side.<id>.count');
    const n = s.value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) fail(s, `count must be a whole number >= 0, got ${JSON.stringify(n)}`);
    const figs = root.figures;
    if (!Array.isArray(figs)) failPath(s, 'the scenario has no figures list');
    const ofSide = figs.filter((f) => (f as { side?: unknown }).side === parts[1]);
    if (ofSide.length === 0) failPath(s, `no figure on side '${parts[1]}'`);
    if (n > ofSide.length) fail(s, `side '${parts[1]}' has only ${ofSide.length} figures`);
    const drop = new Set(ofSide.slice(n));
    root.figures = figs.filter((f) => !drop.has(f));
    return;
  }
  let targets: unknown[] = [root];
  for (let k = 0; k < parts.length - 1; k++) {
    const key = parts[k];
    const next: unknown[] = [];
    for (const t of targets) {
      if (Array.isArray(t)) {
        if (key === '*') next.push(...t);
        else if (/^\d+$/.test(key) && Number(key) < t.length) next.push(t[Number(key)]);
        else {
          const hit = t.find((x) => x && typeof x === 'object' && (x as { id?: unknown }).id === key);
          if (!hit) failPath(s, `no element with id '${key}' (at '${parts.slice(0, k + 1).join('.')}')`);
          next.push(hit);
        }
      } else if (t && typeof t === 'object') {
        const o = t as Record<string, unknown>;
        if (o[key] === undefined) o[key] = {};
        next.push(o[key]);
      } else failPath(s, `'${parts.slice(0, k).join('.')}' is not an object`);
    }
    targets = next;
  }
  const last = parts[parts.length - 1];
  for (const t of targets) {
    if (!t || typeof t !== 'object' || Array.isArray(t)) failPath(s, `'${parts.slice(0, -1).join('.')}' is not an object`);
    (t as Record<string, unknown>)[last] = structuredClone(s.value);
  }
}

/** A short label for a setting list ("sweep=new, figures.hero.dx=14"). */
export function describeSettings(settings: readonly Setting[]): string {
  return settings.map((s) => `${s.path.replace(/^options\./, '')}=${typeof s.value === 'string' ? s.value : JSON.stringify(s.value)}`).join(', ');
}
