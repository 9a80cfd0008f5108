// `fray explain <scenario> [--json]`: play the scenario's script, then list every legal option
// of every figure with its ledger, exact hit chance and expected damage.
import type { Command } from 'commander';
import { displayNames } from '../../engine/names.ts';
import type { ExplainReport } from '../../engine/types.ts';
import { makeDice } from '../dice-options.ts';
import type { CliContext } from '../io.ts';
import { loadScenario } from '../scenario-loader.ts';

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
  command?: unknown;
}

function ledgerLine(l: OptionLike['ledger']): string {
  if (!l || l.length === 0) return '';
  return l.map((e, i) => (i === 0 ? `${e.delta} ${e.source}` : `${e.delta < 0 ? '-' : '+'} ${Math.abs(e.delta)} ${e.source} [${e.rule}]`)).join(' ');
}

/** A value as short text: ledgers by their total, lists joined, objects one level deep. */
function brief(v: unknown, depth = 0): string {
  if (v === null || typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return v.every((x) => x === null || typeof x !== 'object') ? v.join('/') : `${v.length} items`;
  const o = v as Record<string, unknown>;
  if (typeof o.total === 'number' && Array.isArray(o.entries)) return String(o.total);
  if (typeof o.p === 'number') return `${(o.p * 100).toFixed(2)}%`;
  if (depth > 0) return '...';
  return `(${Object.entries(o)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${k} ${brief(x, depth + 1)}`)
    .join(', ')})`;
}

/** One line per house-rule module: its own summary or reason when it gives one, else its fields. */
function houseLine(id: string, v: unknown): string {
  const o = (v ?? {}) as Record<string, unknown>;
  if (typeof o.summary === 'string') return `  ${id}: ${o.summary}`;
  if (typeof o.reason === 'string') return `  ${id}: ${o.reason}`;
  if (typeof v !== 'object' || v === null) return `  ${id}: ${String(v)}`;
  return `  ${id}: ${Object.entries(o)
    .map(([k, x]) => `${k} ${brief(x)}`)
    .join('; ')}`;
}

export function formatExplain(r: ExplainReport): string[] {
  // A system may render its own report as lines (AD&D: to-hit tables, AC ledger, segment schedule).
  if (Array.isArray(r.text)) return r.text.map(String);
  const lines: string[] = [];
  lines.push(`${r.system} — turn ${r.turn}${r.phase ? `, ${String(r.phase)} phase` : ''}; waiting for: ${r.pending ? `${r.pending.kind}${r.pending.figures.length ? ` (${r.pending.figures.join(', ')})` : ''}` : 'nothing (over)'}`);
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
      lines.push(s);
    }
    if (f.house && typeof f.house === 'object') for (const [id, v] of Object.entries(f.house)) lines.push(houseLine(id, v));
  }
  return lines;
}

export function registerExplain(program: Command, ctx: CliContext): void {
  program
    .command('explain')
    .description('every legal option of every figure, with ledgers and exact odds, after the scenario\'s script')
    .argument('<scenario>', 'scenario file')
    .option('--seed <n>', 'seed for the dice used while playing the script')
    .option('--dice <list>', 'comma-separated die faces for the script')
    .option('--json', 'print the report as JSON')
    .action((file: string, opts: { seed?: string; dice?: string; json?: boolean }) => {
      const { io } = ctx;
      const { raw, system } = loadScenario(io, file);
      const state = system.setup(raw);
      const { dice } = makeDice(opts, raw);
      // Play the script (and the automatic steps between its entries), stop at the first AI decision.
      let guard = 0;
      while (system.scripted && system.pending(state) !== null && system.scripted(state) && guard++ < 100000) {
        system.apply(state, system.decide(state), dice, null);
      }
      // Labels name figures as the table does ("attack on Orc (orc2)"); the commands keep the ids.
      const report = system.explain(state, displayNames(system.summary(state).figures));
      if (opts.json) io.out(JSON.stringify(report));
      else for (const l of formatExplain(report)) io.out(l);
    });
}
