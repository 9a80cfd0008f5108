// The Markdown fight report (export format=markdown): the encounter's heading, every log entry
// with its narration and dice, and the standings (those that left the fight with why), as the
// viewer may see them. For posting a fight's progress in a play-by-post thread.
import { type DisplayNames, displayNames, nameOf, sideNameOf } from '../engine/names.ts';
import type { EncounterView, LogEntryView } from './protocol.ts';

/**
 * A text of the players' or the GM's as Markdown on one line: line breaks become spaces (a name
 * or note would otherwise end its table row or list item and start a heading, a list, a fence),
 * Markdown's characters are escaped, and so is a list marker it starts with.
 */
const esc = (s: string) =>
  s
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .trim()
    .replace(/([\\`*_[\]|<>#~])/g, '\\$1')
    .replace(/^([-+=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');

export function markdownReport(view: EncounterView, entries: readonly LogEntryView[]): string {
  const e = view.encounter;
  const lines: string[] = [];
  // Figures by the names the viewer's table shows (as the narration does), from what it may see.
  const figures = (view.view.summary as { figures?: Record<string, unknown>[] }).figures ?? [];
  const names = displayNames(figures.filter((f) => typeof f.id === 'string').map((f) => ({ id: f.id as string, name: typeof f.name === 'string' ? f.name : undefined })));
  // Sides by the scenario's names (state.sideNames), as the table and the narration show them.
  const side = (id: unknown): unknown => sideNameOf(view.view.state, id) ?? id;
  lines.push(`# ${esc(e.name)}`, '');
  lines.push(`- System: ${esc(e.system)}`);
  lines.push(`- Log entries: ${e.seq}`);
  lines.push(`- Status: ${e.over ? `over${e.winner ? `, won by ${esc(String(side(e.winner)))}` : ', no winner'}` : 'in progress'}`);
  lines.push(`- Report for: ${view.role}`, '');
  const notes = view.settings.notes.filter((n) => !n.hidden || view.role === 'gm');
  if (notes.length > 0) {
    lines.push('## Notes', '');
    for (const n of notes) lines.push(`- ${n.figure ? `**${esc(nameOf(names, n.figure))}**: ` : ''}${esc(n.text)}${n.hidden ? ' _(GM only)_' : ''}`);
    lines.push('');
  }
  lines.push('## Log', '');
  if (entries.length === 0) lines.push('_Nothing played yet._', '');
  for (const x of entries) {
    if (x.kind === 'rewind') {
      lines.push(`**${x.seq}.** _The GM rewound to ${x.to === 0 ? 'the start' : `entry ${x.to}`}._`, '');
      continue;
    }
    const dice = x.faces && x.faces.length > 0 ? ` (${diceText(x)})` : '';
    lines.push(`**${x.seq}.** ${esc(commandLabel(x.command, names))} by ${x.by.role}${dice}`);
    for (const d of x.descriptions ?? []) lines.push(`   - ${esc(d)}`);
    lines.push('');
  }
  if (figures.length > 0) {
    lines.push('## Standings', '', '| Figure | Side | State | ST | Wounds | Fatigue | hp |', '|---|---|---|---|---|---|---|');
    const cell = (v: unknown) => (v === undefined || v === null ? '' : esc(String(v)));
    for (const f of figures) {
      // A figure the GM took out of the fight (summary: `left`, its reason) keeps its last state.
      const state = typeof f.left === 'string' ? `${f.state ?? ''}, left the fight: ${f.left}` : f.state;
      lines.push(`| ${cell(nameOf(names, f.id))} | ${cell(side(f.side))} | ${cell(state)} | ${cell(f.st)} | ${cell(f.wounds)} | ${cell(f.fatigue)} | ${cell(f.hp)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** "dice: 3 4 5", "dice, entered: 3 4 5", or with a player's own dice marked: "dice: 3* 4 5 (* entered)". */
function diceText(x: LogEntryView): string {
  const faces = x.faces ?? [];
  if (!x.entered) return `dice: ${faces.join(' ')}`;
  if (!x.enteredAt) return `dice, entered: ${faces.join(' ')}`;
  const by = new Set(x.enteredAt);
  return `dice: ${faces.map((f, i) => (by.has(i) ? `${f}\\*` : String(f))).join(' ')} (\\* entered, the rest rolled by the server)`;
}

function commandLabel(command: unknown, names: DisplayNames): string {
  if (!command || typeof command !== 'object') return '(hidden command)';
  const c = command as Record<string, unknown>;
  const parts = [String(c.type ?? 'command')];
  if (typeof c.figure === 'string') parts.push(nameOf(names, c.figure));
  if (typeof c.target === 'string') parts.push(`-> ${nameOf(names, c.target)}`);
  return parts.join(' ');
}
