// Play a scenario to its end with a seed and print the summary, the line `fray run FILE
// --seed N --json` prints last. Plain Node, no loader:
//   node examples/library/run.mjs examples/tft/duel.yaml 7
import { readFileSync } from 'node:fs';
import { SeededDice, getSystem, parseScenarioText, runToEnd, seedRng } from 'fray';

const [file = 'examples/tft/duel.yaml', seedText = '1'] = process.argv.slice(2);
const raw = parseScenarioText(readFileSync(file, 'utf8'), file); // YAML, or JSON for a .json path
const system = getSystem(raw.system); // tft or adnd
const state = system.setup(raw); // checks every field (InputError), builds the start state
// A whole number is a numeric seed, anything else a text seed, as `--seed` reads them.
const seed = /^\d+$/.test(seedText) ? Number(seedText) : seedText;
// One generator for the whole fight, as `fray run --seed` rolls. null: no events wanted.
const result = runToEnd(system, state, new SeededDice(seedRng(seed)), null);
console.log(JSON.stringify(system.summary(state)));
if (!result.ended) process.exitCode = 3; // stopped by maxSteps (100000 by default)
