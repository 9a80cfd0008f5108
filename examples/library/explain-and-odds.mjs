// Every option of every figure with its ledger and exact odds after the scenario's script
// (`fray explain FILE [--turn N]`), and the exact odds of a dice expression and of one TFT
// attack (`fray odds`).
//   node examples/library/explain-and-odds.mjs examples/tft/hanging-by-a-thread.yaml 3
import { readFileSync } from 'node:fs';
import { diceOdds, displayNames, getSystem, parseScenarioText, playScript, scenarioDice, tftAttackOdds } from 'fray';

const [file = 'examples/tft/skirmish.yaml', turn] = process.argv.slice(2);
const raw = parseScenarioText(readFileSync(file, 'utf8'), file);
const system = getSystem(raw.system);
const state = system.setup(raw);
// The script's commands with the scenario's own dice, up to the first decision it does not
// make (or the start of turn `turn`); a scenario without a script plays nothing.
playScript(system, state, scenarioDice(raw), turn === undefined ? undefined : Number(turn));
const report = system.explain(state, displayNames(system.summary(state).figures)); // plain JSON
for (const f of report.figures) {
  // Option shapes are the system's own; a TFT attack has its adjDX with the ledger, and the odds.
  for (const o of f.options.filter((o) => o.hit !== undefined)) {
    const ledger = o.ledger.map((l, i) => `${i === 0 ? '' : l.delta < 0 ? '- ' : '+ '}${Math.abs(l.delta)} ${l.source} [${l.rule}]`);
    console.log(`${f.name}: ${o.label}: adjDX ${o.adjDX} = ${ledger.join(' ')}; hit ${o.hitExact}`);
  }
}

const dice = diceOdds('3d6', { op: '<=', value: 12 });
console.log(`3d6 <= 12: ${dice.threshold.exact}; mean ${dice.meanExact}`);
const attack = tftAttackOdds({ adjDX: 13, damage: '2d+1', armor: 2 });
console.log(`adjDX 13, 2d+1 against armor 2: hit ${attack.hit.exact}, expected damage ${attack.expectedExact}`);
