// Exact odds for `fray odds` (issue 8 part 1): a dice expression, one TFT attack (melee or
// HiTech fire, sweeping blows) and one AD&D swing, each as an exact distribution of the damage
// with the chance to take the target to each of the five states. Built on core/dice/exact.ts
// and on the rules' own pieces (attackOutcome, burstHits, sweepPenalty, threadStateOf,
// criticalRow...), never on a second copy of a rule.
import { Dist, MAX_ENUMERATION_WORK, enumerationProblem, enumerationWork, gcdNum } from '../core/dice/exact.ts';
import { Fraction } from '../core/dice/fraction.ts';
import { type DiceExpr, DiceSyntaxError, diceBounds, parseDice } from '../core/dice/notation.ts';
import { InputError } from '../core/errors.ts';
import { type Ledger, type LedgerEntry, ledger } from '../core/ledger.ts';
import type { FigureState } from '../engine/types.ts';
import { CRITICAL_SWITCH, CRITICALS_OFF, clampHit, confirmFaces, criticalRow, criticalsOn, figureState as adndState, thresholdLedger } from '../rules/adnd/combat.ts';
import type { Figure as AdndFigure, AdndOptions, Score } from '../rules/adnd/model.ts';
import { formatScore, parseScore, scoreRangeText } from '../rules/adnd/tables.ts';
import { statesOf } from './summary.ts';
import { dexToHitInto } from '../rules/adnd/tohit.ts';
import { attackOutcome, outcomeMultiplier, parseDamage, standardWoundState } from '../rules/tft/core.ts';
import { dieThrough, hitThrough } from '../rules/tft/odds.ts';
import { burstHits, burstProblem, clipUse } from '../rules/tft/house/hitech/autofire.ts';
import type { FirearmDef } from '../rules/tft/house/hitech/data.ts';
import { effectiveProtection, shieldThrough } from '../rules/tft/house/hitech/damage.ts';
import { reachChances } from '../rules/tft/house/sweep/odds.ts';
import { CLASSIC_MAX_ARC, sweepPenalty, type SweepVariant } from '../rules/tft/house/sweep/rules.ts';
import { threadStateOf } from '../rules/tft/house/thread/states.ts';
import type { Figure as TftFigure } from '../rules/tft/model.ts';
import { oneLine, quote } from '../core/issues.ts';

export const STATES: readonly FigureState[] = ['healthy', 'reeling', 'unconscious', 'dying', 'dead'];

/** A distribution as plain JSON: value, exact probability text and float. */
export interface DistRow {
  value: number;
  p: number;
  exact: string;
}

export function distRows(d: Dist): DistRow[] {
  return rowsOf(d, numberCounts(d));
}

/** Counts of the totals min..max over one denominator, as plain numbers. */
interface NumberCounts {
  den: number;
  counts: number[];
}

/**
 * d's counts as plain numbers, or null when they are BigInt. A non-BigInt Dist has a safe
 * denominator, and every count and partial sum of counts is at most that, so they stay exact.
 */
function numberCounts(d: Dist): NumberCounts | null {
  if (d.isBig) return null;
  const counts = new Array<number>(d.max - d.min + 1);
  for (let x = d.min; x <= d.max; x++) counts[x - d.min] = Number(d.countAt(x));
  return { den: Number(d.denominator), counts };
}

function rowsOf(d: Dist, nc: NumberCounts | null): DistRow[] {
  if (nc === null) return d.entries().map(([value, p]) => ({ value, p: p.toNumber(), exact: p.toString() }));
  // The same reduced fraction text and the same double as Fraction.of(count, den) gives
  // (both are the correctly rounded quotient of the same rational), without BigInt gcds.
  const { den, counts } = nc;
  const text = ratioTexts(den);
  const out: DistRow[] = [];
  for (let j = 0; j < counts.length; j++) {
    const c = counts[j];
    if (c !== 0) out.push({ value: d.min + j, p: c / den, exact: text(c) });
  }
  return out;
}

const SMALL_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47];

/**
 * n -> Fraction.of(n, den).toString() for safe whole n >= 0 and one safe den > 0. Dice
 * denominators are products of die sizes, so den is factored once into small primes (and a
 * cofactor free of them); gcd(n, den) is then a few exact divisions per prime instead of a
 * Euclid loop on doubles per count.
 */
function ratioTexts(den: number): (n: number) => string {
  const primes: number[] = [];
  const powers: number[] = [];
  let rest = den;
  for (const p of SMALL_PRIMES) {
    let e = 0;
    while (rest % p === 0) {
      rest /= p;
      e++;
    }
    if (e > 0) {
      primes.push(p);
      powers.push(e);
    }
  }
  const unders = new Map<number, string>();
  return (n) => {
    let g = 1;
    let m = n;
    for (let j = 0; j < primes.length; j++) {
      const p = primes[j];
      for (let e = powers[j]; e > 0; e--) {
        // Exact: q * p is m only when p divides m (no rounding in either step then).
        const q = Math.floor(m / p);
        if (q * p !== m) break;
        m = q;
        g *= p;
      }
    }
    if (rest !== 1) g *= gcdNum(m, rest);
    if (den === g) return String(n / g);
    // Few distinct reduced denominators per distribution: their text once each.
    let under = unders.get(g);
    if (under === undefined) {
      under = `/${den / g}`;
      unders.set(g, under);
    }
    return String(n / g) + under;
  };
}

/** Fraction.of(n, den).toString() for safe whole n >= 0 and den > 0. */
function ratioText(n: number, den: number): string {
  const g = gcdNum(n, den);
  return den === g ? String(n / g) : `${n / g}/${den / g}`;
}

/** The exact expected total of d: from plain numbers when they stay safe (Dist.expectation otherwise). */
function expectationOf(d: Dist, nc: NumberCounts | null): Fraction {
  // Every partial sum is at most max|x| * den in size.
  if (nc === null || Math.max(Math.abs(d.min), Math.abs(d.max)) * nc.den > Number.MAX_SAFE_INTEGER) return d.expectation();
  let s = 0;
  for (let j = 0; j < nc.counts.length; j++) s += (d.min + j) * nc.counts[j];
  return Fraction.of(s, nc.den);
}

function prob(f: Fraction): { p: number; exact: string } {
  return { p: f.toNumber(), exact: f.toString() };
}

// ---------------------------------------------------------------------------------------------
// Dice expressions
// ---------------------------------------------------------------------------------------------

export type Comparison = '<=' | '>=' | '<' | '>' | '=';

export interface DiceOddsResult {
  kind: 'dice';
  expression: string;
  min: number;
  max: number;
  mean: number;
  meanExact: string;
  sd: number;
  distribution: DistRow[];
  /** With a threshold: P(total op value). */
  threshold?: { op: Comparison; value: number; p: number; exact: string };
}

/** The longest dice expression or damage text the lab reads (a longer text is refused, and never quoted whole). */
export const MAX_EXPRESSION_CHARS = 200;

/** The largest threshold, either way: beyond it a number is no longer exact (and no dice total reaches it). */
export const MAX_THRESHOLD = 1e12;

/** The comparisons a threshold may use, as written (≤ and ≥ too) -> as the result names them. */
const COMPARISONS: Record<string, Comparison> = { '<=': '<=', '>=': '>=', '<': '<', '>': '>', '=': '=', '==': '=', '≤': '<=', '≥': '>=' };

/** A bad threshold is an error of the expression it is written in. */
function thresholdError(message: string): InputError {
  return new InputError([{ path: 'expression', message }], 'odds');
}

/**
 * Reads "3d6<=12", "1d20 >= 15" or "3d6" into the expression and its optional threshold (a
 * whole number after <=, >=, <, >, = or ==; ≤ and ≥ too). InputError on 'expression' for a
 * comparison that is not one of these, a missing or non-whole number, or nothing before it.
 */
export function splitThreshold(text: string): { expr: string; op?: Comparison; value?: number } {
  const at = text.search(/[<>=≤≥!]/);
  if (at < 0) return { expr: text.trim() };
  const expr = text.slice(0, at).trim();
  const rest = text.slice(at);
  const opText = /^[<>=≤≥!]+/.exec(rest)?.[0] ?? '';
  const valueText = rest.slice(opText.length).trim();
  const op = COMPARISONS[opText];
  if (op === undefined) throw thresholdError(`${quote(opText)} is not a comparison: write <=, >=, <, > or = and a whole number (3d6<=12)`);
  if (expr === '') throw thresholdError(`nothing before ${quote(opText)}: write the dice first (3d6${opText}12)`);
  if (valueText === '') throw thresholdError(`${quote(opText)} needs a whole number after it (3d6${opText}12)`);
  if (!/^[+-]?\d+$/.test(valueText)) throw thresholdError(`the threshold ${quote(valueText)} is not a whole number (3d6${opText}12)`);
  const value = Number(valueText);
  if (Math.abs(value) > MAX_THRESHOLD) throw thresholdError(`the threshold ${quote(valueText)} is out of range (from -${MAX_THRESHOLD.toLocaleString('en')} to ${MAX_THRESHOLD.toLocaleString('en')})`);
  return { expr, op, value };
}

/** InputError on `path` for a text longer than MAX_EXPRESSION_CHARS (quoting its start only). */
function checkLength(text: string, path: string, max = MAX_EXPRESSION_CHARS): void {
  if (text.length > max) throw new InputError([{ path, message: `${quote(text)} is ${text.length.toLocaleString('en')} characters long; at most ${max}` }], 'odds');
}

/** parseDice, with a bounded text and errors that quote only its start. */
function parseExpr(text: string, path: string): DiceExpr {
  checkLength(text, path);
  try {
    return parseDice(text, path);
  } catch (e) {
    // The reason may quote a long run of digits ("die sides 99999... is too large"): its start only.
    if (e instanceof DiceSyntaxError) throw new InputError([{ path, message: `${oneLine(e.reason.replace(/\d{16,}/g, (d) => `${d.slice(0, 12)}...`))} in ${quote(e.text)}` }], 'dice notation');
    throw e;
  }
}

export function compareProb(d: Dist, op: Comparison, v: number): Fraction {
  switch (op) {
    case '<=':
      return d.atMost(v);
    case '>=':
      return d.atLeast(v);
    case '<':
      return d.below(v);
    case '>':
      return d.above(v);
    case '=':
      return d.exactly(v);
  }
}

/** InputError on `path` when `e` is too large to enumerate exactly in a second or two. */
export function checkEnumerable(e: DiceExpr, text: string, path: string): void {
  const why = enumerationProblem(e, text);
  if (why) throw new InputError([{ path, message: why }], 'odds');
}

/** The exact distribution of a dice expression, with P(total op value) when asked. */
export function diceOdds(text: string, threshold?: { op: Comparison; value: number }): DiceOddsResult {
  const e = parseExpr(text, 'expression');
  checkEnumerable(e, text, 'expression');
  const d = Dist.of(e);
  const out: DiceOddsResult = {
    kind: 'dice',
    expression: text,
    min: d.min,
    max: d.max,
    mean: d.mean(),
    meanExact: d.expectation().toString(),
    sd: Math.sqrt(d.variance().toNumber()),
    distribution: distRows(d),
  };
  if (threshold) out.threshold = { op: threshold.op, value: threshold.value, ...prob(compareProb(d, threshold.op, threshold.value)) };
  return out;
}

// ---------------------------------------------------------------------------------------------
// The target's states
// ---------------------------------------------------------------------------------------------

export interface TftTarget {
  st: number;
  wounds?: number;
  fatigue?: number;
  /** Hanging by a Thread states (R-T1, default) or standard TFT (thread off). */
  thread?: boolean;
}

/** The state of a TFT figure with these numbers (R-T1 bands, or standard TFT with thread off). */
export function tftStateAfter(t: TftTarget, damage: number): FigureState {
  const wounds = (t.wounds ?? 0) + damage;
  const fatigue = t.fatigue ?? 0;
  if (t.thread ?? true) return threadStateOf(t.st, wounds, fatigue, true, false);
  return standardWoundState({ st: t.st, wounds, fatigue } as TftFigure, false).state;
}

export interface StateOdds {
  state: FigureState;
  p: number;
  exact: string;
  /** P(this state or worse). */
  atLeast: number;
}

/** P(each state) after taking a damage drawn from `damage`. */
export function stateOdds(damage: Dist, stateOf: (dmg: number) => FigureState, states: readonly FigureState[] = STATES): StateOdds[] {
  const by = new Map<FigureState, Fraction>();
  const nc = numberCounts(damage);
  if (nc === null) {
    for (const [x, p] of damage.entries()) {
      const s = stateOf(x);
      by.set(s, (by.get(s) ?? Fraction.ZERO).add(p));
    }
  } else {
    // Counts per state over the one denominator (each sum is at most den: exact).
    const counts = new Map<FigureState, number>();
    for (let j = 0; j < nc.counts.length; j++) {
      const c = nc.counts[j];
      if (c === 0) continue;
      const s = stateOf(damage.min + j);
      counts.set(s, (counts.get(s) ?? 0) + c);
    }
    for (const [s, c] of counts) by.set(s, Fraction.of(c, nc.den));
  }
  let worse = 0;
  const rows = states.map((state) => {
    const f = by.get(state) ?? Fraction.ZERO;
    return { state, ...prob(f), atLeast: 0 };
  });
  for (let i = rows.length - 1; i >= 0; i--) {
    worse += rows[i].p;
    rows[i].atLeast = Math.min(1, worse);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// TFT attacks
// ---------------------------------------------------------------------------------------------

export type Burst = 'single' | 'four' | 'half' | 'full';

export interface TftAttackInput {
  /** adjDX of the attack, every modifier included (a sweep's penalty is added here). */
  adjDX: number;
  /** Damage in TFT notation ("2d+1"). */
  damage: string;
  /** Hits stopped: per attack (melee), or per die with perDie (HiTech armor vs missiles, R-H8). */
  armor?: number;
  perDie?: boolean;
  /**
   * A ready shield's hits stopped (tft-core shields): with perDie, once per hit after the per-die
   * armor (HiTech shieldThrough: the engine's count, halved by AP too); otherwise with the armor.
   */
  shield?: number;
  /** The target defends (melee) or dodges (missiles): 4d6 (tft-core). */
  defend?: boolean;
  ruleset?: 'legacy' | 'classic';
  /** Armor piercing: armor counts half, round up (R-H9). */
  ap?: boolean;
  /** High explosive: damage through armor doubled (R-H9; the splash is not in this figure). */
  he?: boolean;
  /** Autofire burst (R-H10) and the clip it comes from (half and full bursts). */
  burst?: Burst;
  clip?: number;
  /** Sweeping blow at `targets` enemies (R-S2, R-S3, R-S6, R-S7). */
  sweep?: { variant: Exclude<SweepVariant, 'off'>; targets: number; multipleSwing?: boolean };
  /** The target, for the chance of each state. */
  target?: TftTarget;
}

export interface TftAttackResult {
  kind: 'tft';
  adjDX: number;
  dice: 3 | 4;
  ledger: LedgerEntry[];
  hit: { p: number; exact: string };
  /** Roll outcomes: triple, double, auto-hit, hit, miss, drop, break (each with its chance). */
  outcomes: { outcome: string; p: number; exact: string }[];
  /** How each hit's damage is counted, in words with their rules (burst, R-S3 halving, armor, shield, AP, HE). */
  damageRules: string[];
  /** Burst: P(k hits). */
  hits?: DistRow[];
  damage: DistRow[];
  expected: number;
  expectedExact: string;
  /**
   * Sweep: the same per target; total over every target, each counted only if the blade gets
   * to it (a drop or break ends the sweep, R-S4 order).
   */
  targets?: number;
  expectedTotal?: number;
  expectedTotalExact?: string;
  states?: StateOdds[];
}

function checkInt(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new InputError([{ path, message: `must be a whole number from ${min} to ${max}, got ${typeof v === 'string' ? quote(v) : String(v)}` }], 'odds');
  }
  return v;
}

/** Per hit key (hitKey), per multiplier m, per hit count k: the damage of k hits (hitsDamage). */
type HitsByMultiplier = Map<number, Dist[]>;
const hitDamageCache = new Map<string, HitsByMultiplier>();
let hitDamageCached = 0;

/** The numbers one hit's damage depends on, as a cache key. */
function hitKey(i: TftAttackInput): string {
  return `${i.damage}|${i.armor ?? 0}|${i.shield ?? 0}|${i.perDie ? 1 : 0}|${i.ap ? 1 : 0}|${i.he ? 1 : 0}|${i.sweep?.variant === 'new' ? 1 : 0}`;
}

/** The cached damages of this input's hits, by multiplier and hit count (a bounded cache). */
function hitsCacheOf(i: TftAttackInput): HitsByMultiplier {
  const key = hitKey(i);
  let byM = hitDamageCache.get(key);
  if (byM === undefined) {
    if (hitDamageCached > 4096) {
      hitDamageCache.clear();
      hitDamageCached = 0;
    }
    byM = new Map();
    hitDamageCache.set(key, byM);
  }
  return byM;
}

/**
 * The damage of k hits of one attack: the first with multiplier m, the other k - 1 at x1 (R-H10
 * bursts; k = 1 for a single shot or blow). Dists are immutable, so each (hit, m, k) is built
 * once per process, k hits from k - 1 hits plus one more (one small convolution each).
 */
function hitsDamage(byM: HitsByMultiplier, i: TftAttackInput, m: number, k: number): Dist {
  let ks = byM.get(m);
  if (ks === undefined) {
    ks = [];
    byM.set(m, ks);
  }
  let d = ks[k];
  if (d === undefined) {
    d = k === 1 ? buildHitDamage(i, m) : hitsDamage(byM, i, m, k - 1).plus(hitsDamage(byM, i, 1, 1));
    ks[k] = d;
    hitDamageCached++;
  }
  return d;
}

/** The attack roll (3d6 or 4d6) and each total's count over its denominator, once per process. */
interface RollTable {
  roll: Dist;
  den: number;
  totals: number[];
  counts: number[];
}
const rollTables = new Map<number, RollTable>();

function rollTable(dice: 3 | 4): RollTable {
  let t = rollTables.get(dice);
  if (t === undefined) {
    const roll = Dist.dice(dice, 6);
    const totals: number[] = [];
    const counts: number[] = [];
    for (let r = roll.min; r <= roll.max; r++) {
      totals.push(r);
      counts.push(Number(roll.countAt(r)));
    }
    t = { roll, den: Number(roll.denominator), totals, counts };
    rollTables.set(dice, t);
  }
  return t;
}

/**
 * The damage of one hit (after armor) with critical multiplier m: melee armor once per attack,
 * per-die armor on each die times the multiplier, the adds on top (R-H8: hitech/damage.ts
 * dieThrough and hitThrough, the engine's count), a new-rule sweep halving before armor (R-S3),
 * HE doubling.
 */
function buildHitDamage(i: TftAttackInput, m: number): Dist {
  const dmg = parseDamage(i.damage, 'damage');
  const shield = i.shield ?? 0;
  const ap = i.ap ?? false;
  const armor = effectiveProtection((i.armor ?? 0) + (i.perDie ? 0 : shield), ap, false).protection;
  const halve = i.sweep?.variant === 'new';
  let through: Dist;
  if (i.perDie) {
    // R-H8 per-die armor is armor against missiles; a sweep (the only halving, R-S3) is melee.
    if (halve) throw new InputError([{ path: 'perDie', message: 'per-die armor (R-H8) is against missiles; a sweeping blow is melee (R-S3 halves before armor per attack)' }], 'odds');
    through = Dist.die(6)
      .mapTotal((f) => dieThrough(f, m, armor))
      .repeat(dmg.dice)
      .mapTotal((t) => shieldThrough(hitThrough(t, dmg.plus, m), shield, ap, false));
  } else {
    through = Dist.dice(dmg.dice, 6).mapTotal((t) => {
      const raw = Math.max(0, t + dmg.plus) * m;
      return Math.max(0, (halve ? Math.floor(raw / 2) : raw) - armor);
    });
  }
  return i.he ? through.times(2) : through;
}

/** "armor off each die (R-H8): 2, half against AP, round up (R-H9): 1": hits stopped, with effectiveProtection's notes. */
function stopsText(what: string, stops: number, ap: boolean): string {
  return [`${what}: ${stops}`, ...effectiveProtection(stops, ap, false).notes].join(', ');
}

/**
 * How one hit's damage is counted, as buildHitDamage counts it: the text report's "Damage:" line
 * (the numbers after armor are not self-explaining: armor per die or per hit, AP, a shield apart).
 */
function damageRules(i: TftAttackInput): string[] {
  const out = [`${i.damage.trim()} per hit`];
  if (i.burst && i.burst !== 'single') out.push('each hit of the burst rolls its own damage, a 3 or 4 multiplies the first only (R-H10)');
  if (i.sweep?.variant === 'new') out.push('halved, round down, before armor (R-S3)');
  const armor = i.armor ?? 0;
  const shield = i.shield ?? 0;
  const ap = i.ap ?? false;
  if (i.perDie) {
    if (armor > 0) out.push(stopsText('armor off each die (R-H8)', armor, ap));
    if (shield > 0) out.push(stopsText('shield once per hit, after the armor', shield, ap));
  } else if (armor + shield > 0) {
    out.push(stopsText(shield > 0 ? `armor ${armor} + shield ${shield} once per hit` : 'armor once per hit', armor + shield, ap));
  }
  if (armor + shield === 0) out.push('no armor');
  // HEAP (AP and explosive) has no blast (seed f04d4dae: "There is no blast radius as with HE rounds").
  if (i.he) out.push(ap ? 'what passes the armor doubled (HEAP, R-H9; it has no blast)' : 'what passes the armor doubled (HE, R-H9; not the blast on the adjacent hexes)');
  return out;
}

/** Any autofire weapon with rounds in its clip: what burstProblem needs to know of the weapon. */
const AUTOFIRE_WEAPON = { name: 'an autofire weapon', clipUnit: 'rounds', autofireBonus: 0, autoshotgun: false } as FirearmDef;

/** Rounds a burst fires from a full clip of `clip`, refused as the engine refuses it (HiTech burstProblem, R-H10). */
function burstRounds(burst: Burst, clip: number): number {
  const problem = burstProblem(AUTOFIRE_WEAPON, burst, clip, clip);
  if (problem) throw new InputError([{ path: 'clip', message: `${problem} (R-H10)` }], 'odds');
  return clipUse(burst, clip);
}

/** Exact odds of one TFT attack (tft-core "To hit", criticals, armor; R-H8..R-H10; R-S2..R-S7). */
export function tftAttackOdds(i: TftAttackInput): TftAttackResult {
  return computeTft(i).result;
}

/** The exact damage distribution of one TFT attack (0 on a miss). */
export function tftDamageDist(i: TftAttackInput): Dist {
  return computeTft(i).damage;
}

/** TFT damage dice: parseDamage's result. */
type DamageDice = ReturnType<typeof parseDamage>;

/** The longest TFT damage text ("100d+1000" is 9 characters; spaces are allowed). */
const MAX_TFT_DAMAGE_CHARS = 40;
/** The largest TFT damage adds, either way (weapons have a few; beyond this nothing changes but the work). */
const MAX_TFT_ADDS = 1000;

/**
 * InputError on 'damage' unless `i.damage` is TFT damage notation with 0 to 100 dice and adds
 * from -MAX_TFT_ADDS to MAX_TFT_ADDS (parseDamage, quoting at most a short text).
 */
function checkTftDamage(i: TftAttackInput): DamageDice {
  if (typeof i.damage !== 'string') throw new InputError([{ path: 'damage', message: `expected TFT damage notation (e.g. 2d+1), got ${typeof i.damage}` }], 'odds');
  checkLength(i.damage, 'damage', MAX_TFT_DAMAGE_CHARS);
  const dmg = parseDamage(i.damage, 'damage');
  if (Math.abs(dmg.plus) > MAX_TFT_ADDS) throw new InputError([{ path: 'damage', message: `${quote(i.damage)}: the adds must be from -${MAX_TFT_ADDS} to +${MAX_TFT_ADDS}` }], 'odds');
  return dmg;
}

/**
 * InputError on 'damage' when the hits of one attack are too many dice to enumerate exactly in
 * a second or two: up to `hits` hits of `dice` dice each (a burst, R-H10), the first times 3 at
 * most (a triple). Measured as `hits + 2` groups of the dice (enumerationWork, MAX_ENUMERATION_WORK).
 */
function checkHitsEnumerable(dmg: DamageDice, hits: number, text: string, burst: Burst | undefined): void {
  const count = (hits + 2) * dmg.dice;
  if (count === 0 || enumerationWork({ dice: [{ count, sides: 6, sign: 1 }], modifier: 0, text }) <= MAX_ENUMERATION_WORK) return;
  const of = burst ? `a '${burst}' burst of up to ${hits} hits of ${dmg.dice} dice each` : `${dmg.dice} dice`;
  throw new InputError([{ path: 'damage', message: `${quote(text)} with ${of} is too large to enumerate exactly (give fewer dice, a smaller burst or a lower adjDX)` }], 'odds');
}

function computeTft(i: TftAttackInput): { result: TftAttackResult; damage: Dist } {
  checkInt(i.adjDX, 'adjdx', -50, 100);
  checkInt(i.armor ?? 0, 'armor', 0, 100);
  checkInt(i.shield ?? 0, 'shield', 0, 100);
  const dmg = checkTftDamage(i);
  if (i.burst && !['single', 'four', 'half', 'full'].includes(i.burst)) {
    throw new InputError([{ path: 'burst', message: `must be single, four, half or full, got '${i.burst}'` }], 'odds');
  }
  const clip = checkInt(i.clip ?? 30, 'clip', 1, 1000);
  const dice: 3 | 4 = i.defend ? 4 : 3;
  const classic = i.ruleset === 'classic';
  const ledger: LedgerEntry[] = [{ source: 'adjDX as given', delta: i.adjDX, rule: 'tft-core' }];
  let adj = i.adjDX;
  if (i.sweep) {
    checkInt(i.sweep.targets, 'targets', 2, 6);
    if (i.sweep.variant === 'classic' && i.sweep.targets > CLASSIC_MAX_ARC) {
      throw new InputError([{ path: 'targets', message: `the classic rule sweeps at most ${CLASSIC_MAX_ARC} adjacent front hexes, got ${i.sweep.targets} targets (R-S6)` }], 'odds');
    }
    if (i.perDie) throw new InputError([{ path: 'perDie', message: 'per-die armor (R-H8) is armor against missiles; a sweeping blow is a melee attack' }], 'odds');
    for (const e of sweepPenalty(i.sweep.targets, i.sweep.variant, i.sweep.multipleSwing ?? false)) {
      ledger.push(e);
      adj += e.delta;
    }
    if (i.burst) throw new InputError([{ path: 'burst', message: 'a sweeping blow is a melee attack, not a burst' }], 'odds');
  }
  if (dice === 4) ledger.push({ source: 'target defends/dodges: 4d6', delta: 0, rule: 'tft-core defend/dodge' });
  const rounds = i.burst ? burstRounds(i.burst, clip) : 1;
  // The most hits any roll gives (the lowest roll, 3): R-H10 burstHits.
  checkHitsEnumerable(dmg, burstHits(adj, 3, rounds), i.damage, i.burst);
  if (i.target) {
    checkInt(i.target.st, 'st', 1, 200);
    checkInt(i.target.wounds ?? 0, 'wounds', 0, 10000);
    checkInt(i.target.fatigue ?? 0, 'fatigue', 0, 10000);
  }
  const hitsCache = hitsCacheOf(i);
  // One pass over the roll's totals: the outcome, P(outcome) and P(k hits) as counts over the
  // roll's denominator, and the damage of each total (k hits, the first with the multiplier).
  const { roll, den, totals, counts } = rollTable(dice);
  const byOutcome = new Map<string, number>();
  const hitCounts = new Map<number, number>();
  const next = new Array<Dist | number>(totals.length);
  let hitCount = 0;
  for (let j = 0; j < totals.length; j++) {
    const r = totals[j];
    const c = counts[j];
    const o = attackOutcome(r, adj, dice, classic);
    byOutcome.set(o, (byOutcome.get(o) ?? 0) + c);
    const m = outcomeMultiplier(o);
    if (m === 0) {
      next[j] = 0;
      hitCounts.set(0, (hitCounts.get(0) ?? 0) + c);
      continue;
    }
    const k = burstHits(adj, r, rounds);
    hitCount += c;
    hitCounts.set(k, (hitCounts.get(k) ?? 0) + c);
    next[j] = hitsDamage(hitsCache, i, m, k);
  }
  const damage = roll.chain((r) => next[r - roll.min]);
  const nc = numberCounts(damage);
  const expectation = expectationOf(damage, nc);
  const order = ['triple', 'double', 'auto-hit', 'hit', 'miss', 'auto-miss', 'drop', 'break'];
  const out: TftAttackResult = {
    kind: 'tft',
    adjDX: adj,
    dice,
    ledger,
    hit: prob(Fraction.of(hitCount, den)),
    damageRules: damageRules(i),
    outcomes: order.filter((o) => byOutcome.has(o)).map((o) => ({ outcome: o, ...prob(Fraction.of(byOutcome.get(o) as number, den)) })),
    damage: rowsOf(damage, nc),
    expected: expectation.toNumber(),
    expectedExact: expectation.toString(),
  };
  if (i.burst) {
    out.hits = [...hitCounts]
      .sort((x, y) => x[0] - y[0])
      .map(([value, c]) => ({ value, p: c / den, exact: ratioText(c, den) }));
  }
  if (i.sweep) {
    // Target j (from 0) is reached when none of the j attacks before it dropped or broke the
    // weapon; every attack of the sweep has this adjDX and roll (R-S2).
    const stop = Fraction.of((byOutcome.get('drop') ?? 0) + (byOutcome.get('break') ?? 0), den);
    const reach = reachChances(new Array<Fraction>(i.sweep.targets - 1).fill(stop));
    const total = reach.reduce((a, r) => a.add(r), Fraction.ZERO).mul(expectation);
    out.targets = i.sweep.targets;
    out.expectedTotal = total.toNumber();
    out.expectedTotalExact = total.toString();
  }
  if (i.target) {
    const t = i.target;
    out.states = stateOdds(damage, (x) => tftStateAfter(t, x));
  }
  return { result: out, damage };
}

// ---------------------------------------------------------------------------------------------
// AD&D swings
// ---------------------------------------------------------------------------------------------

export interface AdndAttackInput {
  /** The d20 total needed (matrix need; `bonus` is added to the die). */
  need: number;
  bonus?: number;
  /** Damage dice with the flat bonuses ("1d8+3"). */
  damage: string;
  /** Natural 20 hits, natural 1 misses (R-A11, default on). */
  naturals?: boolean;
  /**
   * Critical hits (R-A10): 'seed' (default), confirmed by d20 <= threshold = (dex + level) / 2;
   * 'off', a natural 20 just hits. A scenario's `criticals` option, the same switch (combat.ts criticalsOn).
   */
  criticals?: AdndOptions['criticals'];
  /** The attacker's dexterity: 13, or "18/95" (its score counts in the threshold; `hand` reads its row). */
  dex?: number | string;
  level?: number;
  threshold?: number;
  /**
   * Adds the seed's dexterity to-hit for `dex` to `bonus` (R-A4): the hand or missile column of
   * one weapon, the primary or secondary column of two; without it `bonus` is the whole to-hit.
   */
  hand?: Hand;
  /** The Two Weapons skill: the next better row of the two-weapon columns (R-A4, seed note 1). */
  twoWeaponsSkill?: boolean;
  /** The target parries this attacker: the third roll is 3 lower (R-A8/R-A10). */
  parry?: boolean;
  /** The target's hit points, and the death rule (0: dead at 0; -10: unconscious/dying first). */
  hp?: number;
  deathAt?: 0 | -10;
}

/** The hands of `fray odds --hand`: one weapon (hand or missile column), or two (R-A4). */
export const HANDS = ['alone', 'missile', 'primary', 'secondary'] as const;
export type Hand = (typeof HANDS)[number];

export interface AdndAttackResult {
  kind: 'adnd';
  need: number;
  /** The d20's whole to-hit bonus, and its ledger (as given, the dexterity column of `hand`). */
  bonus: number;
  toHit: Ledger;
  hit: { p: number; exact: string };
  /**
   * `threshold` and its ledger (R-A10: half the dexterity plus half the level, or as given);
   * `faces`, the confirmation d20's faces that make a critical (d20 <= threshold); `on`,
   * whether critical hits count at all.
   */
  critical: { on: boolean; p: number; exact: string; threshold: number; ledger: Ledger; faces: number; rows: { multiplier: number; label: string; p: number; exact: string }[] };
  /** How the swing hits and its damage is counted, in words with their rules (naturals, the critical rule in use, parry). */
  damageRules: string[];
  damage: DistRow[];
  expected: number;
  expectedExact: string;
  states?: StateOdds[];
}

/** Exact odds of one AD&D swing: d20 to hit (R-A11), critical chain (R-A10), damage (min 1 per hit). */
export function adndAttackOdds(i: AdndAttackInput): AdndAttackResult {
  return computeAdnd(i).result;
}

/** The exact damage distribution of one AD&D swing (0 on a miss). */
export function adndDamageDist(i: AdndAttackInput): Dist {
  return computeAdnd(i).damage;
}

/**
 * How one swing hits and what a hit does, as computeAdnd counts it: the AD&D `Damage:` line and
 * the chart's subtitle (which critical rule, and whether the naturals and a parry count).
 */
function adndDamageRules(i: AdndAttackInput, rolled: boolean, threshold: number): string[] {
  const out = [`${i.damage.trim()} per hit${rolled ? ', at least 1 (adnd-phb)' : ''}`];
  out.push((i.naturals ?? true) ? 'natural 20 hits, natural 1 misses (R-A11)' : 'no automatic natural 20 or 1 (R-A11 option off)');
  if (criticalsOn(i)) {
    out.push(`critical: a natural 20 that hits, confirmed by ${confirmText(threshold)}, does maximum damage times the third roll's multiplier${i.parry ? ' (third roll -3: parry)' : ''} (R-A10)`);
  } else out.push(CRITICALS_OFF);
  return out;
}

/** The confirmation roll in words: "d20 <= 8 (threshold 8.5)": a half confirms on no more faces than the whole below it. */
export function confirmText(threshold: number): string {
  const faces = confirmFaces(threshold);
  return `d20 <= ${faces}${faces !== threshold ? ` (threshold ${threshold})` : ''}`;
}

/** The attacker's dexterity: a score the seed's table covers when `hand` reads its row (R-A4), else any whole number 1..100 or 18/xx. */
function dexScore(v: number | string, hand: boolean): Score {
  const s = parseScore(v, 'dex');
  if (s) return s;
  if (hand) throw new InputError([{ path: 'dex', message: `must be a dexterity the seed's table covers (${scoreRangeText('dex')}) to read its to-hit column (R-A4), got ${quote(String(v))}` }], 'odds');
  if (typeof v === 'string') throw new InputError([{ path: 'dex', message: `must be a whole number from 1 to 100, or 18/01..18/00, got ${quote(v)}` }], 'odds');
  return { score: checkInt(v, 'dex', 1, 100), pct: 0 };
}

/** The swing's to-hit ledger (R-A11 bonus as given; R-A4 the dexterity column of `hand`). */
function toHitLedger(i: AdndAttackInput, bonus: number, dex: Score): Ledger {
  const e: LedgerEntry[] = [{ source: i.hand ? 'other to-hit bonuses as given' : 'to-hit bonus as given', delta: bonus, rule: 'R-A11' }];
  if (i.hand) {
    const role = i.hand === 'missile' ? 'alone' : i.hand;
    if (dexToHitInto(dex, i.twoWeaponsSkill ?? false, role, i.hand === 'missile', e) === null) {
      throw new InputError([{ path: 'hand', message: `dexterity ${formatScore(dex)} does not allow two weapons (R-A4: the two-weapon columns start at row 10-15; the Two Weapons skill moves one row up)` }], 'odds');
    }
  } else if (i.twoWeaponsSkill) throw new InputError([{ path: 'twoWeaponsSkill', message: 'goes with a hand of two weapons (primary or secondary): the skill moves their row (R-A4)' }], 'odds');
  if (i.twoWeaponsSkill && (i.hand === 'alone' || i.hand === 'missile')) {
    throw new InputError([{ path: 'twoWeaponsSkill', message: `the skill moves the two-weapon columns only (R-A4), not the ${i.hand === 'alone' ? 'hand' : 'missile'} column of one weapon` }], 'odds');
  }
  return ledger(e);
}

/** The largest AD&D damage total either way (a critical multiplies it by up to 5). */
const MAX_ADND_DAMAGE = 10000;

function computeAdnd(i: AdndAttackInput): { result: AdndAttackResult; damage: Dist } {
  checkInt(i.need, 'need', -50, 50);
  if (i.hand !== undefined && !HANDS.includes(i.hand)) throw new InputError([{ path: 'hand', message: `must be ${HANDS.slice(0, -1).join(', ')} or ${HANDS.at(-1)}, got ${quote(String(i.hand))}` }], 'odds');
  const dex = dexScore(i.dex ?? 11, i.hand !== undefined);
  const toHit = toHitLedger(i, checkInt(i.bonus ?? 0, 'bonus', -50, 50), dex);
  const bonus = toHit.total;
  const naturals = i.naturals ?? true;
  if (i.criticals !== undefined && !CRITICAL_SWITCH.includes(i.criticals)) throw new InputError([{ path: 'criticals', message: `must be ${CRITICAL_SWITCH.map((c) => quote(c)).join(' or ')} (R-A10), got ${typeof i.criticals === 'string' ? quote(i.criticals) : String(i.criticals)}` }], 'odds');
  const crits = criticalsOn(i);
  const level = checkInt(i.level ?? 1, 'level', 0, 100);
  const expr = parseExpr(i.damage, 'damage');
  checkEnumerable(expr, i.damage, 'damage');
  const bounds = diceBounds(expr);
  if (Math.max(Math.abs(bounds.min), Math.abs(bounds.max)) > MAX_ADND_DAMAGE) {
    throw new InputError([{ path: 'damage', message: `${quote(i.damage)} goes from ${bounds.min} to ${bounds.max}; a damage stays within ${MAX_ADND_DAMAGE.toLocaleString('en')} either way` }], 'odds');
  }
  if (expr.dice.length === 0 && expr.modifier < 0) throw new InputError([{ path: 'damage', message: `${quote(i.damage)} is a negative damage: a damage without dice is 0 or more` }], 'odds');
  // A hit's least (clampHit), for a normal hit and for the maximum a critical multiplies (R-A10),
  // as the engine counts them (combat.ts swing, maxDamageInto).
  const normal = Dist.of(expr).mapTotal((x) => clampHit(expr, x));
  const max = clampHit(expr, bounds.max);
  const thLedger = i.threshold === undefined ? thresholdLedger(dex.score, 'level or hit dice', level) : ledger([{ source: 'threshold as given', delta: i.threshold, rule: 'R-A10' }]);
  const threshold = thLedger.total;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold) || Math.abs(threshold) > 100) {
    throw new InputError([{ path: 'threshold', message: `must be a number from -100 to 100, got ${String(threshold)}` }], 'odds');
  }
  const d20 = Dist.die(20);
  const hits = (f: number) => (naturals && f === 20 ? true : naturals && f === 1 ? false : f + bonus >= i.need);
  // The third roll decides the multiplier of maximum damage; parry lowers it by 3, at least 1.
  const rows = new Map<string, { multiplier: number; p: Fraction }>();
  const third = d20.chain((t) => {
    const row = criticalRow(Math.max(1, t - (i.parry ? 3 : 0)), { criticalTable: null });
    const r = rows.get(row.label) ?? { multiplier: row.multiplier, p: Fraction.ZERO };
    r.p = r.p.add(Fraction.of(1, 20));
    rows.set(row.label, r);
    return Math.round(max * row.multiplier);
  });
  const confirm = d20.prob((c) => c <= threshold);
  const onTwenty = crits ? Dist.mix([[confirm, third], [confirm.complement(), normal]]) : normal;
  const damage = d20.chain((f) => (!hits(f) ? 0 : f === 20 ? onTwenty : normal));
  const nc = numberCounts(damage);
  const expectation = expectationOf(damage, nc);
  const critP = crits && hits(20) ? Fraction.of(1, 20).mul(confirm) : Fraction.ZERO;
  const out: AdndAttackResult = {
    kind: 'adnd',
    need: i.need,
    bonus,
    toHit,
    hit: prob(d20.prob(hits)),
    critical: {
      on: crits,
      ...prob(critP),
      threshold,
      ledger: thLedger,
      faces: confirmFaces(threshold),
      rows: [...rows].map(([label, r]) => ({ multiplier: r.multiplier, label, ...prob(critP.mul(r.p)) })),
    },
    damageRules: adndDamageRules(i, expr.dice.length > 0, threshold),
    damage: rowsOf(damage, nc),
    expected: expectation.toNumber(),
    expectedExact: expectation.toString(),
  };
  if (i.hp !== undefined) {
    checkInt(i.hp, 'hp', -9, 10000);
    const deathAt = i.deathAt ?? 0;
    const hp = i.hp;
    // AD&D has no reeling (a TFT state, R-T1): no row that cannot move.
    out.states = stateOdds(damage, (x) => adndState({ hp: hp - x } as AdndFigure, { deathAt }), statesOf('adnd'));
  }
  return { result: out, damage };
}
