// Lookups into the AD&D data tables (src/data/adnd/*.json, each with its source).
import { tableById } from '../../core/lookup.ts';
import classesData from '../../data/adnd/classes.json' with { type: 'json' };
import criticalsData from '../../data/adnd/criticals.json' with { type: 'json' };
import dexData from '../../data/adnd/dexterity.json' with { type: 'json' };
import savesData from '../../data/adnd/saves.json' with { type: 'json' };
import spellsData from '../../data/adnd/spells.json' with { type: 'json' };
import strData from '../../data/adnd/strength.json' with { type: 'json' };
import toHitData from '../../data/adnd/tohit.json' with { type: 'json' };
import weaponsData from '../../data/adnd/weapons.json' with { type: 'json' };
import type { ClassId, Figure, Score } from './model.ts';

export interface ClassInfo {
  attack: string;
  saves: string;
  saveBonus: number;
  hitDie: number;
  nonProficiency: number;
  fighterSubclass: boolean;
  trueFighter: boolean;
  surprise: number;
  /** The 1e PHB's weapons permitted (weapon ids); absent: any weapon. */
  weaponsPermitted?: readonly string[];
}

export interface WeaponRow {
  id: string;
  name: string;
  kind: 'melee' | 'launcher' | 'missile';
  sf: number;
  damage: { sm: string; l: string };
  hands: number;
  thrown: boolean;
  missile?: string;
  disarms: string[];
  disarmedBy: string[];
  entangles: boolean;
  parryBonus: number;
  parryingWeapon: boolean;
}

export interface SpellRow {
  id: string;
  name: string;
  castingTime: number;
  offensive: boolean;
  effect: {
    kind: 'missiles' | 'damage' | 'haste' | 'slow' | 'heal' | 'hold' | 'narrative';
    damage?: string;
    levelsPerMissile?: number;
    diePerLevel?: number;
    maxDice?: number;
    save?: string;
    area?: 'side' | 'single';
    baseRounds?: number;
  };
}

export interface DexRow {
  label: string;
  min: number;
  max: number;
  pctMin?: number;
  pctMax?: number;
  ambi: number;
  hand: number;
  missile: number;
  primary: number | null;
  secondary: number | null;
  ac: number;
}

export interface StrengthRow {
  label: string;
  min: number;
  max: number;
  pctMin?: number;
  pctMax?: number;
  hit: number;
  dmg: number;
}
const STR_ROWS = strData.rows as StrengthRow[];

export const CLASSES = classesData.classes as Record<ClassId, ClassInfo>;
export const WEAPONS: Record<string, WeaponRow> = tableById(weaponsData.weapons as WeaponRow[]);
export const SPELLS: Record<string, SpellRow> = tableById(spellsData.spells as SpellRow[]);
export const DEX_ROWS = dexData.rows as DexRow[];
export const CRITICALS = criticalsData.rows as { min: number; max: number; multiplier: number; special?: boolean; label: string }[];
export const SAVE_ORDER = savesData.order as string[];

/**
 * Whether class `cls` may be proficient with `weapon` (1e PHB weapons permitted); an open hand is
 * no weapon to deny. The engine does not refuse another: it is fought non-proficient (R-A4), and
 * the editor warns.
 */
export function canBeProficient(cls: string, weapon: string): boolean {
  const allowed = Object.hasOwn(CLASSES, cls) ? CLASSES[cls as ClassId].weaponsPermitted : undefined;
  return !allowed || weapon === 'open-hand' || allowed.includes(weapon);
}

export type Ability = 'str' | 'dex';

/** The scores an ability's table has rows for: min..max, and 18/01..18/00 when it has 18/xx rows. */
export interface ScoreRange {
  min: number;
  max: number;
  exceptional: boolean;
}

function rangeOf(rows: { min: number; max: number; pctMin?: number }[]): ScoreRange {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    min = Math.min(min, r.min);
    max = Math.max(max, r.max);
  }
  return { min, max, exceptional: rows.some((r) => r.min === 18 && r.pctMin !== undefined) };
}

/** The range of each ability, read from its table (strength 3-18/00, the seed's dexterity 3-25). */
export const SCORE_RANGES: Record<Ability, ScoreRange> = { str: rangeOf(STR_ROWS), dex: rangeOf(DEX_ROWS) };

/** The accepted scores in words, for validation messages: "3-18 or 18/01..18/00". */
export function scoreRangeText(a: Ability): string {
  const r = SCORE_RANGES[a];
  return `${r.min}-${r.max}${r.exceptional ? ' or 18/01..18/00' : ''}`;
}

/**
 * Parses "18/00", "18/50", "17" or a number into a Score for `ability`; null when malformed or
 * outside what its table covers (so every accepted score has a row: no lookup can fail).
 */
export function parseScore(v: unknown, ability: Ability): Score | null {
  const r = SCORE_RANGES[ability];
  if (typeof v === 'number') return Number.isInteger(v) && v >= r.min && v <= r.max ? { score: v, pct: 0 } : null;
  if (typeof v !== 'string') return null;
  const m = /^(\d{1,2})(?:\/(\d{2}))?$/.exec(v.trim());
  if (!m) return null;
  const score = Number(m[1]);
  if (score < r.min || score > r.max) return null;
  if (m[2] === undefined) return { score, pct: 0 };
  if (score !== 18 || !r.exceptional) return null;
  const p = Number(m[2]);
  return { score, pct: p === 0 ? 100 : p };
}

export function formatScore(s: Score): string {
  if (s.pct === 0) return String(s.score);
  return `${s.score}/${s.pct === 100 ? '00' : String(s.pct).padStart(2, '0')}`;
}

function rowFor<T extends { min: number; max: number; pctMin?: number; pctMax?: number }>(rows: T[], s: Score): T {
  const r = rows.find((row) => {
    if (s.score < row.min || s.score > row.max) return false;
    if (row.pctMin === undefined) return !(s.score === 18 && rows.some((o) => o.pctMin !== undefined && o.min === 18) && s.pct > 0);
    return s.pct >= row.pctMin && s.pct <= (row.pctMax ?? 100);
  });
  if (!r) throw new RangeError(`no table row for score ${formatScore(s)}`);
  return r;
}

// Row lookups sit in the AI's and the lab's inner loop: each (score, pct) is looked up once,
// then read from a flat array (score * 101 + pct) without a search or a closure. The arrays are
// made full size at once: writing far past the end of an empty array would leave V8 a sparse
// (dictionary) one, looked up by hashing.
const CACHED_SCORES = 26 * 101; // scores 0..25, percentiles 0..100
const strCache: (StrengthRow | null)[] = new Array(CACHED_SCORES).fill(null);
const dexCache: number[] = new Array(CACHED_SCORES).fill(-1);

export function strengthRow(s: Score): StrengthRow {
  const k = s.score * 101 + s.pct;
  if (!(k >= 0 && k < CACHED_SCORES)) return rowFor(STR_ROWS, s);
  let r = strCache[k];
  if (r === null) {
    r = rowFor(STR_ROWS, s);
    strCache[k] = r;
  }
  return r;
}

/** The seed's dexterity row (R-A4). A plain 18 falls in 18/01-50 (pctMin 0 in the data). */
export function dexRow(s: Score): DexRow {
  return DEX_ROWS[dexRowIndex(s)];
}

/** The row index, so the Two Weapons skill can use the next better row (R-A4, seed note 1). */
export function dexRowIndex(s: Score): number {
  const k = s.score * 101 + s.pct;
  if (!(k >= 0 && k < CACHED_SCORES)) return DEX_ROWS.indexOf(rowFor(DEX_ROWS, s));
  let i = dexCache[k];
  if (i === -1) {
    i = DEX_ROWS.indexOf(rowFor(DEX_ROWS, s));
    dexCache[k] = i;
  }
  return i;
}

const MONSTER_AC0 = toHitData.monsters;
const CLASS_AC0 = toHitData.classes as Record<string, number[][]>;

function monsterAc0Row(hd: number) {
  for (const r of MONSTER_AC0) if (hd <= r.maxHd) return r;
  return MONSTER_AC0[MONSTER_AC0.length - 1];
}

function levelRow<T extends unknown[]>(rows: T[], level: number): T {
  for (const r of rows) if (level >= (r[0] as number) && level <= (r[1] as number)) return r;
  return rows[0];
}

/** "To hit AC 0" for a class at a level (R-A11, 1e DMG matrices); the number alone (hot path). */
export function toHitAC0Value(f: Pick<Figure, 'cls' | 'level' | 'monster' | 'hd'>): number {
  if (f.monster || f.cls === null) return monsterAc0Row(f.hd).ac0;
  return levelRow(CLASS_AC0[CLASSES[f.cls].attack], f.level)[2];
}

/** "To hit AC 0" with the row it comes from (explain, the log). */
export function toHitAC0(f: Pick<Figure, 'cls' | 'level' | 'monster' | 'hd'>): { value: number; label: string } {
  const value = toHitAC0Value(f);
  if (f.monster || f.cls === null) return { value, label: `monster ${monsterAc0Row(f.hd).band} HD` };
  return { value, label: `${f.cls} level ${f.level}` };
}

/**
 * The d20 needed to hit armour class `ac` from "to hit AC 0" (R-A11): the straight line
 * ac0 - AC up to 20, then the six 20s (needs 20..25 all read 20), then one more per step.
 */
export function needToHit(ac0: number, ac: number): number {
  const raw = ac0 - ac;
  if (raw <= 20) return raw;
  if (raw <= 25) return 20;
  return raw - 5;
}

/** Saving throw number for a figure (R-A11): class group and level, monsters as fighters of level = HD. */
export function saveNeedValue(f: Pick<Figure, 'cls' | 'level' | 'monster' | 'hd'>, kind: string): number {
  const idx = SAVE_ORDER.indexOf(kind);
  if (idx < 0) throw new RangeError(`unknown saving throw ${kind}`);
  const table = savesData.classes as unknown as Record<string, [number, number, number[]][]>;
  const mon = f.monster || f.cls === null;
  const group = mon ? 'fighter' : CLASSES[f.cls!].saves;
  const level = mon ? Math.floor(f.hd) : f.level;
  const bonus = mon ? 0 : CLASSES[f.cls!].saveBonus;
  return levelRow(table[group], level)[2][idx] - bonus;
}

export function saveNeed(f: Pick<Figure, 'cls' | 'level' | 'monster' | 'hd'>, kind: string): { value: number; label: string } {
  const mon = f.monster || f.cls === null;
  const who = mon ? `monster as fighter ${Math.floor(f.hd)}` : `${f.cls} ${f.level}`;
  return { value: saveNeedValue(f, kind), label: `save vs ${kind} (${who})` };
}
