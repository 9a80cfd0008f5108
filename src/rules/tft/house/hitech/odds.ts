// Exact odds of HiTech fire for explain and the AI (seed f04d4dae; R-H8..R-H12): the chance to
// hit, the distribution of the number of hits of each burst, and the expected damage after
// armor as the engine counts it (HiTech armor per die and then a ready shield once per hit;
// low-tech armor and shield once per hit), from the exact distributions in
// src/core/dice/exact.ts.
import { Dist } from '../../../../core/dice/exact.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { type Hex, hexLength } from '../../../../core/hex/coords.ts';
import { attackOutcome, outcomeMultiplier } from '../../core.ts';
import { DOWN_WEIGHT, dieThrough } from '../../odds.ts';
import { burstHits } from './autofire.ts';
import { BLAST_RINGS, blastDice, scatterLanding } from './blast.ts';
import { protectionAfter, shieldThrough } from './damage.ts';

/** What an attack roll does, by the core's own outcome table (tft-core criticals; Legacy or classic 4d6). */
export function rollEffect(dice: 3 | 4, roll: number, adjDx: number, classic = false): { hit: boolean; multiplier: number } {
  const m = outcomeMultiplier(attackOutcome(roll, adjDx, dice, classic));
  return { hit: m > 0, multiplier: Math.max(1, m) };
}

export interface ShotSpec {
  adjDx: number;
  dice: 3 | 4;
  /** Rounds fired (the cap on hits). */
  rounds: number;
  /** Damage dice per hit (d6, no adds for firearms). */
  damageDice: number;
  /** Target armor protection (HiTech: per die). */
  protection: number;
  /** Low-tech armor (and shield): the protection comes off once per hit, not per die (tft-core; the engine's armorStops). */
  armorOnce?: boolean;
  /**
   * A ready shield's hits, once per hit after the per-die armor (shieldThrough: tft-core shields;
   * halved like armor against AP and in the impact hex). With `armorOnce` it adds to the
   * protection (the engine halves armor and shield together there).
   */
  shield?: number;
  ap?: boolean;
  explosive?: boolean;
  impactHex?: boolean;
  /** Classic ruleset (4d6 without automatic hits). */
  classic?: boolean;
}

export interface ShotOdds {
  /** P(at least one hit). */
  hit: Fraction;
  /** P(number of hits = k), k from 0. */
  hits: Dist;
  /** Expected damage after armor (HE doubling included; splash not). */
  expectedDamage: Fraction;
}

/**
 * The distribution of one hit's damage of `n` dice (no adds: firearms and blasts) after armor, as
 * the engine's armorStops counts it: HiTech armor per die (R-H8, dieThrough) and then a ready
 * `shield` once (shieldThrough), or with `armorOnce` low-tech armor and shield once per hit
 * (tft-core); AP (R-H9), impact hex (R-H12), HE doubling (R-H9).
 */
export function hitDamage(n: number, protection: number, multiplier: number, ap = false, explosive = false, impactHex = false, armorOnce = false, shield = 0): Dist {
  const x2 = explosive ? 2 : 1;
  if (armorOnce) {
    const all = protectionAfter(protection + shield, ap, impactHex);
    return Dist.dice(n, 6).mapTotal((t) => Math.max(0, t * multiplier - all) * x2);
  }
  const p = protectionAfter(protection, ap, impactHex);
  return Dist.die(6)
    .mapTotal((f) => dieThrough(f, multiplier, p))
    .repeat(n)
    .mapTotal((t) => shieldThrough(t, shield, ap, impactHex) * x2);
}

/** Expected damage of one hit (hitDamage's expectation). */
export function expectedHitDamage(n: number, protection: number, multiplier: number, ap = false, explosive = false, impactHex = false, armorOnce = false, shield = 0): Fraction {
  return hitDamage(n, protection, multiplier, ap, explosive, impactHex, armorOnce, shield).expectation();
}

/**
 * The AI's worth of a damage distribution against a target that goes down at `downAt`, exact:
 * E[min(damage, downAt)] + DOWN_WEIGHT x P(damage >= downAt), the core's measure of a blow
 * (src/rules/tft/odds.ts blowWorth) as a fraction.
 */
export function damageWorth(d: Dist, downAt: number): Fraction {
  const capped = d.mapTotal((x) => Math.min(x, downAt));
  return capped.expectation().add(capped.atLeast(downAt).mul(DOWN_WEIGHT));
}

/** Exact odds of one shot or burst (R-H10 hits; R-H8 armor per die, or once for low-tech armor). */
export function shotOdds(s: ShotSpec): ShotOdds {
  const roll = Dist.dice(s.dice, 6);
  const hits = roll.mapTotal((r) => {
    const e = rollEffect(s.dice, r, s.adjDx, s.classic);
    return e.hit ? burstHits(s.adjDx, r, s.rounds) : 0;
  });
  const one = expectedHitDamage(s.damageDice, s.protection, 1, s.ap, s.explosive, s.impactHex, s.armorOnce, s.shield);
  let expected = Fraction.ZERO;
  for (const [r, p] of roll.entries()) {
    const e = rollEffect(s.dice, r, s.adjDx, s.classic);
    if (!e.hit) continue;
    const k = burstHits(s.adjDx, r, s.rounds);
    const first = e.multiplier === 1 ? one : expectedHitDamage(s.damageDice, s.protection, e.multiplier, s.ap, s.explosive, s.impactHex, s.armorOnce, s.shield);
    expected = expected.add(p.mul(first.add(one.mul(k - 1))));
  }
  return { hit: hits.atLeast(1), hits, expectedDamage: expected };
}

/** A shot's odds as the fire options report them: plain numbers, and the exact expectation as text. */
export interface ShotSummary {
  hit: number;
  /** [k, P(k hits)] for each possible number of hits. */
  hits: [number, number][];
  expectedDamage: number;
  expectedDamageExact: string;
}

const summaries = new Map<number, ShotSummary>();

/**
 * shotOdds as numbers, remembered by the spec (a numeric key, as expectedDamageCached in the
 * core): the AI asks for the same few shots at every decision of every fight. Specs outside the
 * key's range are computed each time. Callers must not change the result.
 */
export function shotSummary(s: ShotSpec): ShotSummary {
  const shield = s.shield ?? 0;
  const inRange =
    s.adjDx >= -64 && s.adjDx < 64 && s.rounds >= 0 && s.rounds < 128 && s.damageDice >= 0 && s.damageDice < 64 && s.protection >= 0 && s.protection < 64 && shield >= 0 && shield < 64;
  const flags = (s.dice === 4 ? 1 : 0) | (s.ap ? 2 : 0) | (s.explosive ? 4 : 0) | (s.impactHex ? 8 : 0) | (s.classic ? 16 : 0) | (s.armorOnce && s.protection + shield > 0 ? 32 : 0);
  const key = (((((s.adjDx + 64) * 128 + s.rounds) * 64 + s.damageDice) * 64 + s.protection) * 64 + shield) * 64 + flags;
  let v = inRange ? summaries.get(key) : undefined;
  if (v === undefined) {
    const o = shotOdds(s);
    v = { hit: o.hit.toNumber(), hits: o.hits.probabilities(), expectedDamage: o.expectedDamage.toNumber(), expectedDamageExact: o.expectedDamage.toString() };
    if (inRange) summaries.set(key, v);
  }
  return v;
}

export interface BlastTarget {
  id: string;
  pos: Hex;
  protection: number;
  /** Low-tech armor (and shield): once per hit (tft-core), not per die (as ShotSpec.armorOnce). */
  armorOnce?: boolean;
  /** A ready shield once per hit after the per-die armor (as ShotSpec.shield). */
  shield?: number;
}

/**
 * Expected blast damage to each figure of a grenade or rocket aimed at `aimed` (R-H12): with
 * probability `pHit` it lands there, else it scatters 1d6 hexes in a 1d6 direction (36 equally
 * likely landings); each figure takes the dice of its ring, its armor (per die and then a
 * shield once, or once for low-tech armor and shield) halved in the impact hex.
 */
export function blastExpectation(aimed: Hex, dice: number, pHit: Fraction, figures: readonly BlastTarget[]): Map<string, Fraction> {
  const out = new Map<string, Fraction>();
  // pHit and its complement share a denominator: one fraction (one gcd) per figure.
  const hit = pHit.num * 36n;
  const miss = pHit.den - pHit.num;
  for (const f of figures) {
    const s = blastSums(aimed, dice, f, 0);
    out.set(f.id, s.direct === 0n && s.scattered === 0n ? Fraction.ZERO : Fraction.of(hit * s.direct + miss * s.scattered, pHit.den * s.unit * 36n));
  }
  return out;
}

/**
 * The AI's worth of a blast aimed at `aimed` to figure `f`, which goes down at `downAt`
 * (damageToDown): over the landings as blastExpectation, damageWorth of the damage of its ring.
 * A plain number from the exact sums (the AI asks for it in its hot loop).
 */
export function blastWorth(aimed: Hex, dice: number, pHit: number, f: BlastTarget, downAt: number): number {
  const s = blastSums(aimed, dice, f, Math.max(1, downAt));
  return (pHit * Number(s.direct) + ((1 - pHit) * Number(s.scattered)) / 36) / Number(s.unit);
}

/** blastUnits for figure `f` and a blast aimed at `aimed`. */
function blastSums(aimed: Hex, dice: number, f: BlastTarget, downAt: number): BlastUnits {
  // Without armor, once or per die is the same: one memo entry (the per-die count is the quicker).
  const shield = f.shield ?? 0;
  return blastUnits(dice, f.protection, f.armorOnce === true && f.protection + shield > 0, shield, f.pos.q - aimed.q, f.pos.r - aimed.r, downAt);
}

/** Where a scattered blast lands, from the hex aimed at: 1d6 hexes in a 1d6 direction (R-H12), 36 ways. */
const SCATTER: readonly Hex[] = Array.from({ length: 36 }, (_, i) => scatterLanding({ q: 0, r: 0 }, (i % 6) + 1, Math.floor(i / 6) + 1));
/** No landing is farther than this from the hex aimed at. */
const SCATTER_REACH = 6;

/** Expected damages (or worths) as whole numbers of 1/unit (unit = 6^dice: every ring's expectation and worth is one; exact). */
interface BlastUnits {
  /** The expected damage when the blast lands where aimed. */
  direct: bigint;
  /** The sum of the expected damage over the 36 scatter landings. */
  scattered: bigint;
  unit: bigint;
}

const NO_BLAST: BlastUnits = { direct: 0n, scattered: 0n, unit: 1n };
const blastMemo = new Map<number, BlastUnits>();

/**
 * The expected blast damage to a figure standing (dq, dr) from the hex aimed at, with its
 * armor: by the ring it is in from each landing (the figure's dice and armor per ring, halved
 * in the impact hex); with `downAt` >= 1 the damage's worth (damageWorth) instead. Remembered:
 * it depends on nothing else.
 */
function blastUnits(dice: number, protection: number, armorOnce: boolean, shield: number, dq: number, dr: number, downAt: number): BlastUnits {
  const reach = SCATTER_REACH + BLAST_RINGS;
  if (hexLength(dq, dr) > reach) return NO_BLAST;
  const inRange = dice >= 0 && dice < 64 && protection >= 0 && protection < 64 && shield >= 0 && shield < 64 && downAt >= 0 && downAt < 64;
  const span = 2 * reach + 1;
  const key = ((((((dice * 64 + protection) * 64 + shield) * 2 + (armorOnce ? 1 : 0)) * 64 + downAt) * span + dq + reach) * span + dr + reach);
  let v = inRange ? blastMemo.get(key) : undefined;
  if (v === undefined) {
    const unit = 6n ** BigInt(dice);
    const byRing: bigint[] = [];
    for (let ring = 0, n = blastDice(dice, 0); n > 0; n = blastDice(dice, ++ring)) {
      const d = hitDamage(n, protection, 1, false, false, ring === 0, armorOnce, shield);
      const e = downAt >= 1 ? damageWorth(d, downAt) : d.expectation();
      byRing.push((e.num * unit) / e.den);
    }
    const at = (q: number, r: number): bigint => {
      const ring = hexLength(q, r);
      return ring < byRing.length ? byRing[ring] : 0n;
    };
    let scattered = 0n;
    for (const l of SCATTER) scattered += at(dq - l.q, dr - l.r);
    v = { direct: at(dq, dr), scattered, unit };
    if (inRange) {
      if (blastMemo.size > 100_000) blastMemo.clear();
      blastMemo.set(key, v);
    }
  }
  return v;
}

const hitChances = new Map<number, Fraction>();

/** P(hit) of a roll against a hex or a figure: 3d6 (or 4d6) <= adjDX with the automatic results. Remembered (the AI asks per aim point). */
export function hitChance(dice: 3 | 4, adjDx: number, classic = false): Fraction {
  const key = adjDx >= -64 && adjDx < 64 ? ((adjDx + 64) * 2 + (dice === 4 ? 1 : 0)) * 2 + (classic ? 1 : 0) : -1;
  let v = key >= 0 ? hitChances.get(key) : undefined;
  if (v === undefined) {
    v = Dist.dice(dice, 6).prob((r) => rollEffect(dice, r, adjDx, classic).hit);
    if (key >= 0) hitChances.set(key, v);
  }
  return v;
}
