// Scenario scripts: a figure's commands in order (figures[].script). A declaration with `at`
// waits until that segment; a parry/pass with `at` answers the blow of that segment; a
// scripted figure passes on parries its script does not name; an empty script leaves the AI.
// The GM's commands in a script (an `adjust`: a trap sprung, a potion; an `end`: a surrender;
// a `leave`: a flight) are no decision of the figure's: each is played at the first decision
// from its segment (`at`) on while legal (an adjust or leave: its figure still in the fight and
// not dead), and a script of nothing else leaves the AI.
import { CommandRejected } from '../../core/errors.ts';
import { type AdjustCommand, GM_COMMANDS, checkAdjust } from './adjust.ts';
import { checkLeave } from './leave.ts';
import type { AdndState, Command, Figure } from './model.ts';
import { sameCommandBut } from '../same-command.ts';

const isGm = (c: Command): boolean => GM_COMMANDS.includes(c.type);

/** Whether the GM's `c` (without its `at`) is legal now: its check throws no CommandRejected. */
function gmLegal(s: AdndState, c: Command): boolean {
  try {
    if (c.type === 'leave') checkLeave(s, c);
    else if (c.type === 'adjust') checkAdjust(s, c);
    return true;
  } catch (e) {
    if (e instanceof CommandRejected) return false;
    throw e;
  }
}

/** Whether script entry `c` is the GM's and its segment has come (no `at`, or `at` reached). */
const gmDue = (s: AdndState, c: Command): boolean => isGm(c) && ((c as { at?: number }).at ?? 0) <= s.now;

/** The GM's command a figure's script holds whose segment has come and that is legal now, without its `at`; else null. */
export function scriptedGm(s: AdndState): Command | null {
  for (const f of s.figures) {
    for (const c of f.script) {
      if (!gmDue(s, c)) continue;
      const { at: _at, ...rest } = c as Command & { at?: number };
      if (gmLegal(s, rest as Command)) return rest as Command;
    }
  }
  return null;
}

/**
 * Once `c` is applied, drops the due scripted adjustment equal to it (the first, in scriptedGm's
 * order): unlike an end (the fight is over) or a leave (dropScriptedLeaves), an applied adjust
 * leaves nothing that stops decide() playing it again. The GM's own equal adjustment stands for
 * it, as the GM's leave does for a scripted one.
 */
export function dropScriptedAdjust(s: AdndState, c: AdjustCommand): void {
  for (const f of s.figures) {
    const i = f.script.findIndex((x) => x.type === 'adjust' && gmDue(s, x) && sameCommand(x, c));
    if (i >= 0) {
      f.script.splice(i, 1);
      return;
    }
  }
}

/** Drops every scripted `leave` of `id` (it has left: none can be played any more). */
export function dropScriptedLeaves(s: AdndState, id: string): void {
  for (const f of s.figures) {
    const keep = f.script.filter((c) => c.type !== 'leave' || c.figure !== id);
    if (keep.length !== f.script.length) f.script = keep;
  }
}

const DECLARATIONS = new Set(['attack', 'draw', 'ready', 'drop', 'cast', 'wait', 'struggle']);

/** Whether `a` and `b` are one command but for a script entry's `at` (rules/same-command.ts). */
export function sameCommand(a: Command, b: Command): boolean {
  return sameCommandBut(a, b, 'at');
}

/** The figure's scripted command for this decision, with its index in the script (-1: made up). */
export function scriptPick(s: AdndState, f: Figure): { command: Command; index: number } | null {
  if (f.script.every(isGm)) return null;
  if (s.phase === 'react') {
    const i = f.script.findIndex((c) => (c.type === 'parry' || c.type === 'pass') && c.at === s.now);
    if (i >= 0) return { command: f.script[i], index: i };
    return { command: { type: 'pass', figure: f.id }, index: -1 };
  }
  if (s.phase !== 'declare') return null;
  const i = f.script.findIndex((c) => DECLARATIONS.has(c.type));
  if (i < 0) return null;
  const c = f.script[i] as Command & { at?: number };
  if (c.at !== undefined && c.at > s.now) return { command: { type: 'wait', figure: f.id, until: c.at }, index: -1 };
  const { at: _at, ...rest } = c;
  return { command: rest as Command, index: i };
}

