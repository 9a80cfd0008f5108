// A fight one command at a time: the first roll with faces typed in by hand, a command the
// rules refuse, then the AI's choices on the encounter's own seeded dice. Every command is
// logged with the faces it used, and the log replays to the same state.
//   node examples/library/step-by-step.mjs
import { readFileSync } from 'node:fs';
import { CommandRejected, displayNames, getSystem, parseScenarioText, replay, rollWithEnteredDice, startEncounter, submit } from 'fray';

const raw = parseScenarioText(readFileSync('examples/tft/duel.yaml', 'utf8'), 'duel.yaml');
const system = getSystem(raw.system);
let { encounter, state } = startEncounter(system, raw, 7); // seed 7
const names = displayNames(system.summary(state).figures); // id -> the name narration shows

/** Takes a step's result: the new encounter and state, and its events narrated. */
function take(r) {
  encounter = r.encounter;
  state = r.state;
  for (const e of r.events) console.log(system.describe(e, names));
}

// Dice by hand: the step (pure: submit keeps the old state) runs again with one more face each
// time it needs one; here the faces "typed" come from a list.
const typed = [6, 2];
const ask = async (sides, i) => {
  console.log(`d${sides} number ${i + 1}? ${typed[i]}`);
  return typed[i];
};
take((await rollWithEnteredDice((dice) => submit(system, encounter, state, system.decide(state), dice), ask)).result);

// A command the rules refuse changes nothing; the error names the field and the reason.
try {
  take(submit(system, encounter, state, { type: 'attack', figure: 'cedric', target: 'bjorn' }));
} catch (e) {
  if (!(e instanceof CommandRejected)) throw e;
  console.log(`refused: ${e.issues[0].path}: ${e.issues[0].message}`);
}

// The rest: the AI decides (the scenario's script first, where it has one); each command rolls
// the encounter's own dice for its place in the log (diceForSeq(seed, seq)).
while (system.pending(state) !== null) take(submit(system, encounter, state, system.decide(state)));

const end = system.summary(state);
console.log(`${end.winner ?? 'no one'} wins after ${end.turns} turns, ${encounter.commands.length} commands`);
// The log (scenario, seed, each command with its faces) rebuilds the fight exactly.
const again = replay(system, encounter);
console.log(`replay gives the same end: ${JSON.stringify(system.summary(again)) === JSON.stringify(end)}`);
