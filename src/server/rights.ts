// Who may send which command. The GM may send any command. A spectator sends none. A player
// may send only commands that name one of its own figures as the actor (`figure`); a command
// that names no figure (begin, and any step of the system itself) and a pending step that lists
// no figure belong to the GM, and so do the system's GM commands (GameSystem.gmCommands: the
// GM's adjustment of a figure), whatever figure they name, and a command that plays an entry of
// the scenario's script. Whether the command is legal now is the engine's question after.
//
// Entered dice follow the same line: a GM enters every face of its command (where
// settings.enteredDice allows it), a player only the faces of its own figures' rolls, the
// server rolling the rest (room.ts, rolls.ts).
import type { Pending } from '../engine/types.ts';
import { forbidden } from './errors.ts';
import type { EncounterSettings, Role } from './protocol.ts';

export interface Rights {
  role: Role;
  figures: readonly string[];
}

/** What a GM command does, in a player's refusal ("only the GM may end the fight"). */
const GM_DOES = new Map([
  ['adjust', 'adjust a figure'],
  ['end', 'end the fight'],
  ['leave', 'take a figure out of the fight'],
]);

/** Throws forbidden unless `who` may send `command` while `pending` waits; `gmCommands`: the system's (GameSystem.gmCommands). */
export function checkCommandRights(who: Rights, command: unknown, pending: Pending, gmCommands: readonly string[] = []): void {
  if (who.role === 'gm') return;
  const c = command as { type?: unknown; figure?: unknown };
  const type = typeof c.type === 'string' ? c.type : 'command';
  if (gmCommands.includes(type)) throw forbidden('command.type', `'${type}' is the GM's: only the GM may ${GM_DOES.get(type) ?? 'send it'}`);
  if (who.role === 'spectator') throw forbidden('token', 'a spectator cannot send commands');
  // The scenario's script is the GM's (views.ts withViewerScripts): a command saying which entry it
  // plays (TFT `script`, set by decide()) would use up an enemy's entry, or tell by its refusal
  // how long the script is and what is used.
  if ('script' in c) throw forbidden('command.script', "the scenario's script is the GM's: a player's command plays no script entry");
  if (typeof c.figure !== 'string') {
    throw forbidden('command.type', `'${type}' names no figure: it is the GM's step, not a player's`);
  }
  if (!who.figures.includes(c.figure)) throw forbidden('command.figure', `'${c.figure}' is not one of your figures`);
  if (pending.figures.length === 0) {
    throw forbidden('command', `the step pending now ('${pending.kind}') belongs to no figure: only the GM may take it`);
  }
}

/** Throws forbidden unless `role` may send faces under `settings`. */
export function checkEnteredDice(role: Role, settings: EncounterSettings): void {
  const allowed = settings.enteredDice === 'all' || (settings.enteredDice === 'gm' && role === 'gm');
  if (!allowed) throw forbidden('faces', `entered dice are ${settings.enteredDice === 'off' ? 'off' : 'for the GM only'} in this encounter`);
}
