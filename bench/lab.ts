// Lab benchmarks (issue 8 part 5), measured in one run:
//   - the practical limit: a hand-written minimal loop of the duel of examples/tft/duel.yaml
//     (figures already adjacent, initiative by adjDX, 3d6 to hit with the critical table,
//     damage less armor, until one side cannot act), its numbers read from the engine's setup;
//   - `fray sim` on the same duel through the engine (arena chunk, one worker, events off and on);
//   - exact odds of one attack (fray odds), and `fray explain` of a 6-figure state.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SeededDice } from '../src/core/dice/source.ts';
import { seedRng } from '../src/core/rng.ts';
import { prepareJob } from '../src/lab/arena.ts';
import { adndAttackOdds, adndDamageDist, tftAttackOdds, tftDamageDist } from '../src/lab/odds.ts';
import { baseAdjDX, defaultArmorStops, readyWeapon } from '../src/rules/tft/core.ts';
import type { TftState } from '../src/rules/tft/model.ts';
import { tftSystem } from '../src/rules/tft/system.ts';
import { type BenchSection, consume } from './harness.ts';

const read = (p: string) => parse(readFileSync(new URL(`../${p}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** The duel's numbers as the engine sets them up (adjDX, armor, damage, ST). */
export function duelNumbers() {
  const s = tftSystem.setup(read('examples/tft/duel.yaml')) as TftState;
  return s.figures.map((f) => {
    const w = readyWeapon(f);
    return { st: f.st, adj: baseAdjDX(s, f, null), stops: defaultArmorStops(s, f), dice: w?.dmg.dice ?? 0, plus: w?.dmg.plus ?? 0 };
  });
}

/** The minimal loop: n duels; returns the wins of the first figure (consumed by the harness). */
export function minimalDuels(n: number, dice: SeededDice, nums = duelNumbers()): number {
  const [a, b] = nums;
  let winsA = 0;
  for (let i = 0; i < n; i++) {
    let wa = 0;
    let wb = 0;
    for (let turn = 0; turn < 100; turn++) {
      // action order by adjDX, ties rolled
      const aFirst = a.adj > b.adj || (a.adj === b.adj && dice.face(2) === 1);
      for (let k = 0; k < 2; k++) {
        const isA = aFirst === (k === 0);
        const att = isA ? a : b;
        const def = isA ? b : a;
        if (att.st - (isA ? wa : wb) <= 1) continue;
        const r = dice.sum(3, 6);
        const m = r === 3 ? 3 : r === 4 ? 2 : r === 5 ? 1 : r >= 16 ? 0 : r <= att.adj ? 1 : 0;
        if (m === 0) continue;
        const dmg = Math.max(0, (Math.max(0, dice.sum(att.dice, 6) + att.plus) * m) - def.stops);
        if (isA) wb += dmg;
        else wa += dmg;
      }
      if (b.st - wb <= 1) {
        winsA++;
        break;
      }
      if (a.st - wa <= 1) break;
    }
  }
  return winsA;
}

export const lab: BenchSection = {
  name: 'lab',
  title: 'Monte Carlo engine vs the minimal loop; exact odds; explain',
  run(h) {
    h.note('duel of examples/tft/duel.yaml, fights per second (higher is better), one thread');
    const duel = read('examples/tft/duel.yaml');
    const fast = { variants: [{ name: 'duel', raw: duel }], seed: 1, fights: 1e9, events: false };
    const withEvents = { ...fast, events: true };
    const [pf] = prepareJob(fast);
    const [pe] = prepareJob(withEvents);
    const md = new SeededDice(seedRng('bench-minimal'));
    const nums = duelNumbers();
    // The arena's hot loop per fight (arena.ts runChunk): clone the start state, play to the end
    // with the AI, read the summary. One generator for the whole batch here.
    const ef = new SeededDice(seedRng('bench-engine'));
    const ee = new SeededDice(seedRng('bench-engine-events'));
    const fights = (p: typeof pf, d: SeededDice, n: number) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += p.fight(d).vals[0];
      return s;
    };
    const [limit, engine, engineEv] = h.rates([
      { name: 'minimal loop (practical limit)', batch: (n) => minimalDuels(n, md, nums) },
      { name: 'fray sim through the engine (events off)', batch: (n) => fights(pf, ef, n) },
      { name: 'fray sim through the engine (events on)', batch: (n) => fights(pe, ee, n) },
    ]);
    h.ratio('engine / limit (target >= 0.25)', engine, limit);
    h.ratio('engine with events / limit', engineEv, limit);

    h.note('exact odds (lower is better; target < 100 us per attack)');
    h.time('TFT attack distribution (adjDX 13, 2d+1, armor 2) + mean', () => tftDamageDist({ adjDX: 13, damage: '2d+1', armor: 2 }).mean());
    h.time('AD&D swing distribution (need 14, 1d8+3, crits) + mean', () => adndDamageDist({ need: 14, damage: '1d8+3', dex: 16, level: 5 }).mean());
    h.time('fray odds: TFT attack adjDX 13, 2d+1 vs armor 2, states', () => tftAttackOdds({ adjDX: 13, damage: '2d+1', armor: 2, target: { st: 12 } }));
    h.time('fray odds: HiTech 4-shot burst, per-die armor, AP', () => tftAttackOdds({ adjDX: 15, damage: '3d', armor: 3, perDie: true, ap: true, burst: 'four' }));
    h.time('fray odds: sweep, new rule, 3 targets', () => tftAttackOdds({ adjDX: 17, damage: '3d+1', armor: 1, sweep: { variant: 'new', targets: 3 } }));
    h.time('fray odds: AD&D need 14, 1d8+3, criticals, hp 20', () => adndAttackOdds({ need: 14, damage: '1d8+3', dex: 16, level: 5, hp: 20 }));

    h.note('fray explain of a 6-figure state (target < 50 ms)');
    const six = tftSystem.setup(read('examples/tft/skirmish.yaml'));
    const nFig = (six as TftState).figures.length;
    h.time(`explain: skirmish.yaml start (${nFig} figures)`, () => consume(tftSystem.explain(six)));
  },
};
