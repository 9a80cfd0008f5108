// Lab benchmarks (issue 8 part 5), measured in one run:
//   - the practical limit: a hand-written minimal loop of the same duel as examples/tft/duel.yaml
//     with the same default rules (see minimalDuels), its numbers read from the engine's setup;
//   - `fray sim` on the same duel through the engine (arena chunk, one worker, events off and on);
//   - exact odds of one attack (fray odds), and `fray explain` of a 6-figure state.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SeededDice } from '../src/core/dice/source.ts';
import { seedRng } from '../src/core/rng.ts';
import { prepareJob } from '../src/lab/arena.ts';
import { adndAttackOdds, adndDamageDist, tftAttackOdds, tftDamageDist } from '../src/lab/odds.ts';
import { distance } from '../src/core/hex/coords.ts';
import { baseAdjDX, defaultArmorStops, effectiveMA, readyWeapon } from '../src/rules/tft/core.ts';
import type { TftState } from '../src/rules/tft/model.ts';
import { tftSystem } from '../src/rules/tft/system.ts';
import { type BenchSection, consume } from './harness.ts';

const read = (p: string) => parse(readFileSync(new URL(`../${p}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** One side of the minimal duel: the numbers the engine's setup gives the figure. */
export interface DuelSide {
  st: number;
  iq: number;
  /** adjDX before wounds and the 5-hit penalty (DX, armor, ready shield). */
  adj: number;
  /** Armor + shield hits stopped. */
  stops: number;
  /** The ready weapon's damage, and the spare melee weapon's (if `spare`). */
  dice: number;
  plus: number;
  spare: boolean;
  spareDice: number;
  sparePlus: number;
  /** MA (armor) and where it stands. */
  ma: number;
  q: number;
  r: number;
}

/** The duel's numbers as the engine sets them up (examples/tft/duel.yaml, default options). */
export function duelNumbers(): { sides: [DuelSide, DuelSide]; gap: number; thread: boolean; maxTurns: number } {
  const s = tftSystem.setup(read('examples/tft/duel.yaml')) as TftState;
  const sides = s.figures.map((f): DuelSide => {
    const w = readyWeapon(f);
    const spare = f.weapons.find((x) => x !== w && x.def.kind === 'melee');
    return {
      st: f.st,
      iq: f.iq,
      adj: baseAdjDX(s, f, null),
      stops: defaultArmorStops(s, f),
      dice: w?.dmg.dice ?? 0,
      plus: w?.dmg.plus ?? 0,
      spare: spare !== undefined,
      spareDice: spare?.dmg.dice ?? 0,
      sparePlus: spare?.dmg.plus ?? 0,
      ma: effectiveMA(f, s),
      q: f.pos.q,
      r: f.pos.r,
    };
  }) as [DuelSide, DuelSide];
  return { sides, gap: distance(s.figures[0].pos, s.figures[1].pos), thread: s.modules.includes('thread'), maxTurns: s.options.maxTurns };
}

/**
 * The practical limit: n duels of examples/tft/duel.yaml by a hand-written loop of the same
 * rules the engine plays there (default options: Legacy, Hanging by a Thread), with every
 * number in locals. Per turn: initiative (1d6 each side, ties rerolled; the winner moves last,
 * as the AI chooses); while apart, the side moving first closes straight in (the simplest
 * sensible path: a charge when the gap is within half MA, else as far as MA allows); actions in
 * adjDX order (ties rolled off); an attack is 3d6 (4d6 against a defender) with the critical
 * table (3 triple, 4 double, 5 hit, 16 miss, 17 drop, 18 break), damage less armor and shield;
 * 5 hits in a turn: -2 DX on the next action; 8: falls (loses its action; stands up next
 * turn; attacked as from the rear, +4); a dropped weapon is picked up (or the spare readied),
 * a broken one replaced by the spare, and with none the figure defends; thread states (R-T1:
 * reeling -3 DX, unconscious, dying, dead) and the dying figure's thread roll at the end of
 * each turn (R-T2: 1 die, then one more each turn, against the higher of ST and IQ); the
 * fight ends at the end of a turn when a side cannot act. Returns the wins of the first figure.
 */
export function minimalDuels(n: number, dice: SeededDice, nums = duelNumbers()): number {
  const [A, B] = nums.sides;
  const thread = nums.thread;
  let winsA = 0;
  for (let i = 0; i < n; i++) {
    // per-figure mutable numbers (a: first figure, b: second)
    let wa = 0;
    let wb = 0;
    let penA = 0; // -2 owed on the next action (Legacy 5-hit)
    let penB = 0;
    let proneA = false;
    let proneB = false;
    let dA = A.dice;
    let pA = A.plus;
    let dB = B.dice;
    let pB = B.plus;
    let weapA = 0; // 0 in hand, 1 dropped (pick it up), 2 broken (ready the spare), 3 none (defend)
    let weapB = 0;
    let spareA = A.spare;
    let spareB = B.spare;
    let defA = false; // defending this turn (4d6 against it)
    let defB = false;
    let threadA = 0; // thread rolls made while dying
    let threadB = 0;
    let deadA = false;
    let deadB = false;
    let gap = nums.gap;
    let turn = 0;
    for (;;) {
      if (turn >= nums.maxTurns) break; // draw
      turn++;
      const ableA = !deadA && A.st - wa > 1;
      const ableB = !deadB && B.st - wb > 1;
      let hitsA = 0;
      let hitsB = 0;
      let actedA = !ableA;
      let actedB = !ableB;
      defA = false;
      defB = false;
      // initiative: 1d6 each, ties rerolled; the winner moves last
      let ia = dice.face(6);
      let ib = dice.face(6);
      while (ia === ib) {
        ia = dice.face(6);
        ib = dice.face(6);
      }
      if (gap > 1) {
        // the side moving first closes in; the other is then engaged (or closes in too)
        const mover = ia > ib ? B : A;
        const step = Math.min(gap - 1, mover.ma);
        gap -= step;
        if (step > Math.floor(mover.ma / 2)) {
          if (mover === A) actedA = true;
          else actedB = true;
        }
        if (gap > 1) {
          const other = mover === A ? B : A;
          const s2 = Math.min(gap - 1, other.ma);
          gap -= s2;
          if (s2 > Math.floor(other.ma / 2)) {
            if (other === A) actedA = true;
            else actedB = true;
          }
        }
      }
      // action order by adjDX (reeling -3, the 5-hit penalty), ties rolled off
      const adjA = A.adj + (A.st - wa <= 3 ? -3 : 0) + penA;
      const adjB = B.adj + (B.st - wb <= 3 ? -3 : 0) + penB;
      let aFirst = adjA > adjB;
      if (adjA === adjB) {
        let x = dice.face(6);
        let y = dice.face(6);
        while (x === y) {
          x = dice.face(6);
          y = dice.face(6);
        }
        aFirst = x > y;
      }
      for (let k = 0; k < 2; k++) {
        const isA = aFirst === (k === 0);
        if (gap > 1) break;
        if (isA) {
          if (actedA || deadA || A.st - wa <= 1) continue;
          actedA = true;
          const adj = A.adj + (A.st - wa <= 3 ? -3 : 0) + penA;
          penA = 0;
          if (proneA) proneA = false; // stands up
          else if (weapA === 1) weapA = 0; // picks it up
          else if (weapA === 2) {
            weapA = 3;
            if (spareA) {
              dA = A.spareDice;
              pA = A.sparePlus;
              spareA = false;
              weapA = 0;
            }
          } else if (weapA === 3) defA = true;
          else {
            const nd = defB ? 4 : 3;
            const r = dice.sum(nd, 6);
            const to = adj + (proneB ? 4 : 0);
            let m = 0;
            if (nd === 3) {
              if (r === 3) m = 3;
              else if (r === 4) m = 2;
              else if (r === 5) m = 1;
              else if (r === 17) weapA = spareA ? 2 : 1;
              else if (r === 18) weapA = 2;
              else if (r < 16 && r <= to) m = 1;
            } else if (r === 4) m = 2;
            else if (r === 5) m = 1;
            else if (r < 20 && r <= to) m = 1;
            if (m > 0) {
              const amt = Math.max(0, Math.max(0, dice.sum(dA, 6) + pA) * m - B.stops);
              const wasAble = B.st - wb > 1;
              wb += amt;
              const before = hitsB;
              hitsB += amt;
              if (before < 5 && hitsB >= 5 && penB === 0) penB = -2;
              if (before < 8 && hitsB >= 8 && wasAble && B.st - wb > 1 && !proneB) {
                proneB = true;
                actedB = true;
              }
              if (B.st - wb <= 1) proneB = true;
            }
          }
        } else {
          if (actedB || deadB || B.st - wb <= 1) continue;
          actedB = true;
          const adj = B.adj + (B.st - wb <= 3 ? -3 : 0) + penB;
          penB = 0;
          if (proneB) proneB = false;
          else if (weapB === 1) weapB = 0;
          else if (weapB === 2) {
            weapB = 3;
            if (spareB) {
              dB = B.spareDice;
              pB = B.sparePlus;
              spareB = false;
              weapB = 0;
            }
          } else if (weapB === 3) defB = true;
          else {
            const nd = defA ? 4 : 3;
            const r = dice.sum(nd, 6);
            const to = adj + (proneA ? 4 : 0);
            let m = 0;
            if (nd === 3) {
              if (r === 3) m = 3;
              else if (r === 4) m = 2;
              else if (r === 5) m = 1;
              else if (r === 17) weapB = spareB ? 2 : 1;
              else if (r === 18) weapB = 2;
              else if (r < 16 && r <= to) m = 1;
            } else if (r === 4) m = 2;
            else if (r === 5) m = 1;
            else if (r < 20 && r <= to) m = 1;
            if (m > 0) {
              const amt = Math.max(0, Math.max(0, dice.sum(dB, 6) + pB) * m - A.stops);
              const wasAble = A.st - wa > 1;
              wa += amt;
              const before = hitsA;
              hitsA += amt;
              if (before < 5 && hitsA >= 5 && penA === 0) penA = -2;
              if (before < 8 && hitsA >= 8 && wasAble && A.st - wa > 1 && !proneA) {
                proneA = true;
                actedA = true;
              }
              if (A.st - wa <= 1) proneA = true;
            }
          }
        }
      }
      // end of turn: thread rolls of the dying (R-T2), then the end test
      if (thread) {
        if (!deadA && A.st - wa < -A.st) deadA = true;
        else if (!deadA && A.st - wa <= 0 && dice.sum(1 + threadA++, 6) > Math.max(A.st, A.iq)) deadA = true;
        if (!deadB && B.st - wb < -B.st) deadB = true;
        else if (!deadB && B.st - wb <= 0 && dice.sum(1 + threadB++, 6) > Math.max(B.st, B.iq)) deadB = true;
      }
      const upA = !deadA && A.st - wa > 1;
      const upB = !deadB && B.st - wb > 1;
      if (upA && upB) continue;
      if (upA) winsA++;
      break;
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
