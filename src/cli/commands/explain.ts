// `fray explain <scenario> [--json]`: play the scenario's script, then list every legal option
// of every figure with its ledger, exact hit chance and expected damage, and (TFT) what each
// figure may send at the decision it stops at and what it cannot do now and why.
import type { Command } from 'commander';
import { displayNames } from '../../engine/names.ts';
import { playScript } from '../../engine/play-script.ts';
import type { ExplainReport } from '../../engine/types.ts';
import { makeDice } from '../dice-options.ts';
import type { CliContext } from '../io.ts';
import { wholeNumber } from '../../core/numbers.ts';
import { loadScenario } from '../scenario-loader.ts';
import { turnWord } from '../../lab/summary.ts';

interface OptionLike {
  label?: string;
  adjDX?: number;
  ledger?: { source: string; delta: number; rule: string }[];
  dice?: number;
  hit?: number;
  hitExact?: string;
  expectedDamage?: number;
  expectedDamageExact?: string;
  downChance?: number;
  /** Autofire: [number of hits, probability] pairs. */
  hits?: [number, number][];
  /** A sweep (house/sweep): each target's and each friend's own adjDX and ledger. */
  targets?: PartLike[];
  friends?: PartLike[];
  /** The Thread's medic options (R-T3, R-T4): the chance to stabilize; what first aid leaves. */
  stabilize?: { p?: number; exact?: string };
  result?: { text?: string };
  command?: unknown;
}

/** One target (or friend at risk) of a multi-target option. */
interface PartLike {
  id: string;
  adjDX?: number;
  ledger?: OptionLike['ledger'];
}

/** A figure's part of the TFT report's `decision` (rules/tft/decisions.ts FigureDecision). */
interface DecisionLike {
  figure: string;
  choices: OptionLike[];
  moves?: unknown[];
}

/**
 * The TFT report's pending decision, one line per figure: its choices' labels, its moves as one
 * line ("move to one of N hexes": --json lists each), the actor's options (the same entries) by
 * reference to the list below its name.
 */
function decisionLines(r: ExplainReport, who: (id: string) => string): string[] {
  const d = r.decision as { kind?: unknown; figures?: DecisionLike[] } | null | undefined;
  if (!d || !Array.isArray(d.figures) || d.figures.length === 0) return [];
  const lines = [`What each figure may send now (${String(d.kind)}):`];
  for (const x of d.figures) {
    const options = (r.figures.find((f) => f.id === x.figure)?.options ?? []) as OptionLike[];
    const same = options.length > 0 && x.choices.length === options.length && x.choices.every((c, i) => c.label === options[i].label);
    const parts = same ? [options.length === 1 ? 'its option below' : `one of its ${options.length} options below`] : x.choices.map((c) => c.label ?? JSON.stringify(c.command));
    const n = x.moves?.length ?? 0;
    if (n > 0) parts.push(`move to one of ${n} ${n === 1 ? 'hex' : 'hexes'} (--json lists each)`);
    lines.push(`  ${who(x.figure)}: ${parts.length ? parts.join('; ') : 'nothing'}`);
  }
  return lines;
}

/** A "Not now" entry of the TFT report (rules/tft/hooks.ts NotNow). */
interface NotNowLike {
  action?: string;
  label?: string;
  reason?: string;
  rule?: string;
}

function ledgerLine(l: OptionLike['ledger']): string {
  if (!l || l.length === 0) return '';
  return l.map((e, i) => (i === 0 ? `${e.delta} ${e.source}` : `${e.delta < 0 ? '-' : '+'} ${Math.abs(e.delta)} ${e.source} [${e.rule}]`)).join(' ');
}

/** A field name in words: protectionPerDie -> "protection per die". */
const words = (k: string) => k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A value as short text: ledgers by their total, lists joined, objects two levels deep (spare clips: "spare (standard 2)"). */
function brief(v: unknown, depth = 0): string {
  if (v === null || typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return v.every((x) => x === null || typeof x !== 'object') ? v.join('/') : `${v.length} items`;
  const o = v as Record<string, unknown>;
  if (typeof o.total === 'number' && Array.isArray(o.entries)) return String(o.total);
  if (typeof o.p === 'number') return `${(o.p * 100).toFixed(2)}%`;
  if (depth > 1) return '...';
  const entries = Object.entries(o).filter(([, x]) => x !== undefined);
  if (entries.length === 0) return 'none';
  return `(${entries.map(([k, x]) => `${words(k)} ${brief(x, depth + 1)}`).join(', ')})`;
}

/** One line per house-rule module: its own summary or reason when it gives one, else its fields. */
function houseLine(id: string, v: unknown): string {
  const o = (v ?? {}) as Record<string, unknown>;
  if (typeof o.summary === 'string') return `  ${id}: ${o.summary}`;
  if (typeof o.reason === 'string') return `  ${id}: ${o.reason}`;
  if (typeof v !== 'object' || v === null) return `  ${id}: ${String(v)}`;
  return `  ${id}: ${Object.entries(o)
    .map(([k, x]) => `${words(k)} ${brief(x)}`)
    .join('; ')}`;
}

/** The systems' names in a report's first line. */
const SYSTEM_NAMES: Record<string, string> = { tft: 'The Fantasy Trip' };

/**
 * The report as text. `title`: the scenario's name; `names`: figure id -> the name shown
 * (engine/names.ts displayNames), so the figures a step waits for are named, not given by id.
 */
export function formatExplain(r: ExplainReport, title?: string, names?: ReadonlyMap<string, string>): string[] {
  // A system may render its own report as lines (AD&D: to-hit tables, AC ledger, segment schedule).
  if (Array.isArray(r.text)) return r.text.map(String);
  const lines: string[] = [];
  const who = (id: string) => names?.get(id) ?? r.figures.find((f) => f.id === id)?.name ?? id;
  const when = r.turn === 0 ? 'before turn 1' : `turn ${r.turn}${r.phase && r.phase !== 'over' ? `, ${String(r.phase)} phase` : ''}`;
  const waiting = r.pending ? `${r.pending.kind}${r.pending.figures.length ? ` (${r.pending.figures.map(who).join(', ')})` : ''}` : 'nothing (the fight is over)';
  lines.push(`${SYSTEM_NAMES[r.system] ?? r.system}${title ? ` — ${title}` : ''}: ${when}; waiting for: ${waiting}`);
  // Before the action phase the options are each figure's action to come, as the table's preview says.
  if (r.pending && r.pending.kind !== 'action' && r.figures.some((f) => f.options.length > 0)) {
    lines.push(`Each figure's options are its action in the action phase, with the odds as things stand now (this step is ${r.pending.kind}).`);
  }
  lines.push(...decisionLines(r, who));
  for (const f of r.figures) {
    const extra = [f.adjDX !== undefined ? `adjDX ${f.adjDX}` : '', f.remST !== undefined ? `remST ${f.remST}` : '', f.ma !== undefined ? `MA ${f.ma}` : '', f.engaged ? 'engaged' : '']
      .filter(Boolean)
      .join(', ');
    lines.push('');
    lines.push(`${f.name} [${f.id}, ${f.side}] ${f.state}${extra ? ` — ${extra}` : ''}`);
    for (const o of f.options as OptionLike[]) {
      let s = `  - ${o.label ?? JSON.stringify(o.command)}`;
      if (o.adjDX !== undefined) s += `: adjDX ${o.adjDX}${o.ledger?.length ? ` = ${ledgerLine(o.ledger)}` : ''}`;
      if (o.hit !== undefined) s += `; ${o.dice ?? 3}d6 hit ${(o.hit * 100).toFixed(2)}%${o.hitExact ? ` (${o.hitExact})` : ''}`;
      if (o.hits && o.hits.length > 2) s += `; hits ${o.hits.map(([k, p]) => `${k}: ${(p * 100).toFixed(1)}%`).join(', ')}`;
      if (o.expectedDamage !== undefined) s += `; expected damage ${o.expectedDamage.toFixed(3)}${o.expectedDamageExact ? ` (${o.expectedDamageExact})` : ''}`;
      if (o.downChance !== undefined) s += `; P(down) ${(o.downChance * 100).toFixed(2)}%`;
      if (typeof o.stabilize?.p === 'number') s += `; stabilizes ${(o.stabilize.p * 100).toFixed(2)}%${o.stabilize.exact ? ` (${o.stabilize.exact})` : ''}`;
      if (typeof o.result?.text === 'string') s += `; ${o.result.text}`;
      lines.push(s);
      // A sweep's label gives each target's adjDX; its ledger (R-S2's -4 per extra target) is here.
      const parts = [...(o.targets ?? []).map((t) => ({ t, friend: false })), ...(o.friends ?? []).map((t) => ({ t, friend: true }))];
      for (const { t, friend } of parts) {
        if (t.adjDX !== undefined && t.ledger?.length) lines.push(`      ${who(t.id)}${friend ? ' (a friend)' : ''}: adjDX ${t.adjDX}${friend ? ' to miss' : ''} = ${ledgerLine(t.ledger)}`);
      }
    }
    // TFT: what its gear and state would offer but it cannot take now, and why (not-now.ts).
    if (Array.isArray(f.notNow) && f.notNow.length > 0) {
      lines.push('  not now:');
      for (const n of f.notNow as NotNowLike[]) lines.push(`  x ${n.label ?? n.action}: ${n.reason}${n.rule && !String(n.reason).includes(n.rule) ? ` [${n.rule}]` : ''}`);
    }
    if (f.house && typeof f.house === 'object') for (const [id, v] of Object.entries(f.house)) lines.push(houseLine(id, v));
  }
  return lines;
}

export function registerExplain(program: Command, ctx: CliContext): void {
  program
    .command('explain')
    .description('every legal option of every figure, with ledgers and exact odds, after the scenario\'s script')
    .argument('<scenario>', 'scenario file (.yaml, .yml or .json)')
    .option('--seed <seed>', 'seed for the dice the script rolls: a whole number from 0 to 2^32 - 1, or text (default: the scenario\'s dice: list, then its seed, else 1)')
    .option('--dice <list>', 'die faces for the script instead of the generator, so not with --seed, e.g. 3,4,5 (running out is exit 2; faces left over are said on stderr)')
    .option('--turn <n>', 'stop the script at the start of turn n (TFT turn, AD&D round), a whole number from 1 (default: play the whole script)')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `
The scenario's script is played first (with the AI's steps between its entries); the report is
of the state it leaves, at the first decision the script does not make, or with --turn n at
the first decision of turn n (or earlier, where the script ends before it).

Examples:
  fray explain examples/tft/skirmish.yaml
  fray explain examples/tft/hanging-by-a-thread.yaml --turn 5
  fray explain examples/adnd/frito-and-rocky.yaml --json`,
    )
    .action((file: string, opts: { seed?: string; dice?: string; turn?: string; json?: boolean }) => {
      const { io } = ctx;
      const until = opts.turn === undefined ? undefined : wholeNumber(opts.turn, '--turn', { min: 1, max: 999999 });
      const { raw, system } = loadScenario(io, file);
      const state = system.setup(raw);
      const { dice, unused } = makeDice(opts, raw);
      playScript(system, state, dice, until);
      const left = unused('explain plays the scenario\'s script up to the report\'s step, and it rolled no more');
      if (left) io.err(left);
      // --turn past where the script stops: the report is of an earlier turn, and says so.
      const reached = system.summary(state).turns;
      if (until !== undefined && reached < until) {
        const word = turnWord(system.id);
        const at = reached === 0 ? `before ${word} 1` : `in ${word} ${reached}`;
        const why = system.pending(state) === null ? `the fight is over ${at}; the report is of its end` : `the scenario's script stops ${at} (explain plays the script, not the AI); the report is of where it stops`;
        io.err(`fray: --turn ${until}: ${word} ${until} is not reached: ${why}`);
      }
      // Labels name figures as the table does ("attack on Orc (orc2)"); the commands keep the ids.
      const names = displayNames(system.summary(state).figures);
      const report = system.explain(state, names);
      if (opts.json) io.out(JSON.stringify(report));
      else for (const l of formatExplain(report, typeof raw.name === 'string' ? raw.name : undefined, names)) io.out(l);
    });
}
