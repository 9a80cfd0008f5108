// Helpers of the *.fuzz.test.ts files: the example scenarios, structural mutations of a JSON
// value, and the hostile values they put in (wrong types, huge, negative, fractional, NaN and
// infinite numbers, which YAML writes .nan and .inf; empty, long and unicode texts; keys that
// are Object.prototype's). Runs: FRAY_FUZZ_RUNS raises every fuzzer's count; FRAY_FUZZ_SEED
// replays another seed.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';
import type { DiceSource } from '../core/dice/source.ts';
import { InputError } from '../core/errors.ts';
import { getSystem } from '../rules/index.ts';
import { displayNames } from './names.ts';
import { runToEnd } from './run.ts';
import { scenarioDice } from './scenario-dice.ts';
import type { GameEvent, GameSystem } from './types.ts';

// biome-ignore lint/suspicious/noExplicitAny: the fuzzers drive every system through the generic contract
export type AnySystem = GameSystem<any, any, any>;

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** fast-check options for a fuzzer whose default count is `runs`. */
export function fuzzParams(runs: number): { numRuns: number; seed: number } {
  const env = Number(process.env.FRAY_FUZZ_RUNS);
  return { numRuns: Number.isInteger(env) && env > 0 ? env : runs, seed: Number(process.env.FRAY_FUZZ_SEED ?? 20261130) };
}

/** Every example scenario (not the lab's experiment files): path relative to the repo, raw value. */
export const exampleScenarios: { file: string; raw: Json }[] = ['tft', 'adnd'].flatMap((dir) =>
  readdirSync(new URL(`../../examples/${dir}/`, import.meta.url))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const file = `examples/${dir}/${f}`;
      return { file, raw: parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as Json };
    }),
);

export type Path = (string | number)[];

/** Every path to a value inside `v` (object keys and array indexes), the root included. */
export function paths(v: Json, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(v)) for (const [i, x] of v.entries()) out.push(...paths(x, [...at, i]));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

/** The value at `path` inside `v`, or undefined. */
export function get(v: Json, path: Path): Json | undefined {
  let node: Json | undefined = v;
  for (const k of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, Json>)[k];
  }
  return node;
}

/** One structural change: what to do at which path (an index into paths(v), taken modulo). */
export type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'set'; at: number; value: Json }
  | { op: 'copy'; at: number; from: number }
  | { op: 'duplicate'; at: number }
  | { op: 'add'; at: number; key: string; value: Json }
  // A plausible change: a number moved by `by`, a text replaced by another text of the value.
  | { op: 'nudge'; at: number; by: number; pick: number }
  // A key and value that an object at the same place has in another example of the system
  // (an option, a talent, a weapon of another fight...).
  | { op: 'graft'; at: number; pick: number };

/** Where a value sits, indexes left out: figures[3].weapons[0] -> "figures.weapons". */
const shapeOf = (p: Path) => p.filter((k) => typeof k === 'string').join('.');

/** Of every example, each object's key/value pairs, by the object's shape (for graft). */
const grafts = new Map<string, [string, Json][]>();

for (const { raw } of exampleScenarios) {
  for (const p of paths(raw)) {
    const node = get(raw, p);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const pool = grafts.get(shapeOf(p)) ?? [];
    pool.push(...Object.entries(node));
    grafts.set(shapeOf(p), pool);
  }
}

function leaves(v: Json): Json[] {
  return paths(v)
    .map((p) => get(v, p))
    .filter((x): x is Json => x !== undefined && (x === null || typeof x !== 'object'));
}

/** `v` with `m` applied (a copy; `v` is left alone). */
export function applyMutation(v: Json, m: Mutation): Json {
  const all = paths(v);
  const path = all[m.at % all.length];
  const value = m.op === 'set' || m.op === 'add' ? m.value : m.op === 'copy' ? (get(v, all[m.from % all.length]) ?? null) : null;
  if (path.length === 0) return m.op === 'drop' ? null : m.op === 'add' || m.op === 'duplicate' ? v : structuredClone(value);
  const copy = structuredClone(v);
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (m.op === 'drop') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (m.op === 'duplicate') {
    // An array element twice (a figure with the same id, a weapon listed again); a key elsewhere is left.
    if (Array.isArray(parent)) parent.splice(last as number, 0, structuredClone(parent[last as number]));
  } else if (m.op === 'add') {
    const node = get(copy, path);
    if (Array.isArray(node)) node.push(structuredClone(m.value));
    // As JSON.parse and YAML make it: an own field, even one named __proto__.
    else if (node !== null && typeof node === 'object') Object.defineProperty(node, m.key, { value: structuredClone(m.value), enumerable: true, writable: true, configurable: true });
  } else if (m.op === 'nudge') {
    const old = parent[last];
    if (typeof old === 'number') parent[last] = old + m.by;
    else if (typeof old === 'string') {
      const texts = leaves(v).filter((x): x is string => typeof x === 'string');
      parent[last] = texts[m.pick % texts.length];
    }
  } else if (m.op === 'graft') {
    const node = get(copy, path);
    const pool = grafts.get(shapeOf(path));
    if (pool && node !== null && typeof node === 'object' && !Array.isArray(node)) {
      const [k, x] = pool[m.pick % pool.length];
      node[k] = structuredClone(x);
    }
  } else parent[last] = structuredClone(value);
  return copy;
}

/** Hostile numbers: negative, zero, fractional, huge, beyond exact integers, NaN and infinities. */
export const badNumbers: number[] = [-1, 0, 0.5, 1.5, -0.25, 7, 99, 1e6, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

/** Hostile texts: empty, blank, long, unicode, control characters, names of Object.prototype. */
export const badTexts: string[] = ['', ' ', 'x'.repeat(5000), '🐉ドラゴン', 'e\u0301', '\u0000\n\t', '__proto__', 'constructor', 'toString', 'no-such-thing', '3d6', '18/00', '-', '1e999'];

/**
 * Dice texts at the edges: huge constants, negative dice, a flat or one-value range, many totals,
 * damage too large to enumerate exactly (setup refuses it: the AI and explain weigh it).
 */
export const badDice: string[] = ['2d4+1000000000', '1d6-1000000000', '-1d6', '0-0', '1-5000', '20d20', '1d1', '0', '2d', 'd%', '1d6+1d6-2d6', '100d1000', '1000d6'];

/** Any hostile value: one of the above, a wrong-typed value, or any JSON; `ids` are texts of the input (a figure's id...). */
export function badValue(ids: readonly string[] = []): fc.Arbitrary<Json> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<Json>(...badNumbers) },
    { weight: 3, arbitrary: fc.constantFrom<Json>(...badTexts, ...ids) },
    { weight: 1, arbitrary: fc.constantFrom<Json>(...badDice) },
    { weight: 2, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [-1, -1], [999, 999], [0.5, 1], { q: 1, r: 1 }, [1, 2, 3]) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  );
}

/** One mutation of a value with `size` paths (indexes taken modulo that). */
export function mutation(ids: readonly string[] = []): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), at }) },
    { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), at, value: badValue(ids) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('copy' as const), at, from: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicate' as const), at }) },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('nudge' as const), at, by: fc.constantFrom(-100, -10, -3, -1, 1, 2, 5, 20, 1000), pick: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('graft' as const), at, pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('add' as const), at, key: fc.constantFrom('bogus', 'id', 'at', 'hp', 'st', 'weapons', 'options', '__proto__'), value: badValue(ids) }) },
  );
}

/** The texts inside `v` that look like ids (for values that name another figure). */
export function idsIn(v: Json): string[] {
  const figs = (v as { figures?: { id?: unknown }[] } | null)?.figures;
  return Array.isArray(figs) ? figs.map((f) => f?.id).filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Null when `e` is a clean refusal: an InputError whose every issue has a field path and a
 * reason (the CLI and the server put each on one line and shorten it). Otherwise why not, in words.
 */
export function refusalProblem(e: unknown): string | null {
  if (!(e instanceof InputError)) return `not an InputError: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`;
  if (e.issues.length === 0) return 'an InputError without issues';
  for (const i of e.issues) {
    if (typeof i.path !== 'string' || i.path === '') return `an issue without a field: ${JSON.stringify(i)}`;
    if (typeof i.message !== 'string' || i.message.trim() === '') return `an issue without a reason: ${JSON.stringify(i)}`;
  }
  return null;
}

const STATES = ['healthy', 'reeling', 'unconscious', 'dying', 'dead'];
/** A text that writes a value the code failed to compute. */
const BROKEN = /\bundefined\b|\bNaN\b|\[object Object\]/;

/** Null when `raw` is refused cleanly (InputError naming the field) or plays to its end soundly; otherwise what went wrong. */
export function setupAndPlay(raw: Json, seed: number): string | null {
  let state: unknown;
  let system: AnySystem;
  try {
    system = getSystem((raw as { system?: unknown } | null)?.system);
    state = system.setup(structuredClone(raw));
  } catch (e) {
    return refusalProblem(e);
  }
  return playOn(system, state, diceOf(raw, seed), []);
}

/** The dice of a fight: the scenario's own `dice:` first (scripted examples need them), then seeded faces. */
export const diceOf = (raw: Json, seed: number): DiceSource => scenarioDice(raw as Record<string, unknown>, seed);

/** The state of `raw` after up to `n` steps of the script or the AI with seeded dice, and those dice. */
export function playSteps(system: AnySystem, raw: Json, n: number, seed: number): { state: unknown; dice: DiceSource } {
  const state = system.setup(structuredClone(raw));
  const dice = diceOf(raw, seed);
  for (let i = 0; i < n && system.pending(state) !== null; i++) system.apply(state, system.decide(state), dice, null);
  return { state, dice };
}

/** Every command explain offers now (each figure's options), and the one decide would send. */
export function offeredCommands(system: AnySystem, state: unknown): Json[] {
  const out: Json[] = [];
  if (system.pending(state) !== null) out.push(structuredClone(system.decide(state)) as Json);
  const report = system.explain(state);
  // The GM's end of the fight (GameSystem.gmCommands) is in no explain either: a win for the
  // first figure's side, and no winner.
  if (system.gmCommands?.includes('end')) {
    out.push({ type: 'end', winner: report.figures[0]?.side ?? 'nobody', reason: 'fuzz' }, { type: 'end', winner: null, reason: 'fuzz' });
  }
  for (const f of report.figures) {
    for (const o of f.options) {
      const c = (o as { command?: unknown } | null)?.command;
      if (c !== undefined) out.push(structuredClone(c) as Json);
    }
    // The GM's adjustments (GameSystem.gmCommands) are in no explain: one of each kind per figure
    // (fatigue is TFT's; AD&D must refuse the field).
    if (system.gmCommands?.includes('adjust')) {
      out.push({ type: 'adjust', figure: f.id, damage: '2d', reason: 'fuzz' }, { type: 'adjust', figure: f.id, heal: 3, reason: 'fuzz' }, { type: 'adjust', figure: f.id, fatigue: 2, reason: 'fuzz' });
    }
    // Its taking the figure out of the fight (leave), likewise in no explain.
    if (system.gmCommands?.includes('leave')) out.push({ type: 'leave', figure: f.id, reason: 'fuzz' });
  }
  return out;
}

/**
 * Null when `command` sent to `state` is refused cleanly (an InputError naming the field, and
 * the state exactly as it was) or applied, after which the fight plays to its end soundly
 * (summary, explain, describe); otherwise what went wrong. Changes `state`.
 */
export function sendCommand(system: AnySystem, state: unknown, command: unknown, dice: DiceSource): string | null {
  const before = JSON.stringify(state);
  const events: GameEvent[] = [];
  try {
    system.apply(state, system.parseCommand(command), dice, (e) => events.push(e));
  } catch (e) {
    const p = refusalProblem(e);
    if (p !== null) return `apply: ${p}`;
    return JSON.stringify(state) === before ? null : `the state changed although the command was refused (${(e as Error).message.slice(0, 200)})`;
  }
  return playOn(system, state, dice, events);
}

/** Plays `state` on to its end (at most `maxSteps`), checking summary, explain and the narration of `events` and the new ones. */
function playOn(system: AnySystem, state: unknown, dice: DiceSource, events: GameEvent[], maxSteps = 2000): string | null {
  let step = 'runToEnd';
  try {
    runToEnd(system, state, dice, (e) => events.push(e), { maxSteps });
    step = 'summary';
    const summary = system.summary(state);
    for (const f of summary.figures) if (!STATES.includes(f.state)) return `summary: figure ${f.id} in state ${f.state}`;
    const names = displayNames(summary.figures);
    step = 'explain';
    JSON.stringify(system.explain(state, names));
    step = 'describe';
    for (const e of events) {
      const line = system.describe(e, names);
      if (typeof line !== 'string') return `describe(${e.type}) gave ${typeof line}`;
      if (BROKEN.test(line) && ![...names.values()].some((n) => BROKEN.test(n))) return `describe(${e.type}) wrote ${JSON.stringify(line.slice(0, 200))}`;
    }
  } catch (e) {
    // A face of the scenario's `dice:` that the die rolled cannot show: bad input naming its
    // place in the list (scenarioDice), as `fray run` reports it; thrown mid-step, so the state
    // is not asked anything more.
    if (step === 'runToEnd' && e instanceof InputError && e.issues.every((i) => /^dice\[\d+\]$/.test(i.path))) return null;
    // A scenario's script may hold a command that is not legal when its turn comes: a refusal of
    // the input, as `fray run` reports it. A command of the AI's must always be legal.
    if (step === 'runToEnd' && e instanceof InputError && system.scripted?.(state)) return refusalProblem(e);
    return `${step} threw ${e instanceof Error ? (e.stack ?? e.message).split('\n').slice(0, 5).join(' | ') : String(e)}`;
  }
  return null;
}
