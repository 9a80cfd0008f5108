// Who may fire after moving, and at what cost (seed f04d4dae; RULINGS R-H4).
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { count } from '../../../words.ts';
import type { FirearmDef } from './data.ts';

/** Crew-served weapons need this many turns to ready after being moved (R-H4). */
export const CREW_READY_TURNS = 3;
/** Crew-served weapons move at this MA penalty (R-H4). */
export const CREW_MA_PENALTY = 4;

export interface MoveRecord {
  /** Hexes moved this turn. */
  moved: number;
  /** The figure's MA this turn (after armor, wounds...). */
  ma: number;
  /** The figure dodged during its movement. */
  dodged?: boolean;
}

export interface Eligibility {
  ok: boolean;
  /** Why not, when !ok. */
  reason?: string;
  /** The movement entries of the to-hit ledger, when ok. */
  mods: LedgerEntry[];
}

export interface EligibilityOptions {
  /** R-H4 option: guns may fire after moving more than half MA, at -6 DX. */
  runAndGun: boolean;
}

/**
 * R-H4: a gun fires if its firer moved at most half its MA (-2 DX when it moved more than one
 * hex); a heavy weapon (**) only after a 1-hex shift; a crew-served weapon (***) only when it
 * has been readied (`crewReadyLeft` 0) and not moved this turn. -6 DX after a dodge. With
 * `runAndGun` a gun may fire after moving more than half MA at -6 DX (on top of the -2: both
 * conditions of the seed's list hold).
 */
export function fireEligibility(w: Pick<FirearmDef, 'heavy' | 'crewServed' | 'name'>, m: MoveRecord, opts: EligibilityOptions, crewReadyLeft = 0): Eligibility {
  const mods: LedgerEntry[] = [];
  if (w.crewServed) {
    if (m.moved > 0) return { ok: false, reason: `${w.name} is crew-served: it cannot fire in a turn it was moved`, mods };
    if (crewReadyLeft > 0) return { ok: false, reason: `${w.name} needs ${count(crewReadyLeft, 'more turn')} to ready after moving`, mods };
  } else if (w.heavy) {
    if (m.moved > 1) return { ok: false, reason: `${w.name} is a heavy weapon: only a 1-hex shift before firing (moved ${m.moved})`, mods };
  } else if (m.moved * 2 > m.ma) {
    if (!opts.runAndGun) return { ok: false, reason: `moved ${m.moved} hexes, more than half of MA ${m.ma}`, mods };
    mods.push({ source: `moved more than half MA (run and gun)`, delta: -6, rule: 'R-H4' });
  }
  if (m.moved > 1) mods.unshift({ source: `moved ${m.moved} hexes`, delta: -2, rule: 'R-H4' });
  if (m.dodged) mods.push({ source: 'dodged while moving', delta: -6, rule: 'R-H4' });
  return { ok: true, mods };
}

/** MA of a figure carrying a crew-served weapon (R-H4). */
export function crewServedMa(ma: number): number {
  return Math.max(0, ma - CREW_MA_PENALTY);
}
