// Fights per second of an AD&D scenario played by the AI with no event log (the lab's case),
// and the share each side wins. Not a unit test (no timing asserts there); run it by hand:
//   node --import tsx examples/adnd/bench.ts [scenario.yaml] [fights] [--emit]
// --emit also collects every event (the `fray run --json` case), for comparison.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SeededDice } from '../../src/core/dice/source.ts';
import { seedRng } from '../../src/core/rng.ts';
import { runToEnd } from '../../src/engine/run.ts';
import { adndSystem as sys } from '../../src/rules/adnd/system.ts';
import type { AdndEvent } from '../../src/rules/adnd/model.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const withEmit = process.argv.includes('--emit');
const file = args[0] ?? new URL('./melee.yaml', import.meta.url).pathname;
const fights = Number(args[1] ?? 2000);
const start = sys.setup(parse(readFileSync(file, 'utf8')));

function batch(from: number, n: number): { wins: Map<string, number>; events: number } {
  const wins = new Map<string, number>();
  let events = 0;
  const emit = withEmit ? (_e: AdndEvent) => void events++ : null;
  for (let i = from; i < from + n; i++) {
    const s = sys.clone(start);
    runToEnd(sys, s, new SeededDice(seedRng(i)), emit);
    const w = s.winner ?? 'draw';
    wins.set(w, (wins.get(w) ?? 0) + 1);
  }
  return { wins, events };
}

batch(1_000_000, Math.min(200, fights)); // warm up the JIT
const t0 = performance.now();
const { wins, events } = batch(1, fights);
const ms = performance.now() - t0;
const share = [...wins].map(([k, v]) => `${k} ${v} (${((100 * v) / fights).toFixed(1)}%)`).join(', ');
console.log(`${file}: ${fights} fights in ${ms.toFixed(0)} ms = ${Math.round((fights * 1000) / ms)} fights/s${withEmit ? ` with emit (${events} events)` : ' (emit null)'}; wins: ${share}`);
