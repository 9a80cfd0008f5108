// AD&D on the segment clock through the engine, as the lab plays it: clone of one setup +
// runToEnd with the AI on every side, one thread; with the event log off (the lab's case) and
// on (the `fray run --json` case). examples/adnd/melee.yaml: a party against an orc band.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SeededDice } from '../src/core/dice/source.ts';
import { seedRng } from '../src/core/rng.ts';
import { runToEnd } from '../src/engine/run.ts';
import type { AdndEvent, AdndState } from '../src/rules/adnd/model.ts';
import { adndSystem } from '../src/rules/adnd/system.ts';
import { type BenchSection, consume } from './harness.ts';

function fights(base: AdndState, dice: SeededDice, n: number, withLog: boolean): number {
  let events = 0;
  const emit = withLog ? (_e: AdndEvent) => void events++ : null;
  let steps = 0;
  for (let i = 0; i < n; i++) steps += runToEnd(adndSystem, adndSystem.clone(base), dice, emit).steps;
  consume(events);
  return steps;
}

export const adnd: BenchSection = {
  name: 'adnd',
  title: 'AD&D segmental engine (clone + runToEnd, AI on every side)',
  run(h) {
    const base = adndSystem.setup(parse(readFileSync(new URL('../examples/adnd/melee.yaml', import.meta.url), 'utf8')));
    h.note('examples/adnd/melee.yaml, fights per second (higher is better), one thread');
    const d1 = new SeededDice(seedRng('adnd-fast'));
    const d2 = new SeededDice(seedRng('adnd-log'));
    h.rates([
      { name: 'engine, event log off (the lab)', batch: (n) => fights(base, d1, n, false) },
      { name: 'engine, event log on', batch: (n) => fights(base, d2, n, true) },
    ]);
  },
};
