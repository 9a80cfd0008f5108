// Thread rolls [82345e2a], R-T2: N dice against ST or IQ, N rising by one each turn of dying;
// R-T3: an interrupted stabilization resumes at half the last N, rounded up.
import { type DiceSource, rollFaces, sum } from '../../../../core/dice/source.ts';
import { InputError } from '../../../../core/errors.ts';
import { type Ledger, fromBase } from '../../../../core/ledger.ts';

export type ThreadAttribute = 'st' | 'iq';
/** The player's choice at the table; `best` (the default, R-T2) picks the higher of ST and IQ. */
export type ThreadChoice = ThreadAttribute | 'best';

export interface ThreadTarget {
  attribute: ThreadAttribute;
  value: number;
  ledger: Ledger;
}

/** The attribute a thread roll is made against (R-T2). Ties under `best` go to ST. */
export function threadTarget(st: number, iq: number, choice: ThreadChoice = 'best'): ThreadTarget {
  const attribute = threadAttribute(st, iq, choice);
  const value = attribute === 'st' ? st : iq;
  const why = choice === 'best' ? 'the higher of ST and IQ (R-T2 default)' : 'the player chose it (R-T2)';
  return { attribute, value, ledger: fromBase(`${attribute.toUpperCase()} ${value}, ${why}`, value, 'R-T2') };
}

/** The attribute alone (no ledger: the lab's hot loop); the same choice as threadTarget. */
export function threadAttribute(st: number, iq: number, choice: ThreadChoice = 'best'): ThreadAttribute {
  if (choice === 'st' || choice === 'iq') return choice;
  if (choice === 'best') return iq > st ? 'iq' : 'st';
  throw new InputError([{ path: 'threadAttribute', message: `expected st, iq or best, got ${String(choice)}` }]);
}

/** N on the turn a figure began dying (R-T2). */
export const FIRST_THREAD_DICE = 1;

/**
 * N after an interrupted stabilization (R-T3): half the last roll's dice, rounded up; a figure that
 * had not rolled yet keeps the N it would have rolled (1 on the turn it began dying).
 */
export function diceAfterInterruption(lastDice: number | null, pendingDice: number): number {
  if (lastDice === null) return pendingDice;
  return Math.max(1, Math.ceil(lastDice / 2));
}

export interface ThreadRoll {
  dice: number;
  attribute: ThreadAttribute;
  target: Ledger;
  faces: number[];
  total: number;
  /** total <= the attribute (R-T2); otherwise the figure is dead. */
  survived: boolean;
}

export function rollThread(src: DiceSource, dice: number, target: ThreadTarget): ThreadRoll {
  if (!Number.isInteger(dice) || dice < 1) {
    throw new InputError([{ path: 'dice', message: `a thread roll needs 1 or more dice, got ${dice}` }]);
  }
  const faces = rollFaces(src, dice, 6);
  const total = sum(faces);
  return { dice, attribute: target.attribute, target: target.ledger, faces, total, survived: total <= target.value };
}
