// Real views for the table's robustness tests (fuzz/*.test.ts): every example scenario set up,
// played some steps by the AI with seeded dice, and at a few points the state, explain() report,
// pending decision, summary and log entries, each as the server sends them to a GM, to a player
// (one figure's seat) and to a spectator, with a figure hidden (settings.hiddenFigures) and
// enemy stats hidden (settings.hideEnemyStats): server/views.ts, the one filter. Test-only.
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { RecordingDice } from '../../../src/core/dice/source.ts';
import { diceForSeq, step } from '../../../src/engine/encounter.ts';
import { displayNames } from '../../../src/engine/names.ts';
import type { GameEvent } from '../../../src/engine/types.ts';
import { systems } from '../../../src/rules/index.ts';
import type { EncounterSettings, LogEntryView } from '../../../src/server/protocol.ts';
import { type Viewer, viewCommandEntry, viewExplain, viewState, viewValue } from '../../../src/server/views.ts';

export interface Sample {
  /** "tft/duel.yaml step 3 player": where it comes from, for a failing case's message. */
  label: string;
  system: string;
  state: unknown;
  report: Record<string, unknown>;
  pending: { figures: string[]; kind: string } | null;
  summary: unknown;
  entries: LogEntryView[];
  /** The viewer's own figures (all for the GM). */
  mine: string[];
  role: Viewer['role'];
}

const EXAMPLES = new URL('../../../examples/', import.meta.url);
/** The points of each fight the samples are taken at (steps played by the AI). */
const AT = [0, 2, 7, 16];
const SEED = 7;

function figureIds(state: unknown): { id: string; name?: string; side?: string }[] {
  const f = (state as { figures?: unknown }).figures;
  return Array.isArray(f) ? (f as { id: string; name?: string; side?: string }[]) : [];
}

let cache: Sample[] | null = null;

/** Every sample (built once per test file). */
export function samples(): Sample[] {
  if (cache) return cache;
  const out: Sample[] = [];
  for (const dir of ['tft', 'adnd']) {
    for (const file of readdirSync(new URL(`${dir}/`, EXAMPLES)).filter((f) => f.endsWith('.yaml')).sort()) {
      const sys = systems[dir];
      let state = sys.setup(parse(readFileSync(new URL(`${dir}/${file}`, EXAMPLES), 'utf8')));
      const figs = figureIds(state);
      const names = displayNames(figs);
      const log: { seq: number; command: unknown; faces: number[]; events: Record<string, unknown>[] }[] = [];
      const last = figs[figs.length - 1];
      const first = figs[0];
      const settings: EncounterSettings = { enteredDice: 'off', hiddenFigures: last ? [last.id] : [], hideEnemyStats: true, notes: [] };
      const viewers: Viewer[] = [
        { role: 'gm', figures: [] },
        { role: 'player', figures: first ? [first.id] : [] },
        { role: 'spectator', figures: [] },
      ];
      for (let seq = 0; seq <= AT[AT.length - 1]; seq++) {
        if (seq > 0) {
          if (!sys.pending(state)) break;
          const command = sys.decide(state);
          const dice = new RecordingDice(diceForSeq(SEED, seq));
          const r = step(sys, state, command, dice);
          state = r.state;
          log.push({ seq, command, faces: dice.faces, events: r.events as unknown as Record<string, unknown>[] });
        }
        if (!AT.includes(seq) && sys.pending(state)) continue;
        const report = sys.explain(state, names) as unknown as Record<string, unknown>;
        const pending = sys.pending(state);
        const summary = sys.summary(state);
        for (const viewer of viewers) {
          const entries: LogEntryView[] = log.map((e) => {
            const shown = viewCommandEntry({ command: e.command, faces: e.faces, entered: false, events: e.events }, state, settings, viewer);
            const describe = (x: Record<string, unknown>) => {
              try {
                return sys.describe(x as unknown as GameEvent, names);
              } catch {
                return String(x.type ?? 'event'); // as the server does (room.ts describe)
              }
            };
            return { seq: e.seq, kind: 'command', at: '2025-01-01T00:00:00Z', by: { role: 'gm', tokenId: null }, ...shown, descriptions: shown.events.map(describe) };
          });
          out.push({
            label: `${dir}/${file} step ${seq} ${viewer.role}`,
            system: dir,
            state: viewState(state, settings, viewer),
            report: viewExplain(report, state, settings, viewer),
            pending: pending ? viewValue(pending, state, settings, viewer) : null,
            summary: viewValue(summary, state, settings, viewer),
            entries,
            mine: viewer.role === 'gm' ? figs.map((f) => f.id) : [...viewer.figures],
            role: viewer.role,
          });
        }
        if (!sys.pending(state)) break;
      }
    }
  }
  // JSON round trip: what the browser receives.
  cache = JSON.parse(JSON.stringify(out)) as Sample[];
  return cache;
}
