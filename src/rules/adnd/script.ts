// Scenario scripts: a figure's commands in order (figures[].script). A declaration with `at`
// waits until that segment; a parry/pass with `at` answers the blow of that segment; a
// scripted figure passes on parries its script does not name; an empty script leaves the AI.
// The GM's `end` or `leave` in a script (a surrender, a flight) is no decision of the figure's:
// it is played at the first decision from its segment (`at`) on (a leave only while legal: its
// figure still in the fight and not dead), and a script of nothing else leaves the AI.
import { leaveLegal } from './leave.ts';
import type { AdndState, Command, Figure } from './model.ts';

const notGm = (c: Command): boolean => c.type !== 'end' && c.type !== 'leave';

/** The GM's `end` or `leave` a figure's script holds whose segment has come (no `at`, or `at` reached), without its `at`; else null. */
export function scriptedGm(s: AdndState): Command | null {
  for (const f of s.figures) {
    for (const c of f.script) {
      if ((c.type !== 'end' && c.type !== 'leave') || (c.at ?? 0) > s.now) continue;
      const { at: _at, ...rest } = c;
      if (rest.type === 'leave' && !leaveLegal(s, rest)) continue;
      return rest;
    }
  }
  return null;
}

/** Drops every scripted `leave` of `id` (it has left: none can be played any more). */
export function dropScriptedLeaves(s: AdndState, id: string): void {
  for (const f of s.figures) {
    const keep = f.script.filter((c) => c.type !== 'leave' || c.figure !== id);
    if (keep.length !== f.script.length) f.script = keep;
  }
}

const DECLARATIONS = new Set(['attack', 'draw', 'ready', 'drop', 'cast', 'wait', 'struggle']);

export function sameCommand(a: Command, b: Command): boolean {
  const strip = (c: Command) => JSON.stringify(Object.entries(c).filter(([k]) => k !== 'at').sort(([x], [y]) => (x < y ? -1 : 1)));
  return strip(a) === strip(b);
}

/** The figure's scripted command for this decision, with its index in the script (-1: made up). */
export function scriptPick(s: AdndState, f: Figure): { command: Command; index: number } | null {
  if (!f.script.some(notGm)) return null;
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

