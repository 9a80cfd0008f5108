// Sweeping blows (seed 931c742c, RULINGS R-S1..R-S7): the pure rule pieces, free of the
// encounter state so they are easy to test and reuse (the lab, explain, the AI).
import { CommandRejected, type Issue } from '../../../../core/errors.ts';
import type { LedgerEntry } from '../../../../core/ledger.ts';

/** `sweep` option (R-S6): the seed's rule (default), the older rule it replaces, or no sweeps. */
export type SweepVariant = 'new' | 'classic' | 'off';
/** `multipleSwingPrereq` option (R-S7): "speed of 14+" read as basic DX (default) or basic MA. */
export type MultipleSwingPrereq = 'dx' | 'ma';

/** Talent id of Multiple Swing (R-S7) in the talent table. */
export const MULTIPLE_SWING = 'multiple-swing';
/** R-S7: IQ needed, cost, and the "speed" threshold. */
export const MULTIPLE_SWING_IQ = 12;
export const MULTIPLE_SWING_COST = 3;
export const MULTIPLE_SWING_SPEED = 14;
/** R-S6: the classic rule reaches at most 3 adjacent front hexes. */
export const CLASSIC_MAX_ARC = 3;

/** What the sweep rules need to know of a weapon. */
export interface SweepWeapon {
  name: string;
  kind: string;
  cutting: boolean;
  twoHanded: boolean;
}

/**
 * Why `weapon` cannot make a sweeping blow, or null when it can (R-S1; R-S6 for classic).
 * New rule: cutting melee weapons only; two-handed always, one-handed only with Multiple Swing.
 * Classic: two-handed cutting weapons only (the talent belongs to the new rule).
 */
export function sweepRefusal(weapon: SweepWeapon | null, hasMultipleSwing: boolean, variant: SweepVariant): string | null {
  if (variant === 'off') return 'sweeping blows are off in this encounter (option sweep: off)';
  if (!weapon) return 'no weapon is ready';
  if (weapon.kind !== 'melee') return `${weapon.name} is not a melee weapon`;
  if (!weapon.cutting) return `${weapon.name} is not a cutting weapon (R-S1: maces, clubs, hammers, spears cannot sweep)`;
  if (weapon.twoHanded) return null;
  if (variant === 'classic') return `${weapon.name} is held in one hand: the classic rule sweeps only with two-handed cutting weapons (R-S6)`;
  return hasMultipleSwing ? null : `${weapon.name} is held in one hand: a one-handed sweep needs the Multiple Swing talent (R-S1, R-S7)`;
}

/**
 * The DX penalty on every attack of a sweep at `targets` enemies (R-S2, R-S6, R-S7), as ledger
 * entries. New: -4 per extra target, -2 with Multiple Swing. Classic: -4 flat.
 * Fewer than 2 targets is not a sweep (R-S2): CommandRejected on `targets`.
 */
export function sweepPenalty(targets: number, variant: SweepVariant, hasMultipleSwing: boolean): LedgerEntry[] {
  if (!Number.isInteger(targets) || targets < 2) {
    throw new CommandRejected('targets', `a sweeping blow needs at least 2 enemy targets, got ${targets} (R-S2: one target is an ordinary attack)`);
  }
  const extra = targets - 1;
  if (variant === 'classic') return [{ source: 'sweeping blow (classic rule)', delta: -4, rule: 'R-S6' }];
  if (variant === 'off') throw new CommandRejected('type', 'sweeping blows are off in this encounter (option sweep: off)');
  const per = hasMultipleSwing ? 2 : 4;
  const what = `sweeping blow, ${extra} extra target${extra === 1 ? '' : 's'} x -${per}`;
  return [{ source: hasMultipleSwing ? `${what} (Multiple Swing)` : what, delta: -per * extra, rule: hasMultipleSwing ? 'R-S7' : 'R-S2' }];
}

/**
 * Damage of one sweep hit before armor (R-S3): `raw` is the rolled damage already multiplied by
 * any critical (3: x3, 4: x2); the new rule halves it, rounding down; the classic rule keeps it.
 * Returns the amount and the ledger entry for the halving (null when nothing changed).
 */
export function sweepDamage(raw: number, variant: SweepVariant): { amount: number; entry: LedgerEntry | null } {
  if (variant !== 'new') return { amount: raw, entry: null };
  const amount = Math.floor(raw / 2);
  return { amount, entry: { source: 'sweeping blow: half damage, round down', delta: amount - raw, rule: 'R-S3' } };
}

/**
 * The roll to miss a friend in the arc (R-S5): 3d6 against the sweep's adjDX; success (total at
 * most adjDX) spares the friend. No automatic hits or misses (3, 4, 5, 16, 17, 18 are just totals).
 */
export function friendSpared(faces: readonly number[], adjDX: number): boolean {
  let t = 0;
  for (const f of faces) t += f;
  return t <= adjDX;
}

export interface MultipleSwingFigure {
  iq: number;
  dx: number;
  ma: number;
  talents: readonly string[];
}

/**
 * R-S7: a figure with Multiple Swing must have IQ 12+ and "speed 14+" (basic DX, or basic MA
 * with multipleSwingPrereq: ma). Returns the issues (empty when fine), each naming the field.
 * `path` is where the figure sits in the scenario ("figures[2]"), or '' for paths relative to the figure.
 */
export function multipleSwingIssues(fig: MultipleSwingFigure, prereq: MultipleSwingPrereq, path: string): Issue[] {
  const i = fig.talents.indexOf(MULTIPLE_SWING);
  if (i < 0) return [];
  const out: Issue[] = [];
  const where = path ? `${path}.talents[${i}]` : `talents[${i}]`;
  if (fig.iq < MULTIPLE_SWING_IQ) {
    out.push({ path: where, message: `Multiple Swing needs IQ ${MULTIPLE_SWING_IQ} (R-S7); this figure has IQ ${fig.iq}` });
  }
  const speed = prereq === 'ma' ? fig.ma : fig.dx;
  if (speed < MULTIPLE_SWING_SPEED) {
    const attr = prereq === 'ma' ? 'basic MA' : 'basic DX';
    out.push({
      path: where,
      message: `Multiple Swing needs ${attr} ${MULTIPLE_SWING_SPEED}+ (R-S7, multipleSwingPrereq: ${prereq}); this figure has ${attr} ${speed}`,
    });
  }
  return out;
}
