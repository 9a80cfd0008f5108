// `fray sim <scenario> -n N [--seed S] [--workers K] [--json] [--report FILE] [--svg FILE]`:
// N fights through the engine and the AI policies; win rates with Wilson intervals, turns,
// damage per figure, end states and fights per second (issue 8 part 2).
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { type ArenaJob, prepareJob } from '../../lab/arena.ts';
import { formatSim } from '../../lab/format.ts';
import { runArena } from '../../lab/pool.ts';
import { htmlPage, renderSvg, statesChart, winChart } from '../../lab/report.ts';
import { type SimReport, summarize } from '../../lab/summary.ts';
import { quote } from '../../core/issues.ts';
import { count } from '../../lab/text.ts';
import { type Variant, applySettings, describeSettings } from '../../lab/variants.ts';
import { parseSeed } from '../dice-options.ts';
import type { CliContext, CliIO } from '../io.ts';
import { type WholeRange, wholeNumber } from '../../core/numbers.ts';
import { checkOutputPath, writeOutput } from '../output.ts';
import { loadScenario } from '../scenario-loader.ts';

export interface ArenaCliOpts {
  n: string;
  seed?: string;
  workers?: string;
  json?: boolean;
  report?: string;
  svg?: string;
  events?: boolean;
  progress?: boolean;
}

/** The most fights -n asks for, per variant (and per point of a sweep). */
export const FIGHTS: WholeRange = { min: 1, max: 1e9 };

/** -n of sim and compare: `dflt` when it is not given. */
export function parseFights(v: string | undefined, dflt: number): number {
  return v === undefined ? dflt : wholeNumber(v, '-n', FIGHTS);
}

/** The most worker threads of `fray sim` and `fray compare` (each loads the engine: about 0.4 s and its own memory). */
export const MAX_WORKERS = 64;

/** --workers, the same for every lab command. */
export function parseWorkers(v: string | undefined): number {
  return v === undefined ? 1 : wholeNumber(v, '--workers', { min: 1, max: MAX_WORKERS });
}

/** Refuses --report and --svg paths that cannot be written, before any fight is played. */
export function checkOutputs(opts: { report?: string; svg?: string }): void {
  checkOutputPath(opts.report, '--report');
  checkOutputPath(opts.svg, '--svg');
}

/** A progress bar on stderr, only when it is a terminal. */
export function progressBar(io: CliIO, enabled: boolean): ((done: number, total: number) => void) | undefined {
  if (!enabled || !process.stderr.isTTY) return undefined;
  let last = -1;
  return (done, total) => {
    const pctDone = Math.floor((done / total) * 100);
    if (pctDone === last && done !== total) return;
    last = pctDone;
    const w = 30;
    const fill = Math.round((done / total) * w);
    process.stderr.write(`\r[${'#'.repeat(fill)}${'.'.repeat(w - fill)}] ${pctDone}%${done === total ? '\n' : ''}`);
    void io;
  };
}

/**
 * The scenario of variant `v`; a setting that cannot be applied, or that makes the scenario
 * invalid (`sweep=clasic`), is an error naming the variant (the scenario as written is checked
 * by the run itself: its errors are the file's).
 */
function settingsOf(raw: Record<string, unknown>, v: Variant): Record<string, unknown> {
  try {
    const scenario = applySettings(raw, v.settings);
    // Checked as `fray compare --vary` checks each point's variants (lab/experiment.ts runGrid).
    if (v.settings.length > 0) prepareJob({ variants: [{ name: v.name, raw: scenario }], seed: 1, fights: 1, events: false });
    return scenario;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(
      e.issues.map((i) => ({ path: `variant ${quote(v.name)}: ${i.path}`, message: i.message })),
      'variant',
    );
  }
}

/** A command line as a shell reads it: a word with anything but letters, digits and -_./:=,+ is single-quoted. */
export function commandLine(words: readonly (string | number)[]): string {
  return words
    .map(String)
    .map((w) => (/^[\w\-./:=,+@%]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

/**
 * Runs variants of a scenario and prints / writes the report (shared by sim and compare).
 * `command` is the command line up to its options (`fray sim FILE`); the page adds -n, --seed
 * and --events as they were run, so it can be reproduced.
 */
export async function runAndReport(
  ctx: CliContext,
  raw: Record<string, unknown>,
  variants: Variant[],
  opts: ArenaCliOpts,
  command: readonly string[],
): Promise<SimReport> {
  const fights = parseFights(opts.n, 10000);
  const workers = parseWorkers(opts.workers);
  const seed = parseSeed(opts.seed, raw.seed);
  checkOutputs(opts);
  const job: ArenaJob = {
    variants: variants.map((v) => ({ name: v.name, raw: settingsOf(raw, v) })),
    seed,
    fights,
    events: opts.events ?? false,
  };
  const t0 = performance.now();
  const result = await runArena(job, { workers, onProgress: progressBar(ctx.io, opts.progress !== false) });
  const seconds = (performance.now() - t0) / 1000;
  const report = summarize(
    result,
    variants.map((v) => (v.settings.length ? describeSettings(v.settings) : undefined)),
  );
  report.seconds = seconds;
  report.fightsPerSecond = (fights * variants.length) / seconds;
  report.workers = workers;
  if (opts.json) ctx.io.out(JSON.stringify(report));
  else ctx.io.out(formatSim(report));
  if (opts.svg) writeOutput(ctx.io, opts.svg, '--svg', await renderSvg(winChart(report)));
  if (opts.report) {
    const svgs = [await renderSvg(winChart(report)), await renderSvg(statesChart(report))];
    const name = typeof raw.name === 'string' ? raw.name : String(command[2] ?? 'fray');
    const events = opts.events ?? false;
    writeOutput(
      ctx.io,
      opts.report,
      '--report',
      htmlPage(
        name,
        [{ title: 'Results', svgs, text: formatSim(report) }],
        `Scenario ${command[2]}; ${count(fights, 'fight')} per variant, seed ${seed}, events ${events ? 'on' : 'off'}; Fray lab`,
        commandLine([...command, '-n', fights, '--seed', seed, ...(events ? ['--events'] : [])]),
      ),
    );
  }
  return report;
}

export function registerSim(program: Command, ctx: CliContext): void {
  program
    .command('sim')
    .description('Monte Carlo: play a scenario N times with the AI policies; win rates, turns, damage, end states')
    .argument('<scenario>', 'scenario file (.yaml, .yml or .json)')
    .option('-n, --n <fights>', 'number of fights, 1 to 10^9', '10000')
    .option('--seed <seed>', "seed for the fights' dice: a whole number from 0 to 2^32 - 1, or text (default: the scenario's seed, else 1)")
    .option('--workers <k>', 'threads, 1 to 64 (the result does not depend on it)', '1')
    .option('--events', 'also count actions per figure, and damage dealt in AD&D (slower: events are built)')
    .option('--json', 'print the report as one JSON object')
    .option('--report <file.html>', 'write a self-contained HTML report with charts')
    .option('--svg <file.svg>', 'write the win-rate chart alone')
    .option('--no-progress', 'no progress bar on stderr (shown only when stderr is a terminal)')
    .addHelpText(
      'after',
      `
The scenario's own dice: list is not used (each fight rolls its own); the same seed gives the
same numbers with any --workers.

Examples:
  fray sim examples/tft/duel.yaml -n 100000 --workers 2
  fray sim examples/adnd/melee.yaml -n 2000 --seed 7 --events --report melee.html`,
    )
    .action(async (file: string, opts: ArenaCliOpts) => {
      checkOutputs(opts);
      const { raw } = loadScenario(ctx.io, file);
      await runAndReport(ctx, raw, [{ name: String(raw.name ?? file), settings: [] }], opts, ['fray', 'sim', file]);
    });
}
