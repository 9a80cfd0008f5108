// `npm run bench` [-- --only core,lab] [--json] [--runs 7] [--quick]
// Runs every registered section in one process and prints medians (and ratios); --json prints
// one JSON object instead. Add a section: write bench/NAME.ts exporting a BenchSection and
// add it to `sections` below.
import { adnd } from './adnd.ts';
import { core } from './core.ts';
import { lab } from './lab.ts';
import { tft } from './tft.ts';
import { type BenchOptions, type BenchSection, Harness, machine } from './harness.ts';

const sections: BenchSection[] = [core, lab, tft, adnd];

function parseArgs(argv: readonly string[]): { only: string[] | null; json: boolean; opts: BenchOptions } {
  const opts: BenchOptions = { runs: 7, warmup: 2, targetMs: 100 };
  let only: string[] | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a}: expected a value`);
      return v;
    };
    if (a === '--json') json = true;
    else if (a === '--only') only = [...(only ?? []), ...value().split(',')];
    else if (a.startsWith('--only=')) only = [...(only ?? []), ...a.slice(7).split(',')];
    else if (a === '--runs') opts.runs = Number(value());
    else if (a === '--quick') Object.assign(opts, { runs: 3, warmup: 1, targetMs: 30 });
    else if (a === '--help' || a === '-h') {
      console.log(`usage: npm run bench -- [--only ${sections.map((s) => s.name).join(',')}] [--json] [--runs N] [--quick]`);
      process.exit(0);
    } else throw new Error(`unknown option '${a}' (try --help)`);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs: expected a whole number from 1');
  if (only) {
    const unknown = only.filter((n) => !sections.some((s) => s.name === n));
    if (unknown.length) throw new Error(`--only: no section ${unknown.join(', ')} (have ${sections.map((s) => s.name).join(', ')})`);
  }
  return { only, json, opts };
}

async function main() {
  const { only, json, opts } = parseArgs(process.argv.slice(2));
  const m = machine();
  const print = json ? () => {} : (line: string) => console.log(line);
  print(`fray bench: ${m.cpus} cores (${m.model}), node ${m.node}, ${m.platform}; median of ${opts.runs} runs after ${opts.warmup} warm-up`);
  const h = new Harness(opts, print);
  for (const s of sections) {
    if (only && !only.includes(s.name)) continue;
    print(`\n## ${s.name}: ${s.title}`);
    h.section = s.name;
    await s.run(h);
  }
  if (json) console.log(JSON.stringify({ machine: m, options: opts, measurements: h.measurements, ratios: h.ratios }, null, 2));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
