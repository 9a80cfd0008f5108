// How the AI weighs a medic's work in Hanging by a Thread [82345e2a] (R-T3, R-T4): the scores of
// the stabilize and first-aid options, compared with attacks' expected damage (the AI takes the
// best-scoring option: ai.ts proposeAction). Numbers only: no ledgers or text (the AI's hot path).
import type { ThreadBag } from './tracker.ts';
import { survivalOdds } from './odds.ts';
import { threadAttribute } from './roll.ts';

/**
 * Scores above anything else the AI weighs. After the fight: finishing (running the 5 minutes at
 * once) and starting a stabilization; first aid that saves a dying friend beats both anywhere,
 * since it saves for sure where stabilization is a roll (R-T4: it replaces stabilization).
 */
export const CARE_SCORE = { firstAidSaves: 102, finish: 101, stabilizeAfter: 100, firstAidAfter: 50 } as const;

/**
 * A friend's life in points of expected damage: about a figure's ST, what it takes to put an
 * enemy down, so a sure save (first aid) or work under way outweighs an ordinary attack.
 */
export const LIFE = 20;

/**
 * The least chance of success for which a medic in combat starts a stabilization (R-T3): the work
 * keeps it out of the fight until the fight ends, so below one chance in six (Physicker 4d6 needs
 * IQ 11 for it, Scholar or Veterinarian 5d6 IQ 14, anyone else 7d6 IQ 20; a Healing Potion is one
 * die fewer) it would trade its part in the fight for a near-certain failure, after which the
 * thread rolls go on anyway. After the fight there is nothing to lose, and any chance is taken.
 */
export const STABILIZE_HOPE = 1 / 6;

/**
 * When a medic in combat starts (R-T2 danger): the friend would die within its next
 * DANGER_ROLLS thread rolls with at least this chance. Each roll has one die more, so the next
 * roll alone understates it: the first (1 die) never kills a figure of ST or IQ 6 or more and the
 * second (2 dice against 10) one time in 12, yet a friend of 10 rolling 1, 2 and 3 dice dies one
 * time in two, and a medic who waits for the danger arrives after it. Three rolls are about what
 * is left of a fight when someone goes down in it; Claudio (IQ 14) at 1 die, dying 1 time in 11
 * in three rolls, is left for a turn while his medic fights on.
 */
export const THREAD_DANGER = 1 / 6;
export const DANGER_ROLLS = 3;

/** P(the dying figure dies within its next `rolls` thread rolls) (R-T2), by the module's own odds. */
export function threadDeath(p: { st: number; iq: number; house: Record<string, unknown> }, rolls = DANGER_ROLLS): number {
  const b = p.house.thread as ThreadBag | undefined;
  if (!b?.dying) return 0;
  const value = threadAttribute(p.st, p.iq, b.attribute) === 'st' ? p.st : p.iq;
  // The next roll's dice: nextThreadDice's total, without its ledger (tracker.ts threadRollFor).
  return 1 - survivalOdds(value, b.dying.base + b.dying.steps, rolls)[rolls - 1].alive.toNumber();
}

/**
 * The score of a stabilize option on a friend while the fight goes on (R-T3): 0 when the medic is
 * engaged (it fights; an attempt under way is interrupted, R-T3); LIFE to keep at work it started
 * (leaving it resumes the thread rolls and wastes the turns done); to start, LIFE weighted by the
 * chance the work saves the friend, once the coming thread rolls are a real danger and the
 * chance is not hopeless.
 */
export function stabilizeInCombat(engaged: boolean, continuing: boolean, pStabilize: number, patient: { st: number; iq: number; house: Record<string, unknown> }): number {
  if (engaged) return 0;
  if (continuing) return LIFE;
  if (pStabilize < STABILIZE_HOPE || threadDeath(patient) < THREAD_DANGER) return 0;
  return LIFE * pStabilize;
}
