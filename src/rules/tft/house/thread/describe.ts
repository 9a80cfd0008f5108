// Narration of the Thread module's events (`fray run` without --json, the table's log); figures
// by the names the table shows (`names`; an id without an entry is shown as the id).
import { formatLedger } from '../../../../core/ledger.ts';
import { type DisplayNames, nameOf } from '../../../../engine/names.ts';
import type { GameEvent } from '../../../../engine/types.ts';
import { count } from '../../../words.ts';
import { rollText } from '../../ledger-text.ts';
import type { ThreadEvent } from './tracker.ts';

const TYPES = new Set(['thread-state', 'thread-roll', 'stabilize', 'stabilize-interrupted', 'stabilize-roll', 'first-aid', 'thread-attribute', 'thread-time']);

/** One line for a thread event, or undefined for any other event. */
export function describeThread(event: GameEvent, names?: DisplayNames): string | undefined {
  if (!TYPES.has(event.type)) return undefined;
  const e = event as unknown as ThreadEvent;
  const f = 'figure' in e ? nameOf(names, e.figure) : '';
  const patient = 'patient' in e ? nameOf(names, e.patient) : '';
  switch (e.type) {
    case 'thread-state':
      return `${f} is now ${e.to.toUpperCase()} (${e.reason}).`;
    case 'thread-roll':
      return `${f} makes a thread roll: ${rollText({ dice: `${e.dice.total}d6`, faces: e.faces, total: e.total })} against ${e.attribute.toUpperCase()} ${e.target.total} (dice: ${formatLedger(e.dice)}): ${e.survived ? 'lives another turn' : 'DIES'} [R-T2].`;
    case 'stabilize':
      return `${f} ${e.phase === 'start' ? 'starts to stabilize' : 'keeps stabilizing'} ${patient} (turn ${e.turnsDone} of ${e.turnsNeeded}; the roll will be ${e.dice.total}d6 against IQ) [R-T3].`;
    case 'stabilize-interrupted':
      return `${f} stops working on ${patient} after ${count(e.turnsDone, 'turn')}: the stabilization is interrupted; thread rolls resume at ${count(e.resumeDice.total, 'die', 'dice')} (${formatLedger(e.resumeDice)}) [R-T3].`;
    case 'stabilize-roll':
      return `${f} rolls to stabilize ${patient}: ${rollText({ dice: `${e.dice.total}d6`, faces: e.faces, total: e.total })} against IQ ${e.target.total}: ${e.success ? `success, wounds ${e.woundsBefore} -> ${e.woundsAfter} (dyST 1)` : `failure; ${f} may not try again on ${patient}`} [R-T3].`;
    case 'first-aid':
      return `${f} gives ${patient} first aid: ${count(e.heal.total, 'wound')} healed (${formatLedger(e.heal)}), wounds ${e.woundsBefore} -> ${e.woundsAfter}${e.replacesStabilization ? ' (in place of stabilization, no roll)' : ''} [R-T4].`;
    case 'thread-attribute':
      // The target's one entry says what and why: "IQ 9, the player chose it (R-T2)".
      return `${f}'s thread rolls will be made against ${e.target.entries[0]?.source ?? e.target.total}.`;
    case 'thread-time':
      // Out of combat (R-T3): not turns of the fight, whose count stays (docs/rules/thread.md).
      return `${e.turns === 1 ? '1 turn passes' : `${e.turns} turns pass`} at once, out of combat: ${e.reason}. They are not turns of the fight: its turn count stays at ${e.turn}.`;
  }
}
