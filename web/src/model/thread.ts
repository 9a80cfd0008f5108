// Hanging by a Thread at the table (seed 82345e2a, R-T2, R-T3): a dying or stabilizing figure as
// the page shows it, read from the state and explain(): the next thread roll and what it is
// against, the chance to survive the coming turns, the medics' chances, the work in progress.
// One reading for the Status tab's cards and the Actions tab's short lines.
import { pct } from './options.ts';
import { type FigureView, type Obj, isObj, toLedger } from './view.ts';

const STAB_TURNS = 60; // R-T3: 5 minutes of work

/** This turn's work on a stabilization (the thread module's workThisTurn). */
export type Work = 'done' | 'open' | 'stops';
const WORK: readonly string[] = ['done', 'open', 'stops'];

export interface ThreadView {
  id: string;
  name: string;
  state: string;
  /** The dice of the next thread roll (while a medic works: the roll if the work stops, R-T3). */
  next: number | null;
  /** What it is rolled against: the total, and the engine's words ("IQ 14, the player chose it"). */
  against: { total: number; what: string } | null;
  /** The chance to be alive after k more turns of thread rolls (R-T2). */
  survival: { k: number; p: number }[];
  /** The medics who may try (not those barred by a failed roll): chance, dice, IQ, beside the patient or not. */
  medics: { id: string; name: string; p: number | null; dice: number | null; iq: number | null; adjacent: boolean }[];
  /** The player's choices of ST or IQ for the thread rolls (R-T2), as explain() gives them. */
  choices: Obj[];
  /**
   * A medic at work (R-T3): who, and the turns done of those needed; `work`, this turn's work as
   * explain() says it (done, open: it counts if the medic stabilizes this turn, stops: the medic
   * acted otherwise or cannot, so the work stops at the end of this turn), with `why`; null unknown.
   */
  stab: { medic: string | null; medicName: string | null; done: number; needed: number; work: Work | null; why: string | null } | null;
}

/** The dying and stabilizing among `figures` (explain()'s figures by id in `explained`). */
export function threadViews(figures: readonly FigureView[], explained: ReadonlyMap<string, Obj>): ThreadView[] {
  const nameOf = (id: string) => figures.find((x) => x.id === id)?.name ?? id;
  const out: ThreadView[] = [];
  for (const f of figures) {
    const house = isObj(f.raw.house) ? f.raw.house : {};
    const bag = isObj(house.thread) ? house.thread : {};
    const dying = isObj(bag.dying) ? bag.dying : null;
    const stabBag = isObj(bag.stabilization) ? bag.stabilization : null;
    const e = explained.get(f.id) ?? {};
    const eh = isObj(e.house) ? e.house : {};
    const t = isObj(eh.thread) ? eh.thread : isObj(e.thread) ? e.thread : {};
    const stab = isObj(t.stabilizing) ? t.stabilizing : stabBag;
    if (!dying && !stab && f.state !== 'dying') continue;
    const survival: { k: number; p: number }[] = [];
    if (Array.isArray(t.survive)) {
      t.survive.forEach((x, i) => {
        if (typeof x === 'number') survival.push({ k: i + 1, p: x });
        else if (isObj(x)) {
          const p = isObj(x.alive) && typeof x.alive.p === 'number' ? x.alive.p : typeof x.p === 'number' ? x.p : null;
          if (p !== null) survival.push({ k: typeof x.turns === 'number' ? x.turns : i + 1, p });
        }
      });
    }
    const against = toLedger(t.against);
    const medics = (Array.isArray(t.medics) ? t.medics : []).filter(isObj).filter((m) => typeof m.medic === 'string' && m.barred !== true);
    const medic = stab && typeof stab.medic === 'string' ? stab.medic : null;
    const work = stab && isObj(stab.thisTurn) ? stab.thisTurn : {};
    out.push({
      id: f.id,
      name: f.name,
      state: f.state,
      next: toLedger(t.nextThreadDice)?.total ?? (typeof t.nextThreadDice === 'number' ? t.nextThreadDice : null),
      against: against ? { total: against.total, what: against.entries[0]?.source ?? '' } : null,
      survival,
      medics: medics.map((m) => ({
        id: String(m.medic),
        name: nameOf(String(m.medic)),
        p: isObj(m.stabilize) && typeof m.stabilize.p === 'number' ? m.stabilize.p : null,
        dice: toLedger(m.dice)?.total ?? null,
        iq: typeof m.iq === 'number' ? m.iq : null,
        adjacent: m.adjacent !== false,
      })),
      choices: (Array.isArray(t.choices) ? t.choices : []).filter(isObj).filter((c) => isObj(c.command) && typeof c.command.attribute === 'string'),
      stab: stab
        ? {
            medic,
            medicName: medic ? nameOf(medic) : null,
            done: typeof stab.turnsDone === 'number' ? stab.turnsDone : 0,
            needed: typeof stab.turnsNeeded === 'number' ? stab.turnsNeeded : STAB_TURNS,
            work: typeof work.work === 'string' && WORK.includes(work.work) ? (work.work as Work) : null,
            why: typeof work.why === 'string' ? work.why : null,
          }
        : null,
    });
  }
  return out;
}

/** The attribute a thread roll is against, from the engine's words ("IQ 14, the higher..." -> "IQ"). */
function attributeOf(what: string): string {
  return /^(ST|IQ)\b/.exec(what)?.[1] ?? '';
}

/** The next roll in short: "1d6 ≤ IQ 14". */
export function rollWords(t: ThreadView): string {
  if (t.next === null) return '';
  const attr = t.against ? attributeOf(t.against.what) : '';
  return `${t.next}d6${t.against ? ` ≤ ${attr ? `${attr} ` : ''}${t.against.total}` : ''}`;
}

/**
 * What becomes of a figure left dying once the fight is over (`name`): the engine makes no more
 * thread rolls then (R-T2); a medic beside it runs the 5 minutes at once (R-T3).
 */
export const afterFightWords = (name: string): string =>
  `The fight is over: no more thread rolls. ${name} stays dying until a medic stabilizes it; a medic beside ${name} can run the 5 minutes at once (finish stabilizing) or give first aid.`;

/**
 * A dying figure in one line, for the Actions tab (the GM plays on without opening Status): its
 * thread roll at the end of the turn and the chance it survives it (R-T2), or the medic at work
 * and the turns done, no thread roll meanwhile (R-T3); once the fight is over (`over`), no more rolls.
 */
export function threadLine(t: ThreadView, over = false): string {
  if (over && !t.stab) return `${t.name} is dying. ${afterFightWords(t.name)}`;
  if (t.stab) {
    const who = t.stab.medicName ?? 'the medic';
    const turns = `${t.stab.done} of ${t.stab.needed} turns done`;
    const roll = t.next !== null ? rollWords(t) : '';
    // The medic has acted otherwise, or cannot act (R-T3 "doing nothing else"): the end of this turn interrupts the work.
    if (t.stab.work === 'stops' && !over) {
      return `${t.name} is dying; ${t.stab.medicName ?? 'a medic'} was stabilizing (${turns}), but ${t.stab.why ?? `${who} cannot work this turn`}: the work stops at the end of this turn${roll ? `, and ${t.name} rolls ${roll} then` : ''}.`;
    }
    const medic = t.medics.find((m) => m.id === t.stab?.medic);
    const end = medic && medic.dice !== null && medic.iq !== null ? ` At the end ${who} rolls ${medic.dice}d6 ≤ IQ ${medic.iq}${medic.p !== null ? ` (${pct(medic.p)})` : ''}.` : '';
    // What another choice of the medic's does (R-T3: an interrupted attempt resumes the thread rolls at fewer dice);
    // once this turn's work is done, that choice is a later turn's.
    const later = t.stab.work === 'done';
    const stops = roll && !over ? ` If ${who} does anything else${later ? ' in a later turn' : ''}, the work stops: ${t.name} rolls ${roll} at the end of ${later ? 'that' : 'the'} turn.` : '';
    return `${t.name} is dying; ${t.stab.medicName ?? 'a medic'} is stabilizing: ${turns}${later && !over ? ", this turn's included" : ''}, no thread roll meanwhile.${end}${stops}`;
  }
  if (t.next === null) return `${t.name} is dying.`;
  const first = t.survival.find((s) => s.k === 1);
  return `${t.name} is dying: thread roll ${rollWords(t)} at the end of the turn${first ? `, survives it ${pct(first.p)}` : ''}.`;
}
