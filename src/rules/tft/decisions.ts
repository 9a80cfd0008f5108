// Explain's `decision` (TFT): what the fight waits for now and every command each figure may
// send at it, each accepted by apply() as is (tft-core's turn). The initiative winner's side
// moves first or last; a figure of the moving side stays put or makes one of the moves the
// engine accepts; the actor takes one of its action-phase options (its `options`, the same
// entries); at any moment, the house actions of phase 'any' (the Thread's 5 minutes run at once,
// R-T3). Each figure's `options` stay the action phase's, a preview before it (the table shows
// them as such); the engine refuses them before the action phase ("not the action phase").
// Explain only: the AI and the lab never build this (moves are searched here, not in their loop).
import { type Hex, hexKey, neighbors } from '../../core/hex/coords.ts';
import type { DisplayNames } from '../../engine/names.ts';
import type { Pending } from '../../engine/types.ts';
import { pathOf, reachable } from './ai.ts';
import { effectiveMA, isEngaged } from './core.ts';
import { commandProblem, stepCost } from './flow.ts';
import type { ActionOption } from './hooks.ts';
import type { Figure, MoveCommand, TftState } from './model.ts';
import { anyMomentOptions } from './options.ts';

/**
 * A move to another hex, kept compact (a movement decision has dozens, each path several hexes):
 * the hex it ends in, the MA the path costs (terrain) and `via`, the index in the same list of the
 * move whose hex comes just before `to` on the path (-1: `to` is next to the figure). The command
 * to send is `{ type: 'move', figure, path }` with the path movePath() rebuilds (a `facing` may be
 * added; a `stance`, defend or dodge, when the path is at most half MA, tft-core).
 */
export interface MoveChoice {
  to: Hex;
  maUsed: number;
  via: number;
}

/** One figure's part of the decision. */
export interface FigureDecision {
  figure: string;
  /** Whether the pending decision waits for this figure (pending.figures); else only its any-moment actions. */
  asked: boolean;
  /** Each a command apply() accepts as is now, with its label (and, for an action, its odds as in `options`). */
  choices: ActionOption[];
  /** Movement: each other hex the figure may move to (MoveChoice); "stay put" is in `choices`. */
  moves?: MoveChoice[];
}

/** What the fight waits for now (pending.kind; 'over' once it is over) and each figure's commands at it. */
export interface Decision {
  kind: Pending['kind'] | 'over';
  figures: FigureDecision[];
}

/**
 * The decision `pending` waits for. `actions(fig)`: fig's action-phase options as explain lists
 * them (its `options`): the actor's choices are those same entries, and once the fight is over
 * they are what stays legal out of combat. A figure is listed when it is asked, or when it has an
 * any-moment action to send.
 */
export function decisionOf(state: TftState, pending: Pending | null, actions: (fig: Figure) => ActionOption[], names?: DisplayNames): Decision {
  const figures: FigureDecision[] = [];
  for (const fig of state.figures) {
    const asked = pending?.figures.includes(fig.id) ?? false;
    let choices: ActionOption[];
    let moves: MoveChoice[] | undefined;
    if ((asked && state.phase === 'action') || state.phase === 'over') choices = actions(fig);
    else {
      choices = [];
      if (asked && state.phase === 'initiative') {
        choices.push(
          { command: { type: 'initiative', figure: fig.id, choice: 'first' }, label: 'move first', rule: 'tft-core' },
          { command: { type: 'initiative', figure: fig.id, choice: 'last' }, label: 'move last (see the other side move first)', rule: 'tft-core' },
        );
      }
      if (asked && state.phase === 'move') {
        choices.push({ command: { type: 'move', figure: fig.id, path: [] }, label: 'stay put', rule: 'tft-core' });
        moves = moveChoices(state, fig);
      }
      choices.push(...anyMomentOptions(state, fig, 'explain', names));
    }
    if (asked || choices.length > 0) figures.push({ figure: fig.id, asked, choices, ...(moves ? { moves } : {}) });
  }
  return { kind: pending?.kind ?? 'over', figures };
}

/**
 * Every move to another hex the engine accepts from `fig` now (tft-core movement: MA and
 * terrain, a move stops in an enemy's front hex; engaged, a 1-hex shift that stays engaged).
 * The candidates come from the AI's reachability search (the six neighbours when engaged), and
 * each is kept only if the engine's own check of the command passes (flow.ts commandProblem).
 */
export function moveChoices(state: TftState, fig: Figure): MoveChoice[] {
  const paths: Hex[][] = [];
  if (isEngaged(state, fig)) for (const n of neighbors(fig.pos)) paths.push([n]);
  else {
    const spots = reachable(state, fig, effectiveMA(fig, state));
    for (const x of spots) if (x.steps > 0) paths.push(pathOf(spots, x));
  }
  const legal = paths.filter((path) => commandProblem(state, { type: 'move', figure: fig.id, path } satisfies MoveCommand) === null);
  const index = new Map(legal.map((path, i) => [hexKey(path[path.length - 1]), i]));
  return legal.map((path) => {
    const to = path[path.length - 1];
    let maUsed = 0;
    for (const h of path) maUsed += stepCost(state, h);
    // A hex on the way is a legal stop too (a stop before it would have ended the search there).
    const via = path.length > 1 ? (index.get(hexKey(path[path.length - 2])) ?? -1) : -1;
    return { to: { q: to.q, r: to.r }, maUsed, via };
  });
}

/** The path of `moves[i]` (moveChoices), to send as the move command's `path`. */
export function movePath(moves: readonly MoveChoice[], i: number): Hex[] {
  const path: Hex[] = [];
  for (let k = i; k >= 0 && path.length <= moves.length; k = moves[k].via) path.unshift({ ...moves[k].to });
  return path;
}
