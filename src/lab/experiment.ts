// Experiments (issue 8 part 3): the same fights under several variants (common random
// numbers), optionally swept over one or two parameters. The file format (YAML or JSON) is
// validated with zod; errors name the field.
//
//   name: Sweeping blows under three rules
//   scenario: ../tft/sweep-arena.yaml       # path relative to this file, or an inline scenario
//   fights: 4000
//   seed: 1
//   events: true                            # needed for dealt / dealt-per-turn / uses metrics
//   metric: dealt-per-turn:hero             # what the table and chart show
//   variants:
//     - { name: classic, set: { sweep: classic } }
//     - { name: new, set: { sweep: new } }
//   vary:                                    # at most two; the second makes chart facets
//     - { path: figures.hero.dx, from: 10, to: 18 }
//     - { path: side.goblins.count, values: [1, 2, 3, 4] }
import { z } from 'zod';
import { InputError, type Issue } from '../core/errors.ts';
import { clip, describeValue, quote, zodIssues } from '../core/issues.ts';
import { MAX_SEED } from '../core/rng.ts';
import { systems } from '../rules/index.ts';
import { type ArenaJob, prepareJob, USE_TYPES } from './arena.ts';
import { ArenaPool, type PoolOptions } from './pool.ts';
import type { Interval } from './stats.ts';
import { metricOf } from './summary.ts';
import {
  MAX_NAME_CHARS,
  MAX_PATH_CHARS,
  MAX_VALUES,
  type Setting,
  SettingPathError,
  type Variant,
  applySettings,
  checkVariantNames,
  settingKeyProblem,
  settingPath,
} from './variants.ts';

/** `set: { PATH: VALUE }`: each path well formed (settingKeyProblem); whether it names anything is known at the run. */
const settingsSchema = z.record(z.string(), z.unknown()).superRefine((set, ctx) => {
  for (const key of Object.keys(set)) {
    const problem = settingKeyProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  }
});

/** Text of 1 to `max` characters. */
const text = (max: number) => z.string().min(1).max(max);

/** One varied parameter: a path and its values, given as a list or as a range of whole numbers from..to. */
const axisSchema = z
  .strictObject({
    path: text(MAX_PATH_CHARS),
    title: text(MAX_NAME_CHARS).optional(),
    values: z.array(z.unknown()).min(1).max(MAX_VALUES).optional(),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
  })
  .superRefine((v, ctx) => {
    const problem = settingKeyProblem(v.path);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['path'] });
    const range = v.from !== undefined || v.to !== undefined;
    if (v.values !== undefined && range) ctx.addIssue({ code: 'custom', message: 'give values: [...] or from and to, not both', path: [] });
    else if (v.values === undefined && !range) ctx.addIssue({ code: 'custom', message: 'give values: [...] or from and to (whole numbers, at most 1000 steps)', path: [] });
    else if (v.values === undefined) {
      if (v.from === undefined) ctx.addIssue({ code: 'custom', message: `required with to: ${v.to} (the first value of the range)`, path: ['from'] });
      else if (v.to === undefined) ctx.addIssue({ code: 'custom', message: `required with from: ${v.from} (the last value of the range)`, path: ['to'] });
      else if (v.to < v.from) ctx.addIssue({ code: 'custom', message: `${v.to} is below from: ${v.from}; a range goes up`, path: ['to'] });
      else if (v.to - v.from > MAX_VALUES - 1) ctx.addIssue({ code: 'custom', message: `from ${v.from} to ${v.to} is ${(v.to - v.from).toLocaleString('en')} steps; at most ${MAX_VALUES - 1}`, path: ['to'] });
    }
  });

export const experimentSchema = z.strictObject({
  name: text(200),
  description: z.string().max(10_000).optional(),
  // Required (with the reason) by parseExperiment, which also asks an inline scenario for its `system`.
  scenario: z.union([text(4096), z.record(z.string(), z.unknown())]).optional(),
  fights: z.number().int().min(1).max(100_000_000).default(10_000),
  seed: z.union([z.number().int().min(0).max(MAX_SEED), text(200)]).default(1),
  events: z.boolean().default(true),
  metric: text(200).optional(),
  metricTitle: z.string().max(200).optional(),
  variants: z
    .array(z.strictObject({ name: text(MAX_NAME_CHARS), set: settingsSchema.default({}) }))
    .min(1),
  vary: z.array(axisSchema).max(2).default([]),
});

export type ExperimentFile = z.output<typeof experimentSchema>;

export interface Axis {
  path: string;
  title: string;
  values: unknown[];
}

export interface Experiment {
  name: string;
  description?: string;
  fights: number;
  seed: number | string;
  events: boolean;
  metric?: string;
  metricTitle?: string;
  variants: Variant[];
  vary: Axis[];
}

/** The issues of `scenario` the schema leaves to this file: missing, or inline without its `system`. */
function scenarioIssues(raw: unknown): Issue[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const sc = (raw as Record<string, unknown>).scenario;
  const known = Object.keys(systems).join(' or ');
  if (sc === undefined) return [{ path: 'scenario', message: `required: the scenario file (a path relative to this file) or an inline scenario (system: ${known}, figures: ...)` }];
  if (sc === null || typeof sc !== 'object' || Array.isArray(sc)) return [];
  const system = (sc as Record<string, unknown>).system;
  if (system === undefined) return [{ path: 'scenario.system', message: `required: an inline scenario names its game system (${known})` }];
  if (typeof system !== 'string' || !(system in systems)) return [{ path: 'scenario.system', message: `expected ${known}, got ${typeof system === 'string' ? quote(system) : describeValue(system)}` }];
  return [];
}

/**
 * YAML ends a name at a comma in a flow mapping: `{ name: Thread, dying left, set: {} }` is a
 * name and a key `dying left` with no value. Its unknown field says so.
 */
function commaHint(i: Issue, raw: unknown): Issue {
  const m = /^variants\[(\d+)\]\.(.+)$/.exec(i.path);
  if (!m || !i.message.startsWith('unknown field')) return i;
  const v = (raw as { variants?: Record<string, unknown>[] }).variants?.[Number(m[1])];
  if (!v || !(m[2] in v) || v[m[2]] !== null || typeof v.name !== 'string') return i;
  return { ...i, message: `${i.message}: a comma ends the name in { name: ..., ... }; quote the name ('${v.name}, ${m[2]}')` };
}

/** Validates an experiment file; InputError with one issue per bad field. */
export function parseExperiment(raw: unknown): { experiment: Experiment; scenario: string | Record<string, unknown> } {
  const r = experimentSchema.safeParse(raw);
  const issues = [...(r.success ? [] : zodIssues(r.error, raw)), ...scenarioIssues(raw)].map((i) => commaHint(i, raw));
  if (!r.success || issues.length > 0) {
    // A path or message quoting a long key or value: its start only.
    throw new InputError(
      issues.map((i) => ({ path: clip(i.path, 120), message: clip(i.message, 400) })),
      'experiment',
    );
  }
  const e = r.data;
  checkVariantNames(e.variants, 'variants', true);
  const variants = e.variants.map((v) => ({
    name: v.name,
    settings: Object.entries(v.set).map(([k, value]): Setting => ({ path: settingPath(k), value })),
  }));
  const vary = e.vary.map((v) => ({
    path: settingPath(v.path),
    title: v.title ?? v.path,
    values: v.values ?? Array.from({ length: (v.to as number) - (v.from as number) + 1 }, (_, k) => (v.from as number) + k),
  }));
  return {
    experiment: { name: e.name, description: e.description, fights: e.fights, seed: e.seed, events: e.events, metric: e.metric, metricTitle: e.metricTitle, variants, vary },
    scenario: e.scenario as string | Record<string, unknown>,
  };
}

export interface GridPoint {
  variant: string;
  /** The value of each varied parameter at this point. */
  at: unknown[];
  metric?: Interval;
  /** Paired difference from the first variant at the same point. */
  diff?: Interval;
  /** Why this point could not be run (the variant's scenario is invalid there). */
  error?: string;
  /** AD&D: each figure's to-hit, needs and critical confirmation at the start (arena.ts StartSheets facts). */
  facts?: Record<string, string[]>;
}

export interface GridResult {
  name: string;
  metric: string;
  fights: number;
  seed: number | string;
  vary: Axis[];
  variants: string[];
  points: GridPoint[];
  seconds?: number;
}

/**
 * InputError when the grid measured nothing for a variant (a variant invalid at some points
 * only is fine: it is reported there): with every reason, once each.
 */
function checkSomethingRan(points: readonly GridPoint[], e: Experiment): void {
  const never = e.variants.filter((v) => !points.some((p) => p.variant === v.name && p.metric));
  if (never.length === 0) return;
  const reasons = (name: string) => [...new Set(points.filter((p) => p.variant === name && p.error).map((p) => p.error as string))].slice(0, 4);
  const where = e.vary.length ? 'invalid at every point of the grid' : 'invalid';
  const all = never.length === e.variants.length;
  // The same reasons for every variant are not the variants' doing (the scenario, or a varied value): said once.
  const first = reasons(never[0].name);
  const issues =
    all && never.length > 1 && never.every((v) => reasons(v.name).join('\n') === first.join('\n'))
      ? first.map((why) => ({ path: 'every variant', message: `${where}: ${why}` }))
      : never.flatMap((v) => reasons(v.name).map((why) => ({ path: `variant '${v.name}'`, message: `${where}: ${why}` })));
  throw new InputError(issues, all ? `experiment (${e.vary.length ? 'no point of the grid ran' : 'nothing ran'})` : 'experiment');
}

/**
 * Why a metric is not measured, with the known ones; with events on, a uses: metric is told the
 * actions counted (USE_TYPES), not told to turn on the events it already has.
 */
function notMeasured(metric: string, keys: readonly string[], events: boolean): string {
  const known = `known: ${keys.filter((x) => !/^(state|ended|uses):/.test(x)).slice(0, 12).join(', ')}, ..., state:ID=STATE, ended:SIDE=STATE${events ? ', uses:ID=TYPE' : ''}`;
  const why = events ? `uses:ID=TYPE counts the actions ${USE_TYPES.join(', ')}` : "dealt and uses need the events counted: 'events: true' in the experiment, or --events";
  return `${quote(metric)} is not measured here (${known}; ${why})`;
}

function combos(axes: readonly Axis[]): unknown[][] {
  let out: unknown[][] = [[]];
  for (const a of axes) out = out.flatMap((c) => a.values.map((v) => [...c, v]));
  return out;
}

/**
 * Runs every point of the grid: at each point all variants play the same fights (common
 * random numbers). A variant whose scenario is invalid at a point (e.g. Multiple Swing below
 * its DX prerequisite) is reported there with the reason and left out of that point's run.
 */
export async function runGrid(
  raw: Record<string, unknown>,
  e: Experiment,
  pool: PoolOptions,
  onPoint?: (done: number, total: number) => void,
): Promise<GridResult> {
  const points: GridPoint[] = [];
  const cs = combos(e.vary);
  let metric = e.metric;
  let k = 0;
  // One pool for the whole grid: its threads load the engine once, not once per point.
  const arena = new ArenaPool(pool.workers);
  try {
    for (const at of cs) {
      const axisSettings: Setting[] = e.vary.map((a, i) => ({ path: a.path, value: at[i] }));
      const ok: { name: string; raw: Record<string, unknown> }[] = [];
      for (const v of e.variants) {
        try {
          const sc = applySettings(raw, [...v.settings, ...axisSettings]);
          // Validate here so a bad variant is reported at its point, not as a failed run.
          prepareJob({ variants: [{ name: v.name, raw: sc }], seed: e.seed, fights: 1, events: false });
          ok.push({ name: v.name, raw: sc });
        } catch (err) {
          // A path that names nothing is wrong at every point: an error of that setting.
          if (err instanceof SettingPathError) {
            const axis = e.vary.findIndex((a) => a.path === err.issues[0]?.path);
            const where = axis >= 0 ? `vary ${quote(e.vary[axis].title)}` : `variant ${quote(v.name)}`;
            throw new InputError(err.issues.map((i) => ({ path: `${where}: ${i.path}`, message: `${i.message}; the path names nothing in the scenario` })), 'experiment');
          }
          if (!(err instanceof InputError)) throw err;
          points.push({ variant: v.name, at, error: err.issues.map((i) => `${i.path}: ${i.message}`).join('; ') });
        }
      }
      if (ok.length > 0) {
        const job: ArenaJob = { variants: ok, seed: e.seed, fights: e.fights, events: e.events };
        const r = await arena.run(job);
        if (!metric) metric = `win:${r.variants[0].sides[0]}`;
        r.variants.forEach((v, i) => {
          const m = metricOf(r, i, metric as string);
          if (!m) throw new InputError([{ path: 'metric', message: notMeasured(metric as string, v.sums.keys, e.events) }], 'experiment');
          const point: GridPoint = { variant: v.name, at, metric: m, ...(v.start ? { facts: v.start.facts } : {}) };
          if (v.diff && ok[0].name === e.variants[0].name) {
            const kd = v.diff.keys.indexOf(metric as string);
            if (kd >= 0) {
              const d = v.diff;
              const mean = d.sum[kd] / d.n;
              const varr = d.n > 1 ? Math.max(0, (d.sumSq[kd] - (d.sum[kd] * d.sum[kd]) / d.n) / (d.n - 1)) : Number.NaN;
              const half = 1.959963984540054 * Math.sqrt(varr / d.n);
              point.diff = { est: mean, lo: mean - half, hi: mean + half };
            }
          }
          points.push(point);
        });
      }
      onPoint?.(++k, cs.length);
    }
  } finally {
    await arena.close();
  }
  checkSomethingRan(points, e);
  return { name: e.name, metric: metric ?? 'win', fights: e.fights, seed: e.seed, vary: e.vary, variants: e.variants.map((v) => v.name), points };
}
