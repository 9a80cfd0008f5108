// Play a scenario to its end and print the summary, the line `fray run FILE [--seed N] --json`
// prints last. Plain Node, no loader:
//   node examples/library/run.mjs examples/tft/duel.yaml 7
import { readFileSync } from 'node:fs';
import { SeededDice, getSystem, parseScenarioText, runToEnd, scenarioDice, seedRng } from 'fray';

const [file = 'examples/tft/duel.yaml', seedText] = process.argv.slice(2);
const raw = parseScenarioText(readFileSync(file, 'utf8'), file); // YAML, or JSON for a .json path
const system = getSystem(raw.system); // tft or adnd
const state = system.setup(raw); // checks every field (InputError), builds the start state
// A whole number is a numeric seed, anything else a text seed, as `--seed` reads them.
const seed = seedText === undefined || !/^\d+$/.test(seedText) ? seedText : Number(seedText);
// With a seed, one generator for the whole fight, as `fray run --seed` rolls; without, the
// scenario's own `dice:` list, then the generator of its `seed` (or 1), as `fray run` rolls.
const dice = seed === undefined ? scenarioDice(raw) : new SeededDice(seedRng(seed));
const result = runToEnd(system, state, dice, null); // null: no events wanted
console.log(JSON.stringify(system.summary(state)));
if (!result.ended) process.exitCode = 3; // stopped by maxSteps (100000 by default)
