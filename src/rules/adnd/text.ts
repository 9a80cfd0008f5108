// `fray explain` as text for AD&D: what the JSON report says, readable in a terminal.
// Per figure: hit points, the armour class with its ledger, the to-hit table of every way it
// can hold its weapons laid out like the seed's Frito/Rocky tables (rows strength, dexterity,
// proficiency, magic, total: 3380eb42, R-A4), what it has declared and why it lands there, its
// options; then the schedule of the coming segments, each line with every step of its sum
// (speed factor, surprise, parry delay, haste, draw...: R-A1..R-A8).
import { type Ledger, formatLedger } from '../../core/ledger.ts';
import { type DisplayNames, displayNames } from '../../engine/names.ts';
import type { ExplainReport } from '../../engine/types.ts';
import { parryDelay, segmentLabel, segmentOfRound } from './clock.ts';
import { CRITICALS_OFF } from './combat.ts';
import { bonusText, needText, timingText } from './describe.ts';
import type { ScheduleStep } from './explain.ts';

interface TableView {
  primary: string;
  secondary: string | null;
  rows: { weapon: string; role: string; bonus: Ledger }[];
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** An option's named ledgers in words (explain.ts parryNumbers). */
const LEDGER_WORDS: Record<string, string> = {
  acImprovement: 'AC better by',
  nextDelay: 'next action later by',
  disarmBonus: 'to hit, dexterity and weapon plusses only',
  disarmNeed: 'needs',
  disarmSave: 'its save adds',
  entangleSave: 'its save adds',
};

/** A ledger of expected values as a terminal reads it: every number to 2 decimals at most. */
const rounded = (l: Ledger): Ledger => {
  const r = (x: number) => Number(x.toFixed(2));
  return { entries: l.entries.map((e) => ({ ...e, delta: r(e.delta) })), total: r(l.total) };
};

/** Which row of the seed's table a to-hit ledger entry belongs to. */
function rowOf(e: { source: string; rule: string }): 'strength' | 'dexterity' | 'proficiency' | 'magic' {
  if (e.source.startsWith('strength')) return 'strength';
  if (e.source.startsWith('dexterity')) return 'dexterity';
  if (e.source.startsWith('weapon magic')) return 'magic';
  return 'proficiency';
}

/** The seed's table: one column per weapon per wielding, rows strength/dexterity/proficiency/magic/total. */
export function toHitTable(tables: TableView[], weaponName: (id: string) => string): string[] {
  if (tables.length === 0) return [];
  const heads: string[] = [];
  const subs: string[] = [];
  const cells: Record<string, string[]> = { strength: [], dexterity: [], proficiency: [], magic: [], total: [] };
  // The rule ids behind each row, over every column (strength adnd-phb-strength, dexterity and
  // proficiency R-A4, magic adnd-phb), printed at the row's end.
  const rules: Record<string, string[]> = { strength: [], dexterity: [], proficiency: [], magic: [], total: [] };
  const groups: { head: string; width: number }[] = [];
  for (const t of tables) {
    const head = t.secondary === null ? `${weaponName(t.primary)} alone` : `${weaponName(t.primary)} + ${weaponName(t.secondary)}`;
    let width = 0;
    for (const r of t.rows) {
      const sub = r.role === 'alone' ? weaponName(r.weapon) : `${weaponName(r.weapon)} (${r.role === 'primary' ? '1st' : '2nd'})`;
      subs.push(sub);
      const by: Record<string, number | undefined> = {};
      for (const e of r.bonus.entries) {
        by[rowOf(e)] = (by[rowOf(e)] ?? 0) + e.delta;
        if (!rules[rowOf(e)].includes(e.rule)) rules[rowOf(e)].push(e.rule);
      }
      for (const k of ['strength', 'dexterity', 'proficiency', 'magic'] as const) cells[k].push(by[k] === undefined ? 'n/a' : signed(by[k]!));
      cells.total.push(signed(r.bonus.total));
      width += 1;
    }
    groups.push({ head, width });
    heads.push(head);
  }
  // Column widths: each sub column fits its cells; a group header spans its columns.
  const colW = subs.map((sub, i) => Math.max(sub.length, ...Object.values(cells).map((c) => c[i].length)) + 2);
  const label = 13;
  const line = (first: string, parts: string[]) => `    ${first.padEnd(label)}${parts.join(' | ')}`.trimEnd();
  const rows = (): string[] =>
    (['strength', 'dexterity', 'proficiency', 'magic', 'total'] as const).map((k) => {
      const ids = rules[k].length > 0 ? `  [${rules[k].join(', ')}]` : '';
      return `${line(k, cells[k].map((x, i) => x.padStart(colW[i])))}${ids}`;
    });
  // Every weapon held alone: its name heads its column, once ("longsword alone" over
  // "longsword" said it twice); the two-line head is for two weapons in hand.
  if (tables.every((t) => t.secondary === null)) return [line('to hit', subs.map((x, i) => x.padStart(colW[i]))), ...rows()];
  let c = 0;
  for (const g of groups) {
    const span = colW.slice(c, c + g.width).reduce((a, b) => a + b, 0) + 3 * (g.width - 1);
    if (g.head.length + 2 > span) colW[c + g.width - 1] += g.head.length + 2 - span;
    c += g.width;
  }
  c = 0;
  const headParts = groups.map((g) => {
    const span = colW.slice(c, c + g.width).reduce((a, b) => a + b, 0) + 3 * (g.width - 1);
    c += g.width;
    return g.head.padEnd(span);
  });
  return [line('to hit', headParts), line('', subs.map((x, i) => x.padStart(colW[i]))), ...rows()];
}

function scheduleLines(steps: ScheduleStep[], names: DisplayNames): string[] {
  const out: string[] = [];
  for (const x of steps) {
    const sum = timingText({ entries: x.why, total: x.why.reduce((t, e) => t + e.delta, 0) });
    out.push(`  round ${x.round} segment ${String(x.segmentOfRound).padStart(2)} (${x.segment}): ${names.get(x.figure) ?? x.figure} ${x.action}${x.projected ? ' [projected]' : ''}`);
    out.push(`      why there: ${sum}`);
  }
  return out;
}

/** The lines `fray explain` prints for an AD&D report (the report's `text`). */
export function explainText(
  r: ExplainReport & { name?: string; segment?: number; round?: number; segmentOfRound?: number; schedule?: ScheduleStep[] },
  names: DisplayNames = displayNames(r.figures),
): string[] {
  const lines: string[] = [];
  const where = (r.segment ?? 0) === 0 ? 'before segment 1' : `round ${r.round} segment ${r.segmentOfRound} (${r.segment})`;
  // Figures by the names the table shows ("Orc (orc2)" where two share a name).
  const waiting = r.pending ? `${r.pending.kind}${r.pending.figures.length ? ` (${r.pending.figures.map((id) => names.get(id) ?? id).join(', ')})` : ''}` : 'nothing (over)';
  lines.push(`AD&D segmental clock${r.name ? ` - ${r.name}` : ''}: ${where}; waiting for: ${waiting}`);
  for (const f of r.figures) {
    const x = f as typeof f & {
      hp: number;
      maxHp: number;
      who?: string;
      ac: Ledger;
      surprised: number;
      declared: string | null;
      next: number | null;
      timing: Ledger | null;
      parry: { against: string; ac: number } | null;
      consecutiveParries: number;
      extraAt: number | null;
      toHit: TableView[];
      critical?: { threshold: Ledger; faces: number } | null;
      options: { label?: string; kind?: string; swings?: { weapon: string; bonus: Ledger; ac: Ledger; need: Ledger }[]; ledgers?: Record<string, Ledger>; damage?: Ledger }[];
    };
    lines.push('');
    lines.push(`${x.name} [${x.id}, ${x.side}]${x.who ? ` ${x.who}` : ''}: ${x.state}, hp ${x.hp}/${x.maxHp}`);
    lines.push(`  AC ${x.ac.total}: ${formatLedger(x.ac)}`);
    if (x.surprised > 0) lines.push(`  surprised ${x.surprised} segments [R-A3]`);
    if (x.parry) lines.push(`  parrying ${names.get(x.parry.against) ?? x.parry.against}: AC ${x.ac.total - x.parry.ac} against it [R-A8]`);
    if (x.consecutiveParries > 0) lines.push(`  consecutive parries: ${x.consecutiveParries} (next action +${parryDelay(x.consecutiveParries)} segments) [R-A8]`);
    if (x.extraAt) lines.push(`  extra attack this round in segment ${segmentOfRound(x.extraAt)} [R-A5]`);
    // Columns are headed by weapon ids (short, as the seed's table: sword, mace); the options name them in full.
    for (const l of toHitTable(x.toHit, (id) => id)) lines.push(l);
    // R-A10: why two dexterities can give the same criticals (13 and 12 at level 4: 8.5 and 8, both d20 <= 8).
    if (x.critical) lines.push(`  critical: a natural 20 that hits, then d20 <= ${x.critical.faces} (threshold ${formatLedger(x.critical.threshold)})`);
    else if (x.critical === null) lines.push(`  critical: ${CRITICALS_OFF}`);
    if (x.declared && x.timing) lines.push(`  declared: ${x.declared}; lands in ${segmentLabel(x.next ?? x.timing.total)}: ${timingText(x.timing)}`);
    else if (x.state === 'healthy') lines.push('  free to declare');
    if (x.options.length > 0) {
      lines.push('  options:');
      for (const o of x.options) {
        if (o.label) lines.push(`    - ${o.label}`);
        // Each swing's numbers with their derivation: the bonus (R-A4...) and the d20 needed,
        // "to hit AC 0" of the class and level or hit dice less the target's AC (R-A11).
        if (o.kind === 'attack' && o.swings) {
          for (const w of o.swings) {
            lines.push(`        ${w.weapon}: ${signed(w.bonus.total)} [${bonusText(w.bonus)}]; needs ${w.need.total} [${needText(w.need, w.ac)}]`);
          }
        }
        // A parry's AC and delay (R-A8), a damage spell's expected damage (R-A7): each with its ledger.
        for (const [k, l] of Object.entries(o.ledgers ?? {})) lines.push(`        ${LEDGER_WORDS[k] ?? k}: ${formatLedger(rounded(l))}`);
        if (o.kind === 'cast' && o.damage) lines.push(`        expected damage: ${formatLedger(rounded(o.damage))}`);
      }
    }
  }
  if (r.schedule) {
    lines.push('');
    lines.push(r.schedule.length > 0 ? 'Schedule of the coming segments (who acts, and each step of the sum that puts it there):' : 'Schedule: nobody acts in the coming segments');
    for (const l of scheduleLines(r.schedule, names)) lines.push(l);
  }
  return lines;
}
