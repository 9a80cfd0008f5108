// The GM takes one figure out of the fight (`leave`, a table tool, rule id `gm`, not a seed
// rule): it flees, surrenders or is carried off while the others fight on. Only the GM sends it
// (GameSystem.gmCommands), once the fight has begun; it rolls no dice, takes no game time and is
// not the figure's action. The figure moves from state.figures to state.gone, so every rule
// (targets, engagement, turn order, the end test, the Thread's rolls) passes it over unchanged;
// it keeps its wounds, state and weapons. The AI never sends it.
import { CommandRejected } from '../../core/errors.ts';
import { quote } from '../../core/issues.ts';
import type { TftContext } from './hooks.ts';
import type { Figure, GoneFigure, LeaveCommand, LeaveEvent, TftState } from './model.ts';

const reject = (path: string, message: string): never => {
  throw new CommandRejected(path, message);
};

/** The figures out of the fight (none in a state saved before `gone` existed). */
export function goneOf(state: TftState): readonly GoneFigure[] {
  return state.gone ?? [];
}

/** The figure `id` if it has left the fight. */
export function goneFigure(state: TftState, id: string): GoneFigure | undefined {
  return goneOf(state).find((g) => g.id === id);
}

/** Why a command's figure `id`, not in the fight, is refused: it has left it, or there is no such figure. */
export function unknownFigure(state: TftState, id: unknown): string {
  const g = typeof id === 'string' ? goneFigure(state, id) : undefined;
  return g ? `${g.name} has left the fight (${g.left.reason})` : `no figure ${quote(String(id))}`;
}

/** Checks the GM's `leave` of `fig` (in the fight) against the state, changing nothing; returns the function that carries it out. */
export function validateLeave(ctx: TftContext, cmd: LeaveCommand, fig: Figure): () => void {
  const { state } = ctx;
  if (state.phase === 'begin') reject('command.type', 'the fight has not begun: a figure leaves a fight under way (before it, take the figure out of the scenario)');
  if (state.phase === 'over') reject('command.type', `the fight is over already (${state.endReason})`);
  if (fig.state === 'dead') reject('command.figure', `${fig.name} is dead: dead is final (a body does not leave the fight)`);
  const reason = cmd.reason.trim();
  return () => {
    const turn = state.turn;
    state.figures.splice(state.figures.indexOf(fig), 1);
    const gone = fig as GoneFigure;
    gone.left = { turn, reason };
    state.gone = [...goneOf(state), gone]; // a new list: a clone's empty one is shared (cloneTft)
    // No more turns: out of this turn's action order, the index still on the same next actor
    // (its own action, if pending, passes to the next figure as when a figure falls).
    const k = state.phase === 'action' ? state.actionOrder.indexOf(fig.id) : -1;
    if (k >= 0) {
      state.actionOrder.splice(k, 1);
      if (k < state.actionIndex) state.actionIndex--;
      if (state.actionPrepared > k) state.actionPrepared--;
      else if (state.actionPrepared === k) state.actionPrepared = -1;
    }
    if (ctx.emit) ctx.emit({ type: 'leave', turn, figure: fig.id, reason } satisfies LeaveEvent);
  };
}
