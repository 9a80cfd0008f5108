// Exact odds of a sweeping blow beside single attacks (issue 5 part 4): per target the chance
// to hit and the expected damage after armor, per friend in the arc the chance to be hit and
// the expected damage, all as exact fractions. The blade reaches each figure of the arc only
// if no earlier attack dropped or broke the weapon (17/18: the sweep ends, R-S4 order). The AI
// sweeps only when the sweep's worth (quickSweepValue: the damage that counts, as core odds.ts
// blowValue) beats the best single attack's.
import { Fraction } from '../../../../core/dice/fraction.ts';
import { Dist } from '../../../../core/dice/exact.ts';
import { attackOutcome, outcomeMultiplier } from '../../core.ts';
import { blowValue } from '../../odds.ts';
import type { SweepVariant } from './rules.ts';

/** Damage dice in TFT notation, parsed (d6 only): 3d+1 is { dice: 3, plus: 1 }. */
export interface DamageSpec {
  dice: number;
  plus: number;
}

/** One way an attack roll can come out: its probability and the damage multiplier (0 = miss). */
export interface RollOutcome {
  p: Fraction;
  multiplier: number;
}

/**
 * The outcomes of an attack roll of `dice` d6 against `adjDX`, by the core's own outcome table
 * (core.ts attackOutcome, tft-core "To hit"): 3d6: 3 triple, 4 double, 5 automatic hit, 16+
 * never hits; 4d6 against a defending target: Legacy keeps the 4 and 5, 20+ misses; classic has
 * no automatic hits. Hits are merged into one outcome per multiplier.
 */
export function attackOutcomes(adjDX: number, dice: 3 | 4 = 3, classic = false): RollOutcome[] {
  const byMult = new Map<number, Fraction>();
  for (const [total, p] of Dist.dice(dice, 6).entries()) {
    const m = outcomeMultiplier(attackOutcome(total, adjDX, dice, classic));
    if (m > 0) byMult.set(m, (byMult.get(m) ?? Fraction.ZERO).add(p));
  }
  return [...byMult].sort((a, b) => b[0] - a[0]).map(([multiplier, p]) => ({ p, multiplier }));
}

/** R-S5: the friend roll, 3d6 against adjDX, no automatic results: the chance the friend is hit. */
export function friendHitChance(adjDX: number): Fraction {
  return Dist.dice(3, 6).atLeast(adjDX + 1);
}

/**
 * Expected damage after armor of one hit with multiplier `m`: the dice rolled (never below 0),
 * times m, then halved for a new-rule sweep (R-S3), then `armor` hits stopped, never below 0.
 */
export function expectedHitDamage(dmg: DamageSpec, m: number, armor: number, halve: boolean): Fraction {
  const base = dmg.dice > 0 ? Dist.dice(dmg.dice, 6) : Dist.constant(0);
  return base
    .mapTotal((total) => {
      const raw = Math.max(0, total + dmg.plus) * m;
      return Math.max(0, (halve ? Math.floor(raw / 2) : raw) - armor);
    })
    .expectation();
}

export interface TargetOdds {
  id: string;
  adjDX: number;
  dice: 3 | 4;
  /** Chance of any hit (including the automatic ones); in a sweep, times `reach`. */
  hit: Fraction;
  expectedDamage: Fraction;
  /** In a sweep: the chance the blade gets to this target (no drop or break before it). */
  reach?: Fraction;
}

interface CachedOdds {
  hit: Fraction;
  expectedDamage: Fraction;
  /** Chance the roll drops or breaks the weapon (core outcome table): a sweep ends there. */
  stop: Fraction;
  /** `stop` as a float, for the AI's quick comparison. */
  stopN: number;
}
/** Numeric keys for the usual numbers (no string per lookup: the AI asks at every decision), text beyond. */
const oddsCache = new Map<number | string, CachedOdds>();

function cached(adjDX: number, dice: 3 | 4, dmg: DamageSpec, armor: number, halve: boolean, classic: boolean, pole: boolean): CachedOdds {
  const usual = adjDX >= -2 && adjDX <= 40 && dmg.dice < 32 && dmg.plus > -32 && dmg.plus < 32 && armor >= 0 && armor < 64;
  const key = usual
    ? (((((((adjDX + 2) * 2 + (dice - 3)) * 32 + dmg.dice) * 64 + (dmg.plus + 32)) * 64 + armor) * 2 + (halve ? 1 : 0)) * 2 + (classic ? 1 : 0)) * 2 + (pole ? 1 : 0)
    : `${adjDX}|${dice}|${dmg.dice}|${dmg.plus}|${armor}|${halve ? 1 : 0}|${classic ? 1 : 0}|${pole ? 1 : 0}`;
  let v = oddsCache.get(key);
  if (!v) {
    const o = computeOdds(adjDX, dice, dmg, armor, halve, classic, pole);
    v = { ...o, stopN: o.stop.toNumber() };
    if (oddsCache.size > 10000) oddsCache.clear();
    oddsCache.set(key, v);
  }
  return v;
}

/**
 * The AI's measure of a sweep (floats): per target the blow's worth (core odds.ts blowValue: the
 * damage that counts toward downing it, and a weight on downing it) times the chance the blade
 * gets there, summed, less the expected damage to friends; and the best single attack's worth.
 * compareSweep gives explain's exact expected damage.
 */
export function quickSweepValue(
  variant: SweepVariant,
  dmg: DamageSpec,
  targets: readonly (OddsTarget & { downAt: number })[],
  friends: readonly OddsFriend[] = [],
  classicRuleset = false,
): { value: number; bestSingle: number } {
  const halve = variant === 'new';
  const ruleset = classicRuleset ? 'classic' : 'legacy';
  let value = 0;
  let bestSingle = 0;
  // reach[j]: the chance the blade gets past j targets (as reachChances, in floats).
  const reach = [1];
  for (const t of targets) {
    const pole = t.pole === true;
    const r = reach[reach.length - 1];
    value += r * blowValue(t.sweepDX, t.dice, dmg, t.armor, ruleset, t.downAt, halve, pole);
    reach.push(r * (1 - cached(t.sweepDX, t.dice, dmg, t.armor, halve, classicRuleset, pole).stopN));
    bestSingle = Math.max(bestSingle, blowValue(t.singleDX, t.dice, dmg, t.armor, ruleset, t.downAt, false, pole));
  }
  for (const f of friends) value -= reach[Math.min(f.after, targets.length)] * friendExpected(f.adjDX, dmg, f.armor, halve);
  return { value, bestSingle };
}

const friendCache = new Map<string, number>();

/** R-S5 as a float: P(the friend roll fails) x the expected damage of one uncritical hit. */
function friendExpected(adjDX: number, dmg: DamageSpec, armor: number, halve: boolean): number {
  const key = `${adjDX}|${dmg.dice}|${dmg.plus}|${armor}|${halve ? 1 : 0}`;
  let v = friendCache.get(key);
  if (v === undefined) {
    v = friendHitChance(adjDX).mul(expectedHitDamage(dmg, 1, armor, halve)).toNumber();
    if (friendCache.size > 10000) friendCache.clear();
    friendCache.set(key, v);
  }
  return v;
}

/**
 * Chance to hit and expected damage of one attack (full damage, or halved when `halve`; doubled
 * first when `pole`: tft-core pole weapon set against a charge); cached (the AI asks often).
 */
export function attackOdds(id: string, adjDX: number, dice: 3 | 4, dmg: DamageSpec, armor: number, halve: boolean, classic = false, pole = false): TargetOdds {
  const v = cached(adjDX, dice, dmg, armor, halve, classic, pole);
  return { id, adjDX, dice, hit: v.hit, expectedDamage: v.expectedDamage };
}

/** Chance that an attack roll drops or breaks the weapon (core attackOutcome: 17, 18; classic 4d6 21-24). */
export function stopChance(adjDX: number, dice: 3 | 4 = 3, classic = false): Fraction {
  let p = Fraction.ZERO;
  for (const [total, q] of Dist.dice(dice, 6).entries()) {
    const o = attackOutcome(total, adjDX, dice, classic);
    if (o === 'drop' || o === 'break') p = p.add(q);
  }
  return p;
}

/**
 * R-S4 order: the chance the blade reaches each step of a sweep, given the chance each earlier
 * target's roll ends it (`stops`, in arc order): out[j] = P(no stop among the first j). out has
 * one more entry than `stops` (past the last target).
 */
export function reachChances(stops: readonly Fraction[]): Fraction[] {
  const out = [Fraction.ONE];
  for (let j = 0; j < stops.length; j++) out.push(out[j].mul(stops[j].complement()));
  return out;
}

function computeOdds(adjDX: number, dice: 3 | 4, dmg: DamageSpec, armor: number, halve: boolean, classic: boolean, pole: boolean) {
  let hit = Fraction.ZERO;
  let exp = Fraction.ZERO;
  // tft-core pole: double damage, after the critical's multiplier, before R-S3 halves (core hitDamage).
  const factor = pole ? 2 : 1;
  for (const o of attackOutcomes(adjDX, dice, classic)) {
    hit = hit.add(o.p);
    exp = exp.add(o.p.mul(expectedHitDamage(dmg, o.multiplier * factor, armor, halve)));
  }
  return { hit, expectedDamage: exp, stop: stopChance(adjDX, dice, classic) };
}

/** What the odds need to know of each figure in the arc. */
export interface OddsTarget {
  id: string;
  /** adjDX of the sweep's attack on it (sweep penalty and its own modifiers included). */
  sweepDX: number;
  /** adjDX of an ordinary single attack on it. */
  singleDX: number;
  dice: 3 | 4;
  armor: number;
  /** A pole weapon set against this target's charge: its hits do double damage (tft-core pole). */
  pole?: boolean;
}

export interface OddsFriend {
  id: string;
  /** The sweep's adjDX (R-S5: the same adjustment as the attacks). */
  adjDX: number;
  armor: number;
  /** Targets before it in the arc (R-S4 order): it is reached only if none of them ended the sweep. */
  after: number;
}

export interface SweepComparison {
  /** Each target's odds in the sweep, `reach` included (hit and expectedDamage are times reach). */
  targets: TargetOdds[];
  friends: { id: string; reach: Fraction; hit: Fraction; expectedDamage: Fraction }[];
  /** Expected damage to enemies by the sweep. */
  sweepDamage: Fraction;
  /** Expected damage to friends in the arc. */
  friendDamage: Fraction;
  /** sweepDamage - friendDamage: the measure the AI compares. */
  sweepValue: Fraction;
  /** The single attack on each target. */
  singles: TargetOdds[];
  /** The best single attack's expected damage. */
  bestSingle: Fraction;
  /** Whether the sweep's expected damage (sweepValue) is above the best single attack's (strictly). */
  sweepIsBetter: boolean;
}

/**
 * The sweep against `targets` (in arc order, with `friends` in its arc) beside a single attack
 * on each target. Exact: a target or friend counts only when the blade reaches it.
 */
export function compareSweep(
  variant: SweepVariant,
  dmg: DamageSpec,
  targets: readonly OddsTarget[],
  friends: readonly OddsFriend[] = [],
  classicRuleset = false,
): SweepComparison {
  const halve = variant === 'new';
  const odds = targets.map((x) => cached(x.sweepDX, x.dice, dmg, x.armor, halve, classicRuleset, x.pole === true));
  const reach = reachChances(odds.map((o) => o.stop));
  const t = targets.map((x, j): TargetOdds => ({
    id: x.id,
    adjDX: x.sweepDX,
    dice: x.dice,
    hit: reach[j].mul(odds[j].hit),
    expectedDamage: reach[j].mul(odds[j].expectedDamage),
    reach: reach[j],
  }));
  const singles = targets.map((x) => attackOdds(x.id, x.singleDX, x.dice, dmg, x.armor, false, classicRuleset, x.pole === true));
  const f = friends.map((x) => {
    const r = reach[Math.min(x.after, targets.length)];
    const hit = r.mul(friendHitChance(x.adjDX));
    return { id: x.id, reach: r, hit, expectedDamage: hit.mul(expectedHitDamage(dmg, 1, x.armor, halve)) };
  });
  const sweepDamage = t.reduce((a, x) => a.add(x.expectedDamage), Fraction.ZERO);
  const friendDamage = f.reduce((a, x) => a.add(x.expectedDamage), Fraction.ZERO);
  const sweepValue = sweepDamage.sub(friendDamage);
  const bestSingle = singles.reduce((a, x) => (x.expectedDamage.compare(a) > 0 ? x.expectedDamage : a), Fraction.ZERO);
  return { targets: t, friends: f, sweepDamage, friendDamage, sweepValue, singles, bestSingle, sweepIsBetter: sweepValue.compare(bestSingle) > 0 };
}
