// Whose turn it is, in words, for every viewer: the GM, the player whose figure must decide,
// the player waiting for another side, a spectator. And the movement order as the Status tab
// shows it (during the initiative choice the winner is not in the engine's order yet).
import { type Obj, isObj, sideName } from './view.ts';

export interface Pending {
  figures: string[];
  kind: string;
}

/**
 * The pending decision as the server sent it, read defensively (the page must draw whatever
 * arrives): its figure ids (strings only) and its kind ('' when missing); null when there is none.
 */
export function pendingOf(v: unknown): Pending | null {
  if (!isObj(v)) return null;
  return {
    figures: Array.isArray(v.figures) ? v.figures.filter((x): x is string => typeof x === 'string') : [],
    kind: typeof v.kind === 'string' ? v.kind : '',
  };
}

export interface TurnInput {
  system: string;
  pending: { figures: string[]; kind: string } | null;
  over: boolean;
  state: Obj;
  nameOf(id: string): string;
  /** Figures this viewer commands (all for the GM). */
  mine: ReadonlySet<string>;
  isGm: boolean;
  /** The winning side once the fight is over (the summary's winner), if any. */
  winner?: string | null;
}

const list = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** What is being decided now and by whom ("north moves: Bjorn"). */
function decision(t: TurnInput, p: { figures: string[]; kind: string }): string {
  const names = list(p.figures.map(t.nameOf));
  const s = t.state;
  if (t.system === 'tft') {
    if (p.kind === 'initiative' && typeof s.initiativeWinner === 'string') return `${sideName(s, s.initiativeWinner)} won the initiative: ${names} ${p.figures.length > 1 ? 'choose' : 'chooses'} to move first or last`;
    if (p.kind === 'move' && Array.isArray(s.moveOrder) && typeof s.moveSide === 'number') {
      const side = s.moveOrder[s.moveSide];
      if (typeof side !== 'string') return `${names} moves`;
      // A side's own name may be singular or plural ("Two orcs"): the verb goes with the figures.
      return sideName(s, side) === side ? `${side} moves: ${names}` : `${sideName(s, side)}: ${names} ${p.figures.length > 1 ? 'move' : 'moves'}`;
    }
    if (p.kind === 'action') return `${names}'s action`;
  }
  if (t.system === 'adnd') {
    if (p.kind === 'action') return `${names} ${p.figures.length > 1 ? 'declare' : 'declares'} an action`;
    if (p.kind === 'parry') return `${names} may parry`;
    if (p.kind === 'extra-attack') return `${names}: extra attack`;
  }
  return p.kind ? `${names}: ${p.kind}` : names;
}

/** The fight's result in words, the side by its scenario name: the banner's and the action panel's line. */
export function resultWords(state: Obj, winner: unknown, why = true): string {
  if (typeof winner === 'string' && winner !== '') return `The fight is over: ${sideName(state, winner)} won.`;
  // Why no one won, as the log's last line says it: TFT's endReason ("max turns"), AD&D's round
  // limit (stalled). `why` false: the banner says the GM's reason beside it instead.
  const reason = !why ? null : typeof state.endReason === 'string' && state.endReason !== '' ? state.endReason : state.stalled === true ? 'max rounds' : null;
  return `The fight is over${reason ? `: no winner (${reason})` : ''}.`;
}

/** The line the action panel shows about the turn, for this viewer. */
export function whoseTurn(t: TurnInput): string {
  if (t.over) return resultWords(t.state, t.winner);
  const p = t.pending;
  if (!p) return '';
  // A system step (begin): the banner above the tabs says it, with the GM's button; said here too, it was said twice.
  if (p.figures.length === 0) return '';
  const now = decision(t, p);
  if (t.isGm || t.mine.size === 0) return `Now: ${now}.`;
  const own = p.figures.filter((id) => t.mine.has(id));
  if (own.length === 0) return `Not your turn. Now: ${now}.`;
  // The player's own figures are the subject: "Your turn. Frito and Minotaur declare" read as if
  // the player declared for the enemy too (AD&D's sides declare at once). The others are named after.
  const others = p.figures.filter((id) => !t.mine.has(id));
  return `Your turn. ${cap(decision(t, { ...p, figures: own }))}${others.length > 0 ? `; at the same time: ${list(others.map(t.nameOf))}` : ''}.`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface OrderChip {
  side: string;
  /** Moving now (or choosing now). */
  now: boolean;
  note?: string;
}

/**
 * TFT movement order for the Status tab. While the initiative winner chooses, the engine's
 * `moveOrder` holds only the other sides (the winner is placed by its choice), so the winner
 * is shown first with "chooses first or last".
 */
export function moveOrderView(state: Obj, phase: string | undefined): OrderChip[] {
  const order = Array.isArray(state.moveOrder) ? state.moveOrder.filter((x): x is string => typeof x === 'string') : [];
  const winner = typeof state.initiativeWinner === 'string' ? state.initiativeWinner : null;
  if (phase === 'initiative' && winner && !order.includes(winner)) {
    return [{ side: winner, now: true, note: 'chooses first or last' }, ...order.map((side) => ({ side, now: false }))];
  }
  const at = typeof state.moveSide === 'number' ? state.moveSide : -1;
  return order.map((side, i) => ({ side, now: phase === 'move' && i === at }));
}

export interface SelectionInput {
  /** The pending decision; null once the fight is over. */
  pending: { figures: string[] } | null;
  /** Figures this viewer commands (all for the GM, none for a spectator). */
  mine: ReadonlySet<string>;
  isGm: boolean;
  figures: readonly { id: string; state: string; side?: string }[];
  selected: string | null;
  /** The winning side once the fight is over, if any: its figures come first. */
  winner?: string | null;
}

const FALLEN = new Set(['unconscious', 'dying', 'dead']);
/** A state with nothing left to decide: a figure in one is not kept on the action panel. */
export const isFallen = (state: string): boolean => FALLEN.has(state);

/**
 * The figure the action panel shows when the pending decision changes: the viewer's own figure
 * that must decide; a player waiting for another side keeps (or gets) one of its own, not the
 * enemy's; a viewer who commands nothing (a spectator) follows the figure whose turn it is (it
 * stayed on the first figure it saw, "not its turn", for the rest of the fight). A fallen
 * figure is not kept (the AD&D panel stayed on the dead figure whose decision it had been);
 * once the fight is over the panel shows one of the viewer's standing figures, the winners'
 * first, as the TFT table does (what it may still do, a medic's 5 minutes, R-T3), else none.
 */
export function selectionFor(t: SelectionInput): string | null {
  const p = t.pending;
  const standing = t.figures.filter((f) => !isFallen(f.state));
  const kept = standing.some((f) => f.id === t.selected) ? t.selected : null;
  if (!p) {
    const own = standing.filter((f) => t.mine.has(f.id));
    return kept ?? (own.find((f) => t.winner && f.side === t.winner) ?? own[0])?.id ?? null;
  }
  const mineNow = p.figures.find((id) => t.mine.has(id));
  if (mineNow) return mineNow;
  const own = !t.isGm && t.mine.size > 0 ? standing.find((f) => t.mine.has(f.id))?.id : undefined;
  if (own) return kept && t.mine.has(kept) ? kept : own;
  if (!t.isGm && t.mine.size === 0 && p.figures[0]) return p.figures[0];
  // A player whose figures have all fallen gets its own (none of them can act), not another's:
  // it was shown the pending figure's panel, "Nothing for Doc to do now", as if Doc were its own.
  if (!t.isGm && t.mine.size > 0) return t.selected !== null && t.mine.has(t.selected) ? t.selected : (t.figures.find((f) => t.mine.has(f.id))?.id ?? null);
  return kept ?? p.figures[0] ?? null;
}
