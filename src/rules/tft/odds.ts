// Exact odds of a TFT attack from plain numbers: the chance to hit (3d6 or 4d6 against adjDX
// with the automatic results) and the expected damage after armor, with the critical
// multipliers. Reused by `fray explain`, the AI, the lab's `fray odds` and house modules
// (sweep passes a halving transform, R-S3). Counts are integers over 6^n, so the results are
// exact; `*Exact` fields give the reduced fraction.
import { attackOutcome, outcomeMultiplier } from './core.ts';
import type { DamageDice, Figure } from './model.ts';

/** R-H8: one die of a missile hit through armor that stops per die (HiTech): the face times the critical multiplier, less the protection, never below 0. */
export function dieThrough(face: number, multiplier: number, protection: number): number {
  return Math.max(0, face * multiplier - protection);
}

/**
 * R-H8: a missile hit through armor that stops per die (HiTech), from the sum of its dice after dieThrough. The
 * armor bites each die rolled; the adds are no die, so they come on top, times the multiplier
 * as in the core's (dice + adds) x multiplier, and the total is never below 0. So the damage
 * through never exceeds the core's damage before armor. The engine (module.ts armorStops), the
 * odds (odds.ts) and the lab (src/lab/odds.ts) all count a hit this way.
 */
export function hitThrough(diceThrough: number, adds: number, multiplier: number): number {
  return Math.max(0, diceThrough + adds * multiplier);
}

/** counts[t] = ways n d6 give t in all after armor stopping `protection` from each die (dieThrough). */
function throughCounts(n: number, multiplier: number, protection: number): number[] {
  let c = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(c.length + 6 * multiplier).fill(0);
    for (let t = 0; t < c.length; t++) if (c[t]) for (let f = 1; f <= 6; f++) next[t + dieThrough(f, multiplier, protection)] += c[t];
    c = next;
  }
  return c;
}

const countsCache: number[][] = [];

/** counts[t] = number of ways n d6 total t (n <= 12 keeps every count exact in a double). */
export function nd6Counts(n: number): number[] {
  const hit = countsCache[n];
  if (hit) return hit;
  let c = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(c.length + 6).fill(0);
    for (let t = 0; t < c.length; t++) if (c[t]) for (let f = 1; f <= 6; f++) next[t + f] += c[t];
    c = next;
  }
  countsCache[n] = c;
  return c;
}

export interface HitOdds {
  dice: 3 | 4;
  adjDX: number;
  /** Ways (out of `den` = 6^dice) to hit with damage x1, x2, x3. */
  ways: [number, number, number];
  /** Ways to drop / break the weapon. */
  drop: number;
  broken: number;
  den: number;
  /** P(hit). */
  hit: number;
  hitExact: string;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function fractionString(num: bigint | number, den: bigint | number): string {
  const n = BigInt(num);
  const d = BigInt(den);
  if (n === 0n) return '0';
  const g = gcd(n, d);
  return d / g === 1n ? `${n / g}` : `${n / g}/${d / g}`;
}

const hitCache = new Map<number, HitOdds>();

/** tft-core "To hit": the exact odds of a 3d6 (or 4d6) roll against adjDX. */
export function hitOdds(adjDX: number, dice: 3 | 4 = 3, ruleset: 'legacy' | 'classic' = 'legacy', noCriticals = false): HitOdds {
  const key = adjDX * 64 + (dice === 4 ? 1 : 0) + (ruleset === 'classic' ? 2 : 0) + (noCriticals ? 4 : 0);
  const hit = hitCache.get(key);
  if (hit) return hit;
  const c = nd6Counts(dice);
  const ways: [number, number, number] = [0, 0, 0];
  let drop = 0;
  let broken = 0;
  for (let t = dice; t < c.length; t++) {
    if (!c[t]) continue;
    const o = attackOutcome(t, adjDX, dice, ruleset === 'classic', noCriticals);
    const m = outcomeMultiplier(o);
    if (m > 0) ways[m - 1] += c[t];
    else if (o === 'drop') drop += c[t];
    else if (o === 'break') broken += c[t];
  }
  const den = 6 ** dice;
  const h = ways[0] + ways[1] + ways[2];
  const r: HitOdds = { dice, adjDX, ways, drop, broken, den, hit: h / den, hitExact: fractionString(h, den) };
  hitCache.set(key, r);
  return r;
}

export interface AttackOddsInput {
  adjDX: number;
  /** 3 normally; 4 against a defending or dodging target. */
  dice: 3 | 4;
  damage: DamageDice;
  /** Hits stopped by the target's armor and shield (per attack; per die with `armorPerDie`). */
  armor: number;
  /** The armor stops `armor` from each die (dieThrough, hitThrough: R-H8 HiTech armor against missiles). */
  armorPerDie?: boolean;
  /** With `armorPerDie`: a ready shield's hits, stopped once per hit after the per-die armor (tft-core shields). */
  shieldAfter?: number;
  ruleset?: 'legacy' | 'classic';
  /** tft-core pole set against a charge: the hit doubled after the critical (core hitDamage: a second multiplier). */
  pole?: boolean;
  /** Transform of the damage before armor (after the multiplier): sweep halves (R-S3). Not with armorPerDie. */
  transform?: (raw: number) => number;
  /** Damage that puts the target down (unconscious or worse); gives `downChance`. */
  downAt?: number;
  noCriticals?: boolean;
}

export interface AttackOdds {
  hit: number;
  hitExact: string;
  /** Expected damage after armor (0 on a miss). */
  expected: number;
  expectedExact: string;
  /** P(damage after armor >= downAt), when downAt was given. */
  downChance?: number;
  /** E[min(damage after armor, downAt)], when downAt was given: the damage that counts (past downAt it is wasted). */
  expectedCapped?: number;
  downChanceExact?: string;
  /** P(hit with x2), P(hit with x3). */
  double: number;
  triple: number;
}

/** Exact hit chance and expected damage after armor of one attack. */
export function attackOdds(i: AttackOddsInput): AttackOdds {
  if (i.armorPerDie && i.transform) throw new Error('attackOdds: a damage transform with armor per die is not modelled');
  const h = hitOdds(i.adjDX, i.dice, i.ruleset ?? 'legacy', i.noCriticals ?? false);
  const dDen = 6 ** i.damage.dice;
  let num = 0n;
  let down = 0n;
  let capped = 0n;
  for (let m = 1; m <= 3; m++) {
    const wm = h.ways[m - 1];
    if (!wm) continue;
    const mult = i.pole ? 2 * m : m;
    // Per die: counts of the dice's total after the armor (t), else of the dice's total.
    const dc = i.armorPerDie ? throughCounts(i.damage.dice, mult, i.armor) : nd6Counts(i.damage.dice);
    let sub = 0n;
    let subDown = 0n;
    let subCapped = 0n;
    for (let t = 0; t < dc.length; t++) {
      if (!dc[t]) continue;
      let amount: number;
      if (i.armorPerDie) amount = Math.max(0, hitThrough(t, i.damage.plus, mult) - (i.shieldAfter ?? 0));
      else {
        let raw = Math.max(0, t + i.damage.plus) * mult;
        if (i.transform) raw = i.transform(raw);
        amount = Math.max(0, raw - i.armor);
      }
      sub += BigInt(dc[t]) * BigInt(amount);
      if (i.downAt !== undefined) {
        if (amount >= i.downAt) subDown += BigInt(dc[t]);
        subCapped += BigInt(dc[t]) * BigInt(Math.min(amount, i.downAt));
      }
    }
    num += BigInt(wm) * sub;
    down += BigInt(wm) * subDown;
    capped += BigInt(wm) * subCapped;
  }
  const den = BigInt(h.den) * BigInt(dDen);
  const out: AttackOdds = {
    hit: h.hit,
    hitExact: h.hitExact,
    expected: Number(num) / Number(den),
    expectedExact: fractionString(num, den),
    double: h.ways[1] / h.den,
    triple: h.ways[2] / h.den,
  };
  if (i.downAt !== undefined) {
    out.downChance = Number(down) / Number(den);
    out.downChanceExact = fractionString(down, den);
    out.expectedCapped = Number(capped) / Number(den);
  }
  return out;
}

const expCache = new Map<number, number>();

/** Expected damage only, cached: cheap enough for the AI's every decision. */
export function expectedDamageCached(adjDX: number, dice: 3 | 4, damage: DamageDice, armor: number, ruleset: 'legacy' | 'classic' = 'legacy'): number {
  const a = Math.max(-2, Math.min(adjDX, 25));
  // A numeric key (no string building in the AI's hot path); out-of-range values skip the cache.
  const inRange = damage.dice < 32 && damage.plus > -32 && damage.plus < 32 && armor >= 0 && armor < 64;
  if (!inRange) return attackOdds({ adjDX: a, dice, damage, armor, ruleset }).expected;
  const key = (((((a + 2) * 2 + (dice - 3)) * 32 + damage.dice) * 64 + (damage.plus + 32)) * 64 + armor) * 2 + (ruleset === 'classic' ? 1 : 0);
  let v = expCache.get(key);
  if (v === undefined) {
    v = attackOdds({ adjDX: a, dice, damage, armor, ruleset }).expected;
    expCache.set(key, v);
  }
  return v;
}

/** Damage that puts `t` down (unconscious or worse): remST - 1, at least 1 (tft-core; R-T1 too: both stop a figure at remST 1). */
export function damageToDown(t: Figure): number {
  return Math.max(1, t.st - t.wounds - t.fatigue - 1);
}

/**
 * What one blow is worth to the AI in damage units: only the damage that counts toward putting
 * the target down (E[min(damage, downAt)]: past downAt it is wasted), plus DOWN_WEIGHT for each
 * unit of P(the target goes down): a foe down strikes no more. The lab chose the weight against
 * plain expected damage (docs/LAB.md, "The AI's measure of a blow").
 */
export const DOWN_WEIGHT = 10;

/** The AI's worth of a blow from its odds (asked with downAt): E[min(damage, downAt)] + DOWN_WEIGHT x P(down). */
export function blowWorth(o: AttackOdds): number {
  if (o.expectedCapped === undefined || o.downChance === undefined) throw new Error('blowWorth: the odds were not asked with downAt');
  return o.expectedCapped + DOWN_WEIGHT * o.downChance;
}

const blowCache = new Map<number, number>();
const halfDown = (raw: number) => Math.floor(raw / 2);

/**
 * The AI's worth of a blow (DOWN_WEIGHT above), exact odds, cached for the usual numbers (the AI
 * asks at every decision; plain arguments, no object built per call). `downAt`: damageToDown of
 * the target; `halve`: R-S3, a new-rule sweep halves the damage before armor; `pole`: tft-core
 * pole set against a charge, the hit doubled. Armor stops once per hit.
 */
export function blowValue(adjDX: number, dice: 3 | 4, damage: { dice: number; plus: number }, armor: number, ruleset: 'legacy' | 'classic', downAt: number, halve = false, pole = false): number {
  const a = Math.max(-2, Math.min(adjDX, 25));
  const usual = damage.dice < 32 && damage.plus > -32 && damage.plus < 32 && armor >= 0 && armor < 64 && downAt >= 1 && downAt < 64;
  const key = usual
    ? ((((((((a + 2) * 2 + (dice - 3)) * 32 + damage.dice) * 64 + (damage.plus + 32)) * 64 + armor) * 64 + downAt) * 2 + (ruleset === 'classic' ? 1 : 0)) * 2 + (halve ? 1 : 0)) * 2 + (pole ? 1 : 0)
    : -1;
  let v = usual ? blowCache.get(key) : undefined;
  if (v === undefined) {
    v = blowWorth(attackOdds({ adjDX: a, dice, damage: damage as DamageDice, armor, ruleset, pole, transform: halve ? halfDown : undefined, downAt }));
    if (usual) {
      if (blowCache.size > 100_000) blowCache.clear();
      blowCache.set(key, v);
    }
  }
  return v;
}
