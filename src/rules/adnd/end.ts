// The GM ends the fight (`end`, a table tool, rule id `gm`): a rout or a surrender, which the end
// test (one side left standing) never sees. Only the GM sends it, at any decision once the fight
// has begun; it rolls no dice, no time passes and every figure stays as it is. system.ts ends the
// encounter as its own end test does (the 'end' event), with the reason and `gm: true`.
import { CommandRejected } from '../../core/errors.ts';
import { quote } from '../../core/issues.ts';
import { checkAt } from './adjust.ts';
import { goneOf } from './leave.ts';
import type { AdndState, Command } from './model.ts';

export type EndCommand = Extract<Command, { type: 'end' }>;

/** The sides of the encounter, in the order the figures first show them (those gone from the fight last: leave.ts). */
function sidesOf(s: AdndState): string[] {
  const out: string[] = [];
  for (const f of [...s.figures, ...goneOf(s)]) if (!out.includes(f.side)) out.push(f.side);
  return out;
}

/** Checks the GM's `end` (nothing changed): refused before the begin, after the end, at another segment (`at`) or for a side not in the encounter. */
export function checkEnd(s: AdndState, c: EndCommand): void {
  if (s.phase === 'begin') throw new CommandRejected('command.type', 'the fight has not begun: an encounter that never began is deleted, not ended');
  if (s.phase === 'over') throw new CommandRejected('command.type', 'the fight is over already');
  checkAt(s, c.at);
  const sides = sidesOf(s);
  if (c.winner !== null && !sides.includes(c.winner)) {
    throw new CommandRejected('command.winner', `no side ${quote(c.winner)} in this encounter (sides: ${sides.join(', ')}; null for no winner)`);
  }
}
