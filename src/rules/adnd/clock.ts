// The segment clock (seed 3380eb42; RULINGS R-A1, R-A2, R-A3, R-A6, R-A8): where each action
// lands and why. A timing ledger's entries add up to the segment the action lands on, so
// `explain` and the log can show every step of the sum (tunesmith/adnd-combat-tools style).
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import { count } from '../words.ts';
import type { AdndEvent, AdndState } from './model.ts';

/** R-A1: ten segments a round; the clock runs on, segment 11 is segment 1 of round 2. */
export const SEGMENTS_PER_ROUND = 10;

export function roundOf(segment: number): number {
  return segment <= 0 ? 1 : Math.ceil(segment / SEGMENTS_PER_ROUND);
}

export function segmentOfRound(segment: number): number {
  return segment <= 0 ? 0 : ((segment - 1) % SEGMENTS_PER_ROUND) + 1;
}

/** An event of `type` at the state's segment, with its round and place in the round (every AD&D event carries its time). */
export function ev(s: AdndState, type: string, fields: Record<string, unknown>): AdndEvent {
  return { type, turn: roundOf(s.now), segment: s.now, round: roundOf(s.now), segmentOfRound: segmentOfRound(s.now), ...fields };
}

/**
 * A segment of the running clock as the GM reads it, round and segment 1-10: 17 is "round 2
 * segment 7"; 0 (before the first) "before segment 1".
 */
export function segmentLabel(segment: number): string {
  if (segment <= 0) return 'before segment 1';
  return `round ${roundOf(segment)} segment ${segmentOfRound(segment)}`;
}

/** segmentLabel after "in" where it reads so: "in round 2 segment 7"; 0: "before segment 1". */
export function inSegment(segment: number): string {
  return segment <= 0 ? 'before segment 1' : `in ${segmentLabel(segment)}`;
}

/**
 * R-A3: one d100 roll for the party; a member with chance p is surprised when roll <= p,
 * for 2 + floor((p - roll) / 5) segments; otherwise 0.
 */
export function surpriseSegments(chance: number, roll: number): number {
  if (roll > chance) return 0;
  return 2 + Math.floor((chance - roll) / 5);
}

/** R-A6: haste halves a speed factor rounding up (5 -> 3); slow doubles it (3 -> 6); both cancel. */
export function adjustSpeed(sf: number, hasted: boolean, slowed: boolean): { sf: number; entries: LedgerEntry[] } {
  if (hasted === slowed) return { sf, entries: [] };
  if (hasted) {
    const h = Math.ceil(sf / 2);
    return { sf: h, entries: [{ source: `haste: speed factor ${sf} -> ${h}`, delta: h - sf, rule: 'R-A6' }] };
  }
  return { sf: sf * 2, entries: [{ source: `slow: speed factor ${sf} -> ${sf * 2}`, delta: sf, rule: 'R-A6' }] };
}

/**
 * R-A8: 2 segments per consecutive parry, at most 10; each step as a ledger entry into `out`
 * when given (the timing ledger, the parry event, explain's parry option: one sum for all).
 */
export function parryDelayInto(consecutive: number, out: LedgerEntry[] | null): number {
  const raw = 2 * consecutive;
  const d = Math.min(raw, 10);
  if (out) {
    out.push({ source: `parry delay: ${count(consecutive, 'consecutive parry', 'consecutive parries')}`, delta: raw, rule: 'R-A8' });
    if (d !== raw) out.push({ source: 'parry delay at most 10 segments', delta: d - raw, rule: 'R-A8' });
  }
  return d;
}

/** R-A8: the delay alone (2 per consecutive parry, at most 10). */
export function parryDelay(consecutive: number): number {
  return parryDelayInto(consecutive, null);
}

/** A timing ledger: starts at the segment the figure became free, adds each step. */
export function timing(from: number, fromWhy: string, rule: string, steps: LedgerEntry[]): Ledger {
  return ledger([{ source: fromWhy, delta: from, rule }, ...steps]);
}
