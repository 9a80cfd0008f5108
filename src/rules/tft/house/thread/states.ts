// Hanging by a Thread [82345e2a], R-T1: the five wound states from remST and dyST.
// Pure numbers in, an explained status out; the TFT core asks this through its woundState hook.
import { type Ledger, type LedgerEntry, fromBase } from '../../../../core/ledger.ts';
import { InputError, type Issue } from '../../../../core/errors.ts';
import type { FigureState } from '../../../../engine/types.ts';

/** The numbers a wound state depends on. `st` is basic ST. */
export interface Vitals {
  st: number;
  wounds: number;
  fatigue: number;
}

export interface ThreadStateOptions {
  /**
   * [82345e2a] fatigue house rules: true (default) keeps fatigue out of dyST (it counts toward
   * unconsciousness, not death); false makes dyST equal remST.
   */
  separateFatigue: boolean;
}

export const DEFAULT_STATE_OPTIONS: ThreadStateOptions = { separateFatigue: true };

export interface ThreadStatus {
  state: FigureState;
  remST: Ledger;
  dyST: Ledger;
  /** adjDX entries the state adds (reeling: -3). */
  dx: LedgerEntry[];
  /** MA multiplier (reeling: 0.5, rounded down by maOf). */
  maFactor: number;
  /** Unconscious, dying and dead figures do nothing (R-T1). */
  canAct: boolean;
  /** Why the state is what it is, e.g. "dyST -2 is between -8 and 0". */
  reason: string;
}

/** remST = ST - wounds - fatigue (R-T1). */
export function remST(v: Vitals): Ledger {
  return fromBase('basic ST', v.st, 'tft-core', [
    { source: 'wounds', delta: -v.wounds, rule: 'R-T1' },
    { source: 'fatigue', delta: -v.fatigue, rule: 'R-T1' },
  ]);
}

/** dyST = ST - wounds (R-T1); with the fatigue rules off it equals remST ([82345e2a] fatigue). */
export function dyST(v: Vitals, opts: ThreadStateOptions = DEFAULT_STATE_OPTIONS): Ledger {
  if (!opts.separateFatigue) return remST(v);
  return fromBase('basic ST', v.st, 'tft-core', [{ source: 'wounds', delta: -v.wounds, rule: 'R-T1' }]);
}

/**
 * The state by R-T1. `dead` is the figure's recorded death: dead is final, so a dead figure stays
 * dead whatever its numbers become (healing, a ruling of this project documented in thread.md).
 */
export function threadStatus(v: Vitals, opts: ThreadStateOptions = DEFAULT_STATE_OPTIONS, dead = false): ThreadStatus {
  checkVitals(v);
  const rem = remST(v);
  const dy = dyST(v, opts);
  // Built field by field (no spread of a shared base: V8 copies those on a slow path, and this
  // runs for every state change the log shows).
  const status = (state: FigureState, canAct: boolean, maFactor: number, reason: string, dx: LedgerEntry[] = []): ThreadStatus => ({
    remST: rem,
    dyST: dy,
    dx,
    maFactor,
    state,
    canAct,
    reason,
  });
  if (dead) return status('dead', false, 0, 'dead is final (R-T1)');
  if (dy.total < -v.st) return status('dead', false, 0, `dyST ${dy.total} is below -ST (-${v.st}) (R-T1)`);
  if (dy.total <= 0) return status('dying', false, 0, `dyST ${dy.total} is between -ST (-${v.st}) and 0 (R-T1)`);
  if (rem.total <= 1) return status('unconscious', false, 0, `remST ${rem.total} is 1 or less and dyST ${dy.total} is 1 or more (R-T1)`);
  if (rem.total <= 3) {
    return status('reeling', true, 0.5, `remST ${rem.total} is 2 or 3 (R-T1)`, [{ source: `reeling (remST ${rem.total})`, delta: -3, rule: 'R-T1' }]);
  }
  return status('healthy', true, 1, `remST ${rem.total} is 4 or more (R-T1)`);
}

/**
 * The state alone, with no ledger built (the lab's hot loop): the same bands as threadStatus.
 */
export function threadStateOf(st: number, wounds: number, fatigue: number, separateFatigue: boolean, dead: boolean): FigureState {
  if (dead) return 'dead';
  const rem = st - wounds - fatigue;
  const dy = separateFatigue ? st - wounds : rem;
  if (dy < -st) return 'dead';
  if (dy <= 0) return 'dying';
  if (rem <= 1) return 'unconscious';
  if (rem <= 3) return 'reeling';
  return 'healthy';
}

/** A reeling figure's MA is halved (R-T1); rounded down (a fraction of a hex cannot be walked). */
export function maOf(baseMA: number, status: ThreadStatus): number {
  return Math.floor(baseMA * status.maFactor);
}

function checkVitals(v: Vitals): void {
  const bad: Issue[] = [];
  if (!Number.isInteger(v.st) || v.st < 1) bad.push({ path: 'st', message: `must be a whole number of 1 or more, got ${v.st}` });
  if (!Number.isInteger(v.wounds) || v.wounds < 0)
    bad.push({ path: 'wounds', message: `must be a whole number of 0 or more, got ${v.wounds}` });
  if (!Number.isInteger(v.fatigue) || v.fatigue < 0)
    bad.push({ path: 'fatigue', message: `must be a whole number of 0 or more, got ${v.fatigue}` });
  if (bad.length) throw new InputError(bad, 'figure vitals');
}
