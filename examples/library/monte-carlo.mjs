// Monte Carlo: N fights through the engine and the AI, as `fray sim FILE -n N --seed S` plays
// them; the same seed gives the same numbers with any number of worker threads.
//   node examples/library/monte-carlo.mjs examples/tft/duel.yaml 2000 7
import { readFileSync } from 'node:fs';
import { parseScenarioText, runArena, summarize } from 'fray';

const [file = 'examples/tft/duel.yaml', n = '2000', seed = '7'] = process.argv.slice(2);
const raw = parseScenarioText(readFileSync(file, 'utf8'), file);
const job = { variants: [{ name: String(raw.name ?? file), raw }], seed: Number(seed), fights: Number(n), events: false };
// A bad scenario is an InputError before any fight; `fray sim --json` prints this report (and timings).
const report = summarize(await runArena(job, { workers: 2 }));
const pct = (x) => `${(x * 100).toFixed(2)}%`;
for (const v of report.variants) {
  console.log(`${v.name}: ${v.fights} fights, ${v.turns.est.toFixed(2)} turns on average`);
  for (const w of v.wins) console.log(`  ${w.side} wins ${pct(w.est)} (95% interval ${pct(w.lo)} to ${pct(w.hi)})`);
  console.log(`  draw ${pct(v.draw.est)}`);
}
