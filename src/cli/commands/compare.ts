// `fray compare <scenario | experiment> --variant NAME:KEY=VALUE,... [--vary PATH=A..B] [--metric M]`:
// the same fights under several variants (common random numbers), their differences with 95%
// intervals, and sweeps over a parameter (issue 8 part 3). An experiment file (YAML with
// `variants:`, see src/lab/experiment.ts and docs/LAB.md) gives all of it in one place.
import { dirname, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { type Experiment, type GridPoint, type GridResult, parseExperiment, runGrid } from '../../lab/experiment.ts';
import { categoryChart, gridCsv, gridTable, htmlPage, label, notRun, pointLabel, renderSvg, sweepChart } from '../../lab/report.ts';
import type { Interval } from '../../lab/stats.ts';
import { isRateMetric, metricLabel } from '../../lab/summary.ts';
import { count, estimate, table } from '../../lab/text.ts';
import { type Variant, checkVariantNames, parseVariant, parseVary } from '../../lab/variants.ts';
import { parseSeed } from '../dice-options.ts';
import { namedByFlags } from '../errors.ts';
import type { CliContext } from '../io.ts';
import { readScenarioFile } from '../scenario-loader.ts';
import { checkOutputPath, writeOutput } from '../output.ts';
import { type ArenaCliOpts, checkOutputs, commandLine, parseFights, parseWorkers, progressBar, runAndReport } from './sim.ts';

interface CompareOpts extends ArenaCliOpts {
  csv?: string;
  variant?: string[];
  vary?: string[];
  metric?: string;
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** The variant of a --vary without --variant: the scenario as written. */
const AS_WRITTEN = 'base';

/**
 * The grid as a text table: one row per point, one column per variant (metric and difference).
 * `title` is the metric in words (the experiment's metricTitle, else metricLabel), said before its name.
 */
export function formatGrid(g: GridResult, title = g.metric): string {
  const isRate = isRateMetric(g.metric);
  const f = (x: number) => estimate(x, isRate);
  /** An estimate and its interval as it is (a Wilson interval is not symmetric); n/a when undefined (one fight). */
  const ci = (i: Interval) => (Number.isFinite(i.est) ? `${f(i.est)} ${Number.isFinite(i.lo) && Number.isFinite(i.hi) ? `[${f(i.lo)}, ${f(i.hi)}]` : '[n/a]'}` : 'n/a');
  const keys = new Map<string, unknown[]>();
  for (const p of g.points) keys.set(JSON.stringify(p.at), p.at);
  const head = [...g.vary.map((a) => a.title), ...g.variants.flatMap((v, i) => (i === 0 ? [v] : [v, `${v} - ${g.variants[0]}`]))];
  const rows = [...keys.values()].map((at) => {
    const k = JSON.stringify(at);
    const cells: string[] = at.map(label);
    g.variants.forEach((v, i) => {
      const p = g.points.find((x) => x.variant === v && JSON.stringify(x.at) === k);
      cells.push(p?.metric ? ci(p.metric) : 'not run');
      if (i > 0) cells.push(p?.diff ? (Number.isFinite(p.diff.est) ? `${p.diff.est >= 0 ? '+' : ''}${ci(p.diff)}` : 'n/a') : '');
    });
    return cells;
  });
  const errors = notRun(g);
  const moves = startText(g);
  return [
    `${g.name}: ${title === g.metric ? g.metric : `${title} (${g.metric})`}, ${count(g.fights, 'fight')} per point and variant (seed ${g.seed}; [95% interval]${isRate ? ', Wilson' : ''}; differences are paired on the same dice)`,
    table(head, rows),
    ...(errors.length ? ['', 'Not run where the variant is invalid:', ...errors.map((e) => `  ${e}`)] : []),
    ...(moves ? ['', moves] : []),
  ].join('\n');
}

/** startChanges under its heading (the text report and the page); '' for a grid without AD&D facts. */
function startText(g: GridResult): string {
  const moves = startChanges(g);
  const before = crossed(g) ? 'the point named after it' : 'the one before';
  return moves.length ? [`At the start (AD&D: to-hit per hand R-A4, R-A11; critical hits R-A10), and what each point changed from ${before}:`, ...moves].join('\n') : '';
}

/** Two parameters that both vary: a point's start is compared with a named one (the row above may differ in both values). */
const crossed = (g: GridResult) => g.vary.length > 1 && g.vary.every((a) => a.values.length > 1);

/**
 * AD&D grids: each variant's figures' numbers at the first point, then per later point what
 * moved (GridPoint facts): a point that moved only a threshold's half (dexterity 13 after 12 at
 * level 4) says so, and its same results are explained. A change alike in every variant is said once.
 */
export function startChanges(g: GridResult): string[] {
  const ran = g.points.filter((p) => p.facts);
  if (ran.length === 0) return [];
  const where = (at: unknown[]) => pointLabel(g, at);
  const out: string[] = [];
  const first = new Map<string, string>();
  const changes = new Map<string, Map<string, string[]>>(); // [point, compared with] -> change text -> variants
  for (const v of g.variants) {
    const mine = ran.filter((p) => p.variant === v);
    mine.forEach((p, k) => {
      const facts = p.facts as Record<string, string[]>;
      if (k === 0) {
        first.set(v, Object.entries(facts).map(([who, f]) => `${who}: ${f.join('; ')}`).join('; '));
        return;
      }
      const prev = previousPoint(mine, k);
      const before = mine[prev].facts as Record<string, string[]>;
      const moved: string[] = [];
      // Whether only thresholds moved, on the same faces (R-A10: d20 <= 8 at 8 and at 8.5): the same dice play out alike.
      let sameDice = true;
      const faces = (xs: string[]) => xs.map((x) => x.replace(/ \(threshold [^)]*\)$/, '')).join('; ');
      for (const [who, f] of Object.entries(facts)) {
        const b = before[who] ?? [];
        const gone = b.filter((x) => !f.includes(x));
        const come = f.filter((x) => !b.includes(x));
        if (gone.length || come.length) moved.push(`${who}: ${gone.join('; ') || 'nothing'} -> ${come.join('; ') || 'nothing'}`);
        if (faces(gone) !== faces(come)) sameDice = false;
      }
      const text = moved.length ? `${moved.join('; ')}${sameDice ? ' (the same faces confirm: the same fights)' : ''}` : 'nothing at the start';
      const at = JSON.stringify([where(p.at), crossed(g) ? `after ${afterLabel(g, p.at, mine[prev].at)}` : '']);
      if (!changes.has(at)) changes.set(at, new Map());
      const byText = changes.get(at) as Map<string, string[]>;
      byText.set(text, [...(byText.get(text) ?? []), v]);
    });
  }
  for (const [v, text] of first) out.push(`  ${g.vary.length ? `${where(ran.find((p) => p.variant === v)?.at ?? [])}, ` : ''}${v}: ${text}`);
  for (const [key, byText] of changes) {
    const [at, after] = JSON.parse(key) as [string, string];
    for (const [text, vs] of byText) {
      const notes = [after, g.variants.length > 1 ? (vs.length === g.variants.length ? 'every variant' : vs.join(', ')) : ''].filter(Boolean);
      out.push(`  ${at}${notes.length ? ` (${notes.join('; ')})` : ''}: ${text}`);
    }
  }
  return out;
}

const differing = (a: readonly unknown[], b: readonly unknown[]) => a.flatMap((x, i) => (JSON.stringify(x) === JSON.stringify(b[i]) ? [] : [i]));

/**
 * The point a point's start is compared with: the latest earlier one that differs in one varied
 * value (dexterity 14 at level 3 after dexterity 12 at level 3, not after the row above it,
 * dexterity 12 at level 5), else the one before.
 */
function previousPoint(points: readonly GridPoint[], k: number): number {
  for (let j = k - 1; j >= 0; j--) if (differing(points[j].at, points[k].at).length === 1) return j;
  return k - 1;
}

/** The point compared with, by the value that differs (`dexterity 12`), or in full. */
function afterLabel(g: GridResult, at: readonly unknown[], before: readonly unknown[]): string {
  const d = differing(before, at);
  return d.length === 1 ? `${g.vary[d[0]]?.title ?? ''} ${label(before[d[0]])}`.trim() : pointLabel(g, before);
}

/**
 * The grid's chart: lines against the first varied parameter when its values are numbers, else
 * bars per variant (no varied parameter) or per value and variant. InputError when no point
 * has a measured value to draw.
 */
export async function gridCharts(g: GridResult, yTitle = g.metric): Promise<string[]> {
  const percent = isRateMetric(g.metric);
  const measured = g.points.filter((p) => p.metric && Number.isFinite(p.metric.est));
  if (measured.length === 0) throw new InputError([{ path: '--svg', message: 'nothing to chart: no point of the grid has a measured value' }], 'option');
  const band = (m: Interval) => ({ est: m.est, lo: Number.isFinite(m.lo) ? m.lo : m.est, hi: Number.isFinite(m.hi) ? m.hi : m.est });
  const facet = (p: { at: unknown[] }) => (g.vary[1] ? label(p.at[1]) : undefined);
  // The experiment's variants in order (fixed colours), and what was run, so the chart alone can be reproduced.
  const common = { title: g.name, yTitle, facetTitle: g.vary[1]?.title, percent, variants: g.variants, subtitle: `${count(g.fights, 'fight')} per point and variant, seed ${g.seed}` };
  if (g.vary.length > 0 && g.vary[0].values.every((v) => typeof v === 'number')) {
    const pts = measured.map((p) => ({ variant: p.variant, x: p.at[0] as number, facet: facet(p), ...band(p.metric as Interval) }));
    return [await renderSvg(sweepChart(pts, { ...common, xTitle: g.vary[0].title }))];
  }
  const pts = measured.map((p) => ({ variant: p.variant, x: g.vary.length ? label(p.at[0]) : p.variant, facet: facet(p), ...band(p.metric as Interval) }));
  return [await renderSvg(categoryChart(pts, { ...common, xTitle: g.vary[0]?.title }))];
}

export function registerCompare(program: Command, ctx: CliContext): void {
  program
    .command('compare')
    .description('the same fights under several variants (common random numbers): differences with 95% intervals, sweeps over a parameter')
    .argument('<file>', 'a scenario (then --variant ...) or an experiment file (examples/lab/*.yaml)')
    .option('--variant <NAME:KEY=VALUE,...>', 'a variant (repeat); the first is the baseline (default: with --vary, the scenario as written, named base)', collect)
    .option('--vary <PATH=A..B>', 'sweep a parameter: PATH=A..B (whole numbers) or PATH=a,b,c; repeat for a second one (at most two)', collect)
    .option('--metric <m>', 'with --vary or an experiment file: win:SIDE, draw, turns, taken:ID, dealt:ID, dealt-per-turn:ID, state:ID=STATE, ended:SIDE=STATE (figures of a side ending so, per fight), uses:ID=TYPE (default: the experiment\'s metric, else win: of the first side)')
    .option('-n, --n <fights>', 'fights per variant and point (default: an experiment\'s fights; else 10000, or 2000 with --vary)')
    .option('--seed <seed>', 'seed for the fights\' dice: a whole number from 0 to 2^32 - 1, or text (default: the experiment\'s or scenario\'s seed, else 1)')
    .option('--workers <k>', 'threads, 1 to 64 (the result does not depend on it)', '1')
    .option('--events', 'count damage dealt and actions (needed for uses:, and dealt: in AD&D; experiment files have it on unless they say events: false)')
    .option('--json', 'print the result as one JSON object')
    .option('--report <file.html>', 'write a self-contained HTML report with charts')
    .option('--svg <file.svg>', 'write the chart alone')
    .option('--csv <file.csv>', 'with --vary or an experiment file: write the grid as CSV, a row per point and variant (the numbers of --json)')
    .option('--no-progress', 'no progress bar on stderr (shown only when stderr is a terminal)')
    .addHelpText(
      'after',
      `
Variants are NAME:KEY=VALUE,... (a bare KEY is an option: sweep=classic is options.sweep;
figures by id or index: figures.hero.dx=16; side.goblins.count=2 keeps two goblins).

Examples:
  fray compare examples/tft/duel.yaml --variant base: --variant classic:ruleset=classic -n 20000
  fray compare examples/tft/duel.yaml --variant std:thread=false --variant thread:thread=true \\
    --vary figures.cedric.st=12..18 --metric state:cedric=dead -n 2000 --svg thread.svg
  fray compare examples/tft/duel.yaml --vary figures.bjorn.dx=10..14
  fray compare examples/lab/sweep-variants.yaml -n 500 --report sweep.html`,
    )
    .action(async (file: string, opts: CompareOpts) => {
      const { io } = ctx;
      checkOutputs(opts);
      checkOutputPath(opts.csv, '--csv');
      // An empty one read as none: the default metric, silently (an experiment's `metric: ''` is refused).
      if (opts.metric?.trim() === '') throw new InputError([{ path: '--metric', message: 'is empty: give a metric such as win:SIDE or turns (fray compare --help lists them)' }], 'option');
      const workers = parseWorkers(opts.workers);
      const doc = readScenarioFile(io, file, 'experiment or scenario');
      let exp: Experiment;
      let raw: Record<string, unknown>;
      // What the page names as the scenario: its file, or the experiment's inline one.
      let scenarioName = file;
      if ('variants' in doc && !('figures' in doc)) {
        const parsed = parseExperiment(doc);
        exp = parsed.experiment;
        if (typeof parsed.scenario === 'string') {
          const path = resolve(dirname(file), parsed.scenario);
          raw = readScenarioFile(io, path, 'scenario', 'scenario');
          scenarioName = relative(process.cwd(), path) || path;
        } else {
          raw = parsed.scenario;
          scenarioName = `inline in ${file}`;
        }
        if (opts.n !== undefined) exp.fights = parseFights(opts.n, 1);
        if (opts.seed !== undefined) exp.seed = parseSeed(opts.seed, exp.seed);
        // The experiment's metricTitle names its own metric: another one is titled by its name.
        if (opts.metric && opts.metric !== exp.metric) {
          exp.metric = opts.metric;
          exp.metricTitle = undefined;
        }
        if (opts.events) exp.events = true;
        if (opts.variant?.length) exp.variants = opts.variant.map((v) => parseVariant(v));
        if (opts.vary?.length) exp.vary = opts.vary.map((v) => ({ ...parseVary(v), title: v.split('=')[0] }));
      } else {
        raw = doc;
        const variants: Variant[] = (opts.variant ?? []).map((v) => parseVariant(v));
        // A sweep of one scenario needs no variant: the scenario as written is the one column.
        if (variants.length === 0 && opts.vary?.length) variants.push({ name: AS_WRITTEN, settings: [] });
        if (variants.length === 0) throw new InputError([{ path: '--variant', message: 'give at least one --variant NAME:KEY=VALUE (the first is the baseline), or --vary PATH=A..B to sweep the scenario as written' }], 'option');
        checkVariantNames(variants, '--variant');
        if (!opts.vary?.length) {
          // Without a sweep every quantity is reported: a --metric would be silently ignored.
          if (opts.metric !== undefined) throw new InputError([{ path: '--metric', message: 'goes with --vary (or an experiment file); without them every quantity is reported' }], 'option');
          if (opts.csv !== undefined) throw new InputError([{ path: '--csv', message: 'goes with --vary (or an experiment file): it writes the grid; without them --json gives every quantity' }], 'option');
          await runAndReport(ctx, raw, variants, { ...opts, n: opts.n ?? '10000' }, ['fray', 'compare', file, ...(opts.variant ?? []).flatMap((v) => ['--variant', v])]);
          return;
        }
        exp = {
          name: `fray compare ${file}`,
          fights: parseFights(opts.n, 2000),
          seed: parseSeed(opts.seed, raw.seed),
          events: opts.events ?? false,
          metric: opts.metric,
          variants,
          vary: opts.vary.map((v) => ({ ...parseVary(v), title: v.split('=')[0] })),
        };
      }
      checkVariantNames(exp.variants, '--variant');
      if (exp.vary.length > 2) throw new InputError([{ path: '--vary', message: 'at most two parameters' }], 'option');
      const t0 = performance.now();
      // A metric typed as --metric is named so when it is not measured (an experiment's own is `metric`).
      const grid = await runGrid(raw, exp, { workers }, progressBar(io, opts.progress !== false)).catch((e: unknown) => {
        throw namedByFlags(e, opts.metric === undefined ? {} : { metric: '--metric' });
      });
      grid.seconds = (performance.now() - t0) / 1000;
      const title = exp.metricTitle ?? metricLabel(grid.metric, typeof raw.system === 'string' ? raw.system : undefined);
      const body = formatGrid(grid, title);
      if (opts.json) io.out(JSON.stringify(grid));
      else io.out(`${body}\n\n${count(new Set(grid.points.map((p) => JSON.stringify(p.at))).size, 'point')} x ${count(grid.variants.length, 'variant')} in ${grid.seconds.toFixed(1)} s`);
      const charts = opts.svg || opts.report ? await gridCharts(grid, title) : [];
      if (opts.svg && charts[0]) writeOutput(io, opts.svg, '--svg', charts[0]);
      if (opts.csv) writeOutput(io, opts.csv, '--csv', gridCsv(grid));
      if (opts.report) {
        const points = new Set(grid.points.map((p) => JSON.stringify(p.at))).size;
        const command = commandLine([
          'fray', 'compare', file,
          ...(opts.variant ?? []).flatMap((v) => ['--variant', v]),
          ...(opts.vary ?? []).flatMap((v) => ['--vary', v]),
          ...(opts.metric ? ['--metric', opts.metric] : []),
          '-n', grid.fights, '--seed', grid.seed,
          ...(opts.events ? ['--events'] : []),
        ]);
        const meta = `Scenario ${scenarioName}${typeof raw.name === 'string' ? ` (${raw.name})` : ''}; metric ${grid.metric}; ${count(grid.fights, 'fight')} per point and variant, seed ${grid.seed}; ${count(points, 'point')} x ${count(grid.variants.length, 'variant')}; Fray lab`;
        writeOutput(
          io,
          opts.report,
          '--report',
          htmlPage(grid.name, [{ title, note: exp.description, svgs: charts, html: gridTable(grid), text: startText(grid) || undefined }], meta, command),
        );
      }
    });
}
