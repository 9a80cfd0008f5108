// Overwatch (seed f04d4dae; RULINGS R-H7). A figure eligible to fire declares overwatch in the
// action phase instead of firing. Its trigger is plain data, so a script, the AI and a player
// at the table all state it the same way, and the engine fires it deterministically:
// - in the rest of that action phase, just before a matching target takes its action;
// - in the next turn's movement phase, at the first hex step of a matching target (entering a
//   hex, or leaving one) that the overwatcher can see, at no -2 DX.
// When several overwatchers trigger at the same step they fire by adjDX, highest first, then
// by figure id. Each overwatch fires once, then ends; it also ends after that movement phase.
import { z } from 'zod';
import type { Hex } from '../../../../core/hex/coords.ts';
import { hexKey } from '../../../../core/hex/coords.ts';

export const overwatchTriggerSchema = z
  .object({
    /** Whom to fire at: any enemy (default) or these figure ids. */
    targets: z.union([z.literal('any-enemy'), z.array(z.string().min(1)).min(1)]).default('any-enemy'),
    /** Movement phase: fire as a target enters a hex, leaves one, or either (default enter). */
    on: z.enum(['enter', 'leave', 'either']).default('enter'),
    /** Only at steps within this many megahexes (default: any range). */
    withinMegahexes: z.number().int().min(0).optional(),
    /** Only at steps into/out of these hexes (a watched doorway, say). */
    hexes: z.array(z.object({ q: z.number().int(), r: z.number().int() })).optional(),
    /** Action phase: fire just before a matching target acts (default true). */
    beforeAction: z.boolean().default(true),
  })
  .strict();
export type OverwatchTrigger = z.infer<typeof overwatchTriggerSchema>;

export interface OverwatchState {
  trigger: OverwatchTrigger;
  /** The turn it was declared in. */
  turn: number;
  burst: string;
  ammo?: string;
  weaponSlot?: number;
}

export interface MoveStepView {
  moverId: string;
  moverIsEnemy: boolean;
  /** 'enter' the hex `hex`, or 'leave' it. */
  kind: 'enter' | 'leave';
  hex: Hex;
  /** Megahexes from the overwatcher to `hex`. */
  megahexes: number;
  /** The overwatcher can see `hex`. */
  visible: boolean;
}

function targetMatches(t: OverwatchTrigger, id: string, isEnemy: boolean): boolean {
  return t.targets === 'any-enemy' ? isEnemy : t.targets.includes(id);
}

/** R-H7: does this hex step of a mover set off the overwatch? */
export function triggersOnStep(ow: OverwatchState, step: MoveStepView): boolean {
  const t = ow.trigger;
  if (!step.visible) return false;
  if (!targetMatches(t, step.moverId, step.moverIsEnemy)) return false;
  if (t.on !== 'either' && t.on !== step.kind) return false;
  if (t.withinMegahexes !== undefined && step.megahexes > t.withinMegahexes) return false;
  if (t.hexes && !t.hexes.some((h) => hexKey(h) === hexKey(step.hex))) return false;
  return true;
}

/** R-H7: does the overwatch fire just before `actorId` acts in the declaring turn's action phase? */
export function triggersBeforeAction(ow: OverwatchState, actorId: string, actorIsEnemy: boolean, visible: boolean): boolean {
  return ow.trigger.beforeAction && visible && targetMatches(ow.trigger, actorId, actorIsEnemy);
}

/** Whether an overwatch declared in `ow.turn` still stands in `turn`'s `phase` (R-H7). */
export function overwatchActive(ow: OverwatchState, turn: number, phase: 'movement' | 'action' | 'other'): boolean {
  if (turn === ow.turn) return phase === 'action';
  if (turn === ow.turn + 1) return phase === 'movement';
  return false;
}

/**
 * The trigger in words, for the option that declares it and the log line (R-H7): whom it fires
 * at and when, e.g. the default "fires once at the first enemy in view, just before it acts in
 * the rest of this action phase or as it enters a hex in the next turn's movement phase".
 * `name`: a target id as the table names it. A trigger as the schema parses it (or an event's
 * copy of one): a missing field reads as its default.
 */
export function triggerText(t: Partial<OverwatchTrigger>, name: (id: string) => string = (id) => id): string {
  const targets = t.targets ?? 'any-enemy';
  const whom = targets === 'any-enemy' ? 'the first enemy in view' : `${targets.map(name).join(' or ')} (when in view)`;
  const when: string[] = [];
  if (t.beforeAction ?? true) when.push('just before it acts in the rest of this action phase');
  const on = t.on ?? 'enter';
  const step = on === 'enter' ? 'enters' : on === 'leave' ? 'leaves' : 'enters or leaves';
  const where = t.hexes && t.hexes.length > 0 ? `${t.hexes.length === 1 ? 'the hex' : 'one of the hexes'} ${t.hexes.map((h) => `(${h.q},${h.r})`).join(', ')}` : 'a hex';
  const within = t.withinMegahexes === undefined ? '' : ` within ${t.withinMegahexes} megahex${t.withinMegahexes === 1 ? '' : 'es'}`;
  when.push(`as it ${step} ${where}${within} in the next turn's movement phase`);
  return `fires once at ${whom}, ${when.join(' or ')}`;
}

/** Order of overwatchers that trigger at the same moment: adjDX high first, then id. */
export function overwatchOrder<T extends { id: string; adjDx: number }>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) => b.adjDx - a.adjDx || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
