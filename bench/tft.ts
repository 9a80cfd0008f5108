// The TFT engine's Monte Carlo hot path against the practical limit (issue 8's speed target):
//   - the limit: the hand-written minimal loop of examples/tft/duel.yaml from bench/lab.ts
//     (one piece of code for that idea; see its comment for what it plays);
//   - the engine as the lab plays it: clone of one setup + runToEnd with emit null, the AI on
//     both sides, one thread; with the default options (Hanging by a Thread on) and thread off;
//   - the same fights step by step through the command layer (what playOut shortcuts);
//   - the ratio engine/limit, run by run (interleaved, so load falls on both alike);
//   - where a fight's time goes: clone, steps per fight, microseconds per step, and the opening
//     (clone + the first four steps), which alone bounds engine/limit.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SeededDice } from '../src/core/dice/source.ts';
import { seedRng } from '../src/core/rng.ts';
import { runToEnd } from '../src/engine/run.ts';
import type { TftState } from '../src/rules/tft/model.ts';
import { tftSystem } from '../src/rules/tft/system.ts';
import type { BenchSection } from './harness.ts';
import { isolatedBatch } from './isolate.ts';
import { duelNumbers, minimalDuels } from './lab.ts';

const duelYaml = () => parse(readFileSync(new URL('../examples/tft/duel.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;

/** n fights through the engine from `base`; returns the steps played (consumed by the harness). */
export function engineDuels(base: TftState, dice: SeededDice, n: number): number {
  let steps = 0;
  for (let i = 0; i < n; i++) {
    const s = tftSystem.clone(base);
    steps += runToEnd(tftSystem, s, dice, null).steps;
  }
  return steps;
}

/** The same fights through the command layer, step by step (pending/decide/apply): no playOut. */
export function commandLayerDuels(base: TftState, dice: SeededDice, n: number): number {
  let steps = 0;
  for (let i = 0; i < n; i++) {
    const s = tftSystem.clone(base);
    while (tftSystem.pending(s) !== null) {
      tftSystem.apply(s, tftSystem.decide(s), dice, null);
      steps++;
    }
  }
  return steps;
}

/** The duel's start state with the default options (thread on) or thread off. */
function duelBase(thread: 'on' | 'off'): TftState {
  const raw = duelYaml();
  return tftSystem.setup(thread === 'on' ? raw : { ...raw, options: { ...(raw.options as object), thread: 'off' } });
}

/** Duels a worker plays before its first timed batch: its JIT starts as warm as a long sim's. */
const WORKER_WARMUP = 3000;

/** For isolatedBatch: the engine's duels (thread on or off) on their own dice. */
export function engineBatch(thread: 'on' | 'off', seed: string): (n: number) => number {
  const base = duelBase(thread);
  const dice = new SeededDice(seedRng(seed));
  engineDuels(base, dice, WORKER_WARMUP);
  return (n) => engineDuels(base, dice, n);
}

/** For isolatedBatch: the same duels step by step through the command layer. */
export function commandLayerBatch(seed: string): (n: number) => number {
  const base = duelBase('on');
  const dice = new SeededDice(seedRng(seed));
  commandLayerDuels(base, dice, WORKER_WARMUP);
  return (n) => commandLayerDuels(base, dice, n);
}

export const tft: BenchSection = {
  name: 'tft',
  title: 'TFT engine hot path (clone + runToEnd, emit null, AI) vs the minimal loop',
  run(h) {
    const on = duelBase('on');
    h.note('examples/tft/duel.yaml, fights per second (higher is better), one thread each');
    h.note('the engine loops run each in a worker thread of its own (bench/isolate.ts), as fray sim runs one of them alone');
    const dl = new SeededDice(seedRng('tft-limit'));
    const nums = duelNumbers();
    const here = new URL('./tft.ts', import.meta.url);
    const isolated = [
      isolatedBatch(here, 'engineBatch', ['on', 'tft-engine']),
      isolatedBatch(here, 'engineBatch', ['off', 'tft-engine-off']),
      isolatedBatch(here, 'commandLayerBatch', ['tft-engine-commands']),
    ];
    const [limit, engine, engineOff, commands] = h.rates([
      { name: 'minimal loop (bench/lab.ts, the limit)', batch: (n) => minimalDuels(n, dl, nums) },
      { name: 'engine, default options (thread on)', batch: isolated[0].batch },
      { name: 'engine, thread off', batch: isolated[1].batch },
      { name: 'engine step by step through the command layer (no playOut)', batch: isolated[2].batch },
    ]);
    for (const i of isolated) i.close();
    const r = h.ratio('engine / limit (target >= 0.25)', engine, limit);
    const rOff = h.ratio('engine thread off / limit', engineOff, limit);
    h.ratio('playOut / command layer step by step', engine, commands);
    h.note(`engine / limit = ${(r.value * 100).toPrecision(3)}% (thread off: ${(rOff.value * 100).toPrecision(3)}%)`);

    // Where a fight's time goes: steps (decide + apply) per fight, and the clone.
    const probe = new SeededDice(seedRng('tft-probe'));
    const fights = 2000;
    const steps = engineDuels(on, probe, fights) / fights;
    h.note(`steps (decide + apply) per fight: ${steps.toFixed(1)}; about ${(1e6 / engine.median / steps).toFixed(2)} us per step at the median`);
    h.time('clone of the duel start state', () => tftSystem.clone(on));
    // The opening: the clone and the first four steps (begin with the initiative, the winner's
    // choice, the AI closing in, the other figure's move). It bounds engine/limit from above
    // whatever the rest of a fight costs (docs/PERFORMANCE.md, fourth pass).
    const dOpen = new SeededDice(seedRng('tft-opening'));
    const opening = h.time('the opening: clone + the first 4 steps', () => runToEnd(tftSystem, tftSystem.clone(on), dOpen, null, { maxSteps: 4 }));
    h.note(`the opening alone allows engine / limit up to ${((1e6 / limit.median / opening.median) * 100).toPrecision(3)}% (a limit duel takes ${(1e6 / limit.median).toFixed(2)} us)`);
  },
};
