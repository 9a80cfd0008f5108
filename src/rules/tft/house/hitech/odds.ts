// Exact odds of HiTech fire for explain and the AI (seed f04d4dae; R-H8..R-H12): the chance to
// hit, the distribution of the number of hits of each burst, and the expected damage after
// HiTech armor, from the exact distributions in src/core/dice/exact.ts.
import { Dist } from '../../../../core/dice/exact.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { type Hex, hexLength } from '../../../../core/hex/coords.ts';
import { attackOutcome, outcomeMultiplier } from '../../core.ts';
import { burstHits } from './autofire.ts';
import { BLAST_RINGS, blastDice, scatterLanding } from './blast.ts';
import { effectiveProtection } from './damage.ts';

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

/** Expected damage of one hit of `n` dice after per-die armor (R-H8), AP (R-H9), impact hex (R-H12), HE doubling (R-H9). */
export function expectedHitDamage(n: number, protection: number, multiplier: number, ap = false, explosive = false, impactHex = false): Fraction {
  return Fraction.of(hitDamageSixths(n, protection, multiplier, ap, explosive, impactHex), 6);
}

/** expectedHitDamage times 6: a whole number (each die's six faces counted once). */
function hitDamageSixths(n: number, protection: number, multiplier: number, ap: boolean, explosive: boolean, impactHex: boolean): number {
  const p = effectiveProtection(protection, ap, impactHex).protection;
  let perDie = 0;
  for (let f = 1; f <= 6; f++) perDie += Math.max(0, f * multiplier - p);
  return perDie * n * (explosive ? 2 : 1);
}

/** Exact odds of one shot or burst (R-H10 hits, R-H8 armor per die). */
export function shotOdds(s: ShotSpec): ShotOdds {
  const roll = Dist.dice(s.dice, 6);
  const hits = roll.mapTotal((r) => {
    const e = rollEffect(s.dice, r, s.adjDx, s.classic);
    return e.hit ? burstHits(s.adjDx, r, s.rounds) : 0;
  });
  const one = expectedHitDamage(s.damageDice, s.protection, 1, s.ap, s.explosive, s.impactHex);
  let expected = Fraction.ZERO;
  for (const [r, p] of roll.entries()) {
    const e = rollEffect(s.dice, r, s.adjDx, s.classic);
    if (!e.hit) continue;
    const k = burstHits(s.adjDx, r, s.rounds);
    const first = e.multiplier === 1 ? one : expectedHitDamage(s.damageDice, s.protection, e.multiplier, s.ap, s.explosive, s.impactHex);
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
  const inRange = s.adjDx >= -64 && s.adjDx < 64 && s.rounds >= 0 && s.rounds < 128 && s.damageDice >= 0 && s.damageDice < 64 && s.protection >= 0 && s.protection < 64;
  const flags = (s.dice === 4 ? 1 : 0) | (s.ap ? 2 : 0) | (s.explosive ? 4 : 0) | (s.impactHex ? 8 : 0) | (s.classic ? 16 : 0);
  const key = ((((s.adjDx + 64) * 128 + s.rounds) * 64 + s.damageDice) * 64 + s.protection) * 32 + flags;
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
}

/**
 * Expected blast damage to each figure of a grenade or rocket aimed at `aimed` (R-H12): with
 * probability `pHit` it lands there, else it scatters 1d6 hexes in a 1d6 direction (36 equally
 * likely landings); each figure takes the dice of its ring, armor per die, halved in the impact hex.
 */
export function blastExpectation(aimed: Hex, dice: number, pHit: Fraction, figures: readonly BlastTarget[]): Map<string, Fraction> {
  const out = new Map<string, Fraction>();
  const miss = pHit.complement();
  for (const f of figures) {
    const s = blastSixths(dice, f.protection, f.pos.q - aimed.q, f.pos.r - aimed.r);
    let e = s.direct === 0 ? Fraction.ZERO : pHit.mul(Fraction.of(s.direct, 6));
    if (s.scattered !== 0 && !miss.isZero()) e = e.add(miss.mul(Fraction.of(s.scattered, 6 * 36)));
    out.set(f.id, e);
  }
  return out;
}

/** Where a scattered blast lands, from the hex aimed at: 1d6 hexes in a 1d6 direction (R-H12), 36 ways. */
const SCATTER: readonly Hex[] = Array.from({ length: 36 }, (_, i) => scatterLanding({ q: 0, r: 0 }, (i % 6) + 1, Math.floor(i / 6) + 1));
/** No landing is farther than this from the hex aimed at. */
const SCATTER_REACH = 6;

interface BlastSixths {
  /** 6 x the expected damage when the blast lands where aimed. */
  direct: number;
  /** 6 x the sum of the expected damage over the 36 scatter landings (whole numbers: exact). */
  scattered: number;
}

const NO_BLAST: BlastSixths = { direct: 0, scattered: 0 };
const blastMemo = new Map<number, BlastSixths>();

/**
 * The expected blast damage, in sixths, to a figure standing (dq, dr) from the hex aimed at,
 * with `protection` per die: by the ring it is in from each landing (the figure's dice and
 * armor per ring, halved in the impact hex). Remembered: it depends on nothing else.
 */
function blastSixths(dice: number, protection: number, dq: number, dr: number): BlastSixths {
  const reach = SCATTER_REACH + BLAST_RINGS;
  if (hexLength(dq, dr) > reach) return NO_BLAST;
  const inRange = dice >= 0 && dice < 64 && protection >= 0 && protection < 64;
  const span = 2 * reach + 1;
  const key = ((dice * 64 + protection) * span + dq + reach) * span + dr + reach;
  let v = inRange ? blastMemo.get(key) : undefined;
  if (v === undefined) {
    const byRing: number[] = [];
    for (let ring = 0, n = blastDice(dice, 0); n > 0; n = blastDice(dice, ++ring)) byRing.push(hitDamageSixths(n, protection, 1, false, false, ring === 0));
    const at = (q: number, r: number): number => {
      const ring = hexLength(q, r);
      return ring < byRing.length ? byRing[ring] : 0;
    };
    let scattered = 0;
    for (const l of SCATTER) scattered += at(dq - l.q, dr - l.r);
    v = { direct: at(dq, dr), scattered };
    if (inRange) blastMemo.set(key, v);
  }
  return v;
}

/** P(hit) of a roll against a hex or a figure: 3d6 (or 4d6) <= adjDX with the automatic results. */
export function hitChance(dice: 3 | 4, adjDx: number, classic = false): Fraction {
  return Dist.dice(dice, 6).prob((r) => rollEffect(dice, r, adjDx, classic).hit);
}
