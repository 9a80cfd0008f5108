// Lookups into the AD&D data tables (src/data/adnd/*.json, each with its source).
import classesData from '../../data/adnd/classes.json' with { type: 'json' };
import criticalsData from '../../data/adnd/criticals.json' with { type: 'json' };
import dexData from '../../data/adnd/dexterity.json' with { type: 'json' };
import savesData from '../../data/adnd/saves.json' with { type: 'json' };
import spellsData from '../../data/adnd/spells.json' with { type: 'json' };
import strData from '../../data/adnd/strength.json' with { type: 'json' };
import toHitData from '../../data/adnd/tohit.json' with { type: 'json' };
import weaponsData from '../../data/adnd/weapons.json' with { type: 'json' };
import type { DiceSource } from '../../core/dice/source.ts';
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

export const CLASSES = classesData.classes as Record<ClassId, ClassInfo>;
export const WEAPONS: Record<string, WeaponRow> = Object.fromEntries(
  (weaponsData.weapons as WeaponRow[]).map((w) => [w.id, w]),
);
export const SPELLS: Record<string, SpellRow> = Object.fromEntries((spellsData.spells as SpellRow[]).map((s) => [s.id, s]));
export const DEX_ROWS = dexData.rows as DexRow[];
export const CRITICALS = criticalsData.rows as { min: number; max: number; multiplier: number; special?: boolean; label: string }[];
export const SAVE_ORDER = savesData.order as string[];

/** Parses "18/00", "18/50", "17" or a number into a Score; null when malformed. */
export function parseScore(v: unknown): Score | null {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1 && v <= 25 ? { score: v, pct: 0 } : null;
  if (typeof v !== 'string') return null;
  const m = /^(\d{1,2})(?:\/(\d{2}))?$/.exec(v.trim());
  if (!m) return null;
  const score = Number(m[1]);
  if (score < 1 || score > 25) return null;
  if (m[2] === undefined) return { score, pct: 0 };
  if (score !== 18) return null;
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

export function strengthRow(s: Score): { label: string; hit: number; dmg: number } {
  return rowFor(strData.rows as { label: string; min: number; max: number; pctMin?: number; pctMax?: number; hit: number; dmg: number }[], s);
}

/** The seed's dexterity row (R-A4). A plain 18 falls in 18/01-50 (pctMin 0 in the data). */
export function dexRow(s: Score): DexRow {
  return rowFor(DEX_ROWS, s);
}

/** The row index, so the Two Weapons skill can use the next better row (R-A4, seed note 1). */
export function dexRowIndex(s: Score): number {
  return DEX_ROWS.indexOf(dexRow(s));
}

/** "To hit AC 0" for a class at a level (R-A11, 1e DMG matrices). */
export function toHitAC0(f: Pick<Figure, 'cls' | 'level' | 'monster' | 'hd'>): { value: number; label: string } {
  if (f.monster || f.cls === null) {
    const row = toHitData.monsters.find((r) => f.hd <= r.maxHd)!;
    return { value: row.ac0, label: `monster ${row.band} HD` };
  }
  const group = CLASSES[f.cls].attack;
  const rows = (toHitData.classes as Record<string, number[][]>)[group];
  const row = rows.find(([lo, hi]) => f.level >= lo && f.level <= hi) ?? rows[0];
  return { value: row[2], label: `${f.cls} level ${f.level}` };
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
export function saveNeed(f: Pick<Figure, 'cls' | 'level' | 'monster' | 'hd'>, kind: string): { value: number; label: string } {
  const idx = SAVE_ORDER.indexOf(kind);
  if (idx < 0) throw new RangeError(`unknown saving throw ${kind}`);
  const table = savesData.classes as unknown as Record<string, [number, number, number[]][]>;
  const group = f.monster || f.cls === null ? 'fighter' : CLASSES[f.cls].saves;
  const level = f.monster || f.cls === null ? Math.floor(f.hd) : f.level;
  const rows = table[group];
  const row = rows.find(([lo, hi]) => level >= lo && level <= hi) ?? rows[0];
  const bonus = f.monster || f.cls === null ? 0 : CLASSES[f.cls].saveBonus;
  const who = f.monster || f.cls === null ? `monster as fighter ${level}` : `${f.cls} ${f.level}`;
  return { value: row[2][idx] - bonus, label: `save vs ${kind} (${who})` };
}

/** Dice like "2d4", "1d6+1", "1d4-1" or a flat "3"/"0". */
export interface DiceSpec {
  n: number;
  sides: number;
  plus: number;
}

export function parseDamage(text: string): DiceSpec | null {
  const m = /^\s*(?:(\d+)d(\d+))?\s*(?:([+-])\s*(\d+))?\s*$/.exec(text);
  if (m && m[1] !== undefined) {
    const plus = m[3] ? (m[3] === '-' ? -1 : 1) * Number(m[4]) : 0;
    const n = Number(m[1]);
    const sides = Number(m[2]);
    if (n < 1 || sides < 1 || n > 100) return null;
    return { n, sides, plus };
  }
  const flat = /^\s*(\d+)\s*$/.exec(text);
  if (flat) return { n: 0, sides: 1, plus: Number(flat[1]) };
  return null;
}

export function diceMax(d: DiceSpec): number {
  return d.n * d.sides + d.plus;
}
export function diceMin(d: DiceSpec): number {
  return d.n + d.plus;
}
export function diceMean(d: DiceSpec): number {
  return (d.n * (d.sides + 1)) / 2 + d.plus;
}

export function rollDice(d: DiceSpec, dice: DiceSource): { faces: number[]; total: number } {
  const faces: number[] = [];
  let total = d.plus;
  for (let i = 0; i < d.n; i++) {
    const f = dice.face(d.sides);
    faces.push(f);
    total += f;
  }
  return { faces, total };
}

export function spec(text: string): DiceSpec {
  const d = parseDamage(text);
  if (!d) throw new RangeError(`bad damage dice '${text}'`);
  return d;
}
