// `fray compare <scenario | experiment> --variant NAME:KEY=VALUE,... [--vary PATH=A..B] [--metric M]`:
// the same fights under several variants (common random numbers), their differences with 95%
// intervals, and sweeps over a parameter (issue 8 part 3). An experiment file (YAML with
// `variants:`, see src/lab/experiment.ts and docs/LAB.md) gives all of it in one place.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { type Experiment, type GridResult, parseExperiment, runGrid } from '../../lab/experiment.ts';
import { htmlPage, renderSvg, sweepChart } from '../../lab/report.ts';
import { fmtNum, table } from '../../lab/text.ts';
import { type Variant, parseVariant, parseVary } from '../../lab/variants.ts';
import { parseSeed } from '../dice-options.ts';
import type { CliContext } from '../io.ts';
import { parseScenarioText } from '../scenario-loader.ts';
import { type ArenaCliOpts, positiveInt, progressBar, runAndReport } from './sim.ts';

interface CompareOpts extends ArenaCliOpts {
  variant?: string[];
  vary?: string[];
  metric?: string;
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

function label(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The grid as a text table: one row per point, one column per variant (metric and difference). */
export function formatGrid(g: GridResult): string {
  const isRate = g.metric.startsWith('win:') || g.metric.startsWith('state:') || g.metric === 'draw';
  const f = (x: number) => (isRate ? `${(x * 100).toFixed(1)}%` : fmtNum(Math.round(x * 1000) / 1000));
  const keys = new Map<string, unknown[]>();
  for (const p of g.points) keys.set(JSON.stringify(p.at), p.at);
  const head = [...g.vary.map((a) => a.title), ...g.variants.flatMap((v, i) => (i === 0 ? [v] : [v, `${v} - ${g.variants[0]}`]))];
  const rows = [...keys.values()].map((at) => {
    const k = JSON.stringify(at);
    const cells: string[] = at.map(label);
    g.variants.forEach((v, i) => {
      const p = g.points.find((x) => x.variant === v && JSON.stringify(x.at) === k);
      const m = p?.metric ? `${f(p.metric.est)} ±${f((p.metric.hi - p.metric.lo) / 2)}` : 'invalid';
      cells.push(m);
      if (i > 0) cells.push(p?.diff ? `${p.diff.est >= 0 ? '+' : ''}${f(p.diff.est)} [${f(p.diff.lo)}, ${f(p.diff.hi)}]` : '');
    });
    return cells;
  });
  const errors = [...new Set(g.points.filter((p) => p.error).map((p) => `${p.variant}: ${p.error}`))];
  return [
    `${g.name}: ${g.metric}, ${g.fights.toLocaleString('en')} fights per point and variant (seed ${g.seed}; ± is the 95% half-width; differences are paired on the same dice)`,
    table(head, rows),
    ...(errors.length ? ['', 'Not run where the variant is invalid:', ...errors.slice(0, 8).map((e) => `  ${e}`)] : []),
  ].join('\n');
}

export async function gridCharts(g: GridResult, yTitle = g.metric): Promise<string[]> {
  if (g.vary.length === 0) return [];
  const isRate = g.metric.startsWith('win:') || g.metric.startsWith('state:');
  const pts = g.points
    .filter((p) => p.metric && typeof p.at[0] === 'number')
    .map((p) => ({ variant: p.variant, x: p.at[0] as number, facet: g.vary[1] ? label(p.at[1]) : undefined, est: p.metric?.est ?? 0, lo: p.metric?.lo ?? 0, hi: p.metric?.hi ?? 0 }));
  if (pts.length === 0) return [];
  return [await renderSvg(sweepChart(pts, { title: g.name, xTitle: g.vary[0].title, yTitle, facetTitle: g.vary[1]?.title, percent: isRate }))];
}

export function registerCompare(program: Command, ctx: CliContext): void {
  program
    .command('compare')
    .description('the same fights under several variants (common random numbers): differences with 95% intervals, sweeps over a parameter')
    .argument('<file>', 'a scenario (then --variant ...) or an experiment file (examples/lab/*.yaml)')
    .option('--variant <NAME:KEY=VALUE,...>', 'a variant (repeat); the first is the baseline', collect)
    .option('--vary <PATH=A..B>', 'sweep a parameter (repeat for a second one)', collect)
    .option('--metric <m>', 'with --vary: win:SIDE, turns, taken:ID, dealt:ID, dealt-per-turn:ID, state:ID=STATE, uses:ID=TYPE')
    .option('-n, --n <fights>', 'fights per variant (and per point)')
    .option('--seed <s>', 'seed')
    .option('--workers <k>', 'worker threads (the result does not depend on it)', '1')
    .option('--events', 'count damage dealt and actions (always on for experiment files unless they say events: false)')
    .option('--json', 'print the result as one JSON object')
    .option('--report <file.html>', 'write a self-contained HTML report with charts')
    .option('--svg <file.svg>', 'write the chart alone')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (file: string, opts: CompareOpts) => {
      const { io } = ctx;
      let text: string;
      try {
        text = io.readFile(file);
      } catch (e) {
        throw new InputError([{ path: file, message: `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }], 'compare');
      }
      const doc = parseScenarioText(text, file);
      let exp: Experiment;
      let raw: Record<string, unknown>;
      if ('variants' in doc && !('figures' in doc)) {
        const parsed = parseExperiment(doc);
        exp = parsed.experiment;
        if (typeof parsed.scenario === 'string') {
          const path = resolve(dirname(file), parsed.scenario);
          let sc: string;
          try {
            sc = io.readFile(path);
          } catch (e) {
            throw new InputError([{ path: 'scenario', message: `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }], 'experiment');
          }
          raw = parseScenarioText(sc, path);
        } else raw = parsed.scenario;
        if (opts.n !== undefined) exp.fights = positiveInt(opts.n, '-n', 1);
        if (opts.seed !== undefined) exp.seed = parseSeed(opts.seed, exp.seed);
        if (opts.metric) exp.metric = opts.metric;
        if (opts.events) exp.events = true;
        if (opts.variant?.length) exp.variants = opts.variant.map((v) => parseVariant(v));
        if (opts.vary?.length) exp.vary = opts.vary.map((v) => ({ ...parseVary(v), title: v.split('=')[0] }));
      } else {
        raw = doc;
        const variants: Variant[] = (opts.variant ?? []).map((v) => parseVariant(v));
        if (variants.length === 0) throw new InputError([{ path: '--variant', message: 'give at least one --variant NAME:KEY=VALUE (the first is the baseline)' }], 'option');
        if (!opts.vary?.length) {
          await runAndReport(ctx, raw, variants, { ...opts, n: opts.n ?? '10000' }, `fray compare ${file}`);
          return;
        }
        exp = {
          name: `fray compare ${file}`,
          fights: positiveInt(opts.n, '-n', 2000),
          seed: parseSeed(opts.seed, raw.seed),
          events: opts.events ?? false,
          metric: opts.metric,
          variants,
          vary: opts.vary.map((v) => ({ ...parseVary(v), title: v.split('=')[0] })),
        };
      }
      if (exp.vary.length > 2) throw new InputError([{ path: '--vary', message: 'at most two parameters' }], 'option');
      const workers = positiveInt(opts.workers, '--workers', 1, 256);
      const t0 = performance.now();
      const grid = await runGrid(raw, exp, { workers }, progressBar(io, opts.progress !== false));
      grid.seconds = (performance.now() - t0) / 1000;
      const body = formatGrid(grid);
      if (opts.json) io.out(JSON.stringify(grid));
      else io.out(`${body}\n\n${grid.points.length} points in ${grid.seconds.toFixed(1)} s`);
      const charts = opts.svg || opts.report ? await gridCharts(grid, exp.metricTitle) : [];
      if (opts.svg && charts[0]) writeFileSync(opts.svg, charts[0]);
      if (opts.report) {
        writeFileSync(
          opts.report,
          htmlPage(grid.name, [{ title: exp.metricTitle ?? grid.metric, note: exp.description, text: body, svgs: charts }], `seed ${grid.seed}; ${grid.fights.toLocaleString('en')} fights per point and variant; Fray lab`),
        );
      }
    });
}
