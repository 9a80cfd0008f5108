// The GM's special criticals (RULINGS R-A10, seed 3380eb42): an AD&D attack whose third roll
// was 20 ("use your imagination") carries `critical.special`, and the GM decides an effect.
// Which steps of the log ask the GM for one, and the words the prompt, the Adjust form's reason
// and a note use.
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { effectiveLine } from './log.ts';
import { type Obj, isObj } from './view.ts';

export interface SpecialCritical {
  /** `${seq}:${event index}`: one event of one step (a rewind drops the step; seqs are never reused). */
  key: string;
  seq: number;
  attacker: string;
  target: string;
  /** The third roll as rolled (a parry's −3, R-A8, is taken off before the table is read). */
  third: number;
  /** The critical table's row ("quintuple maximum damage and a special effect (GM's call)"). */
  label: string;
  round?: number;
  segment?: number;
}

/** Whether an event is an AD&D attack with the special critical (R-A10): the GM's effect is asked for. */
export function isSpecialCritical(system: string, e: Obj): boolean {
  return system === 'adnd' && e.type === 'attack' && e.hit === true && isObj(e.critical) && e.critical.special === true && typeof e.attacker === 'string' && typeof e.target === 'string';
}

/** The special criticals in the line of play (a rewound step's are gone), oldest first. */
export function specialCriticals(system: string, entries: readonly LogEntryView[]): SpecialCritical[] {
  const out: SpecialCritical[] = [];
  for (const entry of effectiveLine(entries)) {
    (entry.events ?? []).forEach((ev, i) => {
      const e = ev as Obj;
      if (!isSpecialCritical(system, e)) return;
      const c = e.critical as Obj;
      out.push({
        key: `${entry.seq}:${i}`,
        seq: entry.seq,
        attacker: e.attacker as string,
        target: e.target as string,
        third: typeof c.third === 'number' ? c.third : 20,
        label: typeof c.label === 'string' ? c.label : 'a special effect',
        ...(typeof e.round === 'number' ? { round: e.round } : {}),
        ...(typeof e.segmentOfRound === 'number' && e.segmentOfRound > 0 ? { segment: e.segmentOfRound } : {}),
      });
    });
  }
  return out;
}

/** "Vampire struck Sir Kay (round 1, segment 4)". */
export function specialWords(c: SpecialCritical, name: (id: string) => string): string {
  const when = c.round !== undefined ? ` (round ${c.round}${c.segment !== undefined ? `, segment ${c.segment}` : ''})` : '';
  return `${name(c.attacker)} struck ${name(c.target)}${when}`;
}

/** The Adjust form's reason, naming the special critical (the log shows it). */
export function specialReason(c: SpecialCritical, name: (id: string) => string): string {
  return `special critical (R-A10): ${name(c.attacker)}'s third roll ${c.third} on ${name(c.target)}`;
}

/** A note's text for the GM to keep the effect decided. */
export function specialNote(c: SpecialCritical, name: (id: string) => string): string {
  return `Special critical (R-A10, step ${c.seq}): ${specialWords(c, name)}, third roll ${c.third}. Effect: `;
}
