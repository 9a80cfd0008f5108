// The GM ends the fight (a table tool, rule id `gm`, not a seed rule): a rout or a surrender,
// which the end test (one side left standing) never sees. Only the GM sends it
// (GameSystem.gmCommands), at any decision once the fight has begun; it rolls no dice, takes no
// game time and leaves every figure as it is. flow.ts ends the encounter through endEncounter,
// its 'over' event carrying the reason and `gm: true`; the AI never sends it.
import { CommandRejected } from '../../core/errors.ts';
import { quote } from '../../core/issues.ts';
import type { EndCommand, TftState } from './model.ts';

/** Checks the GM's `end` against the state (changing nothing): refused before the begin, after the end, or for a side not in the scenario. */
export function checkEnd(state: TftState, cmd: EndCommand): void {
  if (state.phase === 'begin') throw new CommandRejected('command.type', 'the fight has not begun: an encounter that never began is deleted, not ended');
  if (state.phase === 'over') throw new CommandRejected('command.type', `the fight is over already (${state.endReason})`);
  if (cmd.winner !== null && !state.sides.includes(cmd.winner)) {
    throw new CommandRejected('command.winner', `no side ${quote(cmd.winner)} in this encounter (sides: ${state.sides.join(', ')}; null for no winner)`);
  }
}
