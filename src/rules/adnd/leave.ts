// The GM takes one figure out of the fight (`leave`, a table tool, rule id `gm`, not a seed
// rule): it flees, surrenders or is carried off while the others fight on. Only the GM sends it,
// at any decision once the fight has begun; it rolls no dice, no time passes and it is not the
// figure's action. The figure moves from s.figures to s.gone, so every rule (targets, the
// queues, the segment's blows, the end test) passes it over unchanged; it keeps its hp and
// weapons. What it had declared, and every blow or spell aimed at it, is void (system.ts).
import { CommandRejected } from '../../core/errors.ts';
import { checkAt } from './adjust.ts';
import { figureState } from './combat.ts';
import type { AdndState, Command, Figure, GoneFigure } from './model.ts';
import { fig } from './plan.ts';

export type LeaveCommand = Extract<Command, { type: 'leave' }>;

/** The figures out of the fight (none in a state saved before `gone` existed). */
export function goneOf(s: AdndState): readonly GoneFigure[] {
  return s.gone ?? [];
}

/** Checks the GM's `leave` (nothing changed): refused before the begin, after the end, at another segment (`at`), for a figure gone, unknown or dead; returns the figure. */
export function checkLeave(s: AdndState, c: LeaveCommand): Figure {
  if (s.phase === 'begin') throw new CommandRejected('command.type', 'the fight has not begun: a figure leaves a fight under way (before it, take the figure out of the scenario)');
  if (s.phase === 'over') throw new CommandRejected('command.type', 'the fight is over already');
  checkAt(s, c.at);
  const g = goneOf(s).find((x) => x.id === c.figure);
  if (g) throw new CommandRejected('command.figure', `${g.name} has left the fight (${g.left.reason})`);
  const f = fig(s, c.figure, 'command.figure');
  if (figureState(f, s.options) === 'dead') throw new CommandRejected('command.figure', `${f.name} is dead: dead is final (a body does not leave the fight)`);
  return f;
}
