// The GM's adjustment of a figure (`adjust`): hp lost or regained from what the engine does not
// model (a fall, a trap, a potion drunk between blows). Only the GM sends it, at any pending
// decision; it is not the figure's action: no time passes, nothing declared moves, and the
// decision pending before it is pending after it (system.ts takes a figure it fells out of
// the segment, as nobody can act down). The hp move through the normal hp loss and healing
// (combat.ts hurt / heal: unconscious, dying and dead as the deathAt option says), with a
// ledger naming the GM (rule `gm`). No figure is credited with the damage: there is no attack
// or spell-damage event, which is what damage dealt is counted from. Dice in notation are
// rolled with the apply call's dice source, their faces kept in the event.
import { rollDice, rollTotal } from '../../core/dice/roll.ts';
import type { DiceSource } from '../../core/dice/source.ts';
import { CommandRejected } from '../../core/errors.ts';
import { type LedgerEntry, ledger } from '../../core/ledger.ts';
import type { Emit } from '../../engine/types.ts';
import { ev } from './clock.ts';
import { figureState, heal, hurt } from './combat.ts';
import type { AdndEvent, AdndState, Command, Figure } from './model.ts';
import { fig } from './plan.ts';

export type AdjustCommand = Extract<Command, { type: 'adjust' }>;

/** The command types only the GM may send (adndSystem.gmCommands): this adjustment, the end of the fight (end.ts) and a figure's leaving it (leave.ts). */
export const GM_COMMANDS: readonly string[] = Object.freeze(['adjust', 'end', 'leave']);

/** Refuses (nothing changed) a command whose `at` names another segment than this one. */
export function checkAt(s: AdndState, at: number | undefined): void {
  if (at !== undefined && at !== s.now) throw new CommandRejected('command.at', `this command is for segment ${at}; it is segment ${s.now}`);
}

/** The figure `c` adjusts; refuses (nothing changed) after the fight, for the dead, or at another segment. */
export function checkAdjust(s: AdndState, c: AdjustCommand): Figure {
  if (s.phase === 'over') throw new CommandRejected('command', 'the fight is over');
  const f = fig(s, c.figure, 'command.figure');
  if (figureState(f, s.options) === 'dead') throw new CommandRejected('command.figure', `${f.name} is dead: dead is final`);
  checkAt(s, c.at);
  return f;
}

/** Applies the GM's adjustment `c` to its figure's hp (the `adjust` event first, then any state change); returns the figure. */
export function adjustFigure(s: AdndState, c: AdjustCommand, dice: DiceSource, emit: Emit<AdndEvent>): Figure {
  const f = checkAdjust(s, c);
  const healing = c.heal !== undefined;
  const amount = (healing ? c.heal : c.damage) as number | string;
  let total = 0;
  let roll: { dice: string; faces: number[]; total: number } | null = null;
  if (typeof amount === 'number') total = amount;
  else if (emit) {
    const r = rollDice(amount, dice);
    roll = { dice: amount, faces: r.faces, total: r.total };
    total = r.total;
  } else total = rollTotal(amount, dice);
  // A roll below 0 ("1d4-2") moves nothing; healing stops at the figure's maximum hp.
  const applied = Math.max(0, healing ? Math.min(total, f.maxHp - f.hp) : total);
  const cause = `GM: ${c.reason}`;
  if (emit) {
    const entries: LedgerEntry[] = [{ source: roll ? `${cause} (${roll.dice} [${roll.faces.join(', ')}])` : cause, delta: total, rule: 'gm' }];
    if (applied !== total) entries.push({ source: applied > total ? 'a roll below 0 moves nothing' : 'not above max hp', delta: applied - total, rule: 'gm' });
    const hp = healing ? f.hp + applied : f.hp - applied;
    emit(ev(s, 'adjust', { figure: f.id, reason: c.reason, ...(roll ? { roll } : {}), [healing ? 'heal' : 'damage']: applied, ledger: ledger(entries), hp }));
  }
  if (applied === 0) return f;
  if (healing) heal(s, f, applied, cause, emit);
  else hurt(s, f, applied, emit ? cause : null, emit);
  return f;
}
