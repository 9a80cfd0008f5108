// Bad input: an InputError lists every problem, each with the field and the reason; a
// command the rules refuse is a CommandRejected (an InputError too).
//   node examples/library/errors.mjs
import { InputError, getSystem, parseScenarioText } from 'fray';

const text = `
system: tft
figures:
  - { id: bjorn, side: north, st: twelve, dx: 12, weapons: [broadsword] }
  - { id: cedric, side: south, st: 13, dx: 11, weapons: [war-ax] }
`;
try {
  const raw = parseScenarioText(text, 'bad.yaml'); // syntax, nesting and shape
  getSystem(raw.system).setup(raw); // every field
} catch (e) {
  if (!(e instanceof InputError)) throw e; // anything else is a bug
  for (const i of e.issues) console.log(`${i.path}: ${i.message}`);
}
