// Fuzzing the Markdown fight report: names, sides, notes, the encounter's name and the
// narration are the players' and the GM's texts (line breaks, Markdown's own characters, list
// and heading markers). Whatever they hold, the report keeps its shape: its headings only, one
// list item per note and per narration line, one table row per figure with its seven cells.
// FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams } from '../engine/fuzz.test-util.ts';
import type { EncounterView, LogEntryView } from './protocol.ts';
import { markdownReport } from './report.ts';

const text = fc.oneof(
  fc.constantFrom('Bjorn', '', ' ', '# Heading', '## Log', '- item', '+ item', '1. item', '2) item', '> quote', '| a | b |', 'a\nb', 'a\r\n# b', '\n\n', '    code', '```', '~~~', '---', '===', 'x\u2028# y', '*bold*', '\\|', '<b>'),
  fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '#', '-', '|', '1', '.', '>', '\\', '`', '*', '_', '[', '\t'), maxLength: 16 }),
);

const input = fc.record({
  name: text,
  winner: fc.option(text),
  figures: fc.array(fc.record({ name: text, side: text, state: text }), { maxLength: 4 }),
  notes: fc.array(fc.record({ text, figure: fc.option(fc.nat(3)), hidden: fc.boolean() }), { maxLength: 3 }),
  entries: fc.array(fc.record({ figure: fc.option(fc.nat(3)), descriptions: fc.array(text, { maxLength: 3 }) }), { maxLength: 3 }),
  role: fc.constantFrom('gm' as const, 'player' as const),
});

type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

function report(x: Input): { md: string; notes: number; descriptions: number; figures: number } {
  const figures = x.figures.map((f, i) => ({ id: `f${i}`, ...f, st: 12, wounds: 0, fatigue: 0 }));
  const view = {
    encounter: { id: 'e', name: x.name, system: 'tft', createdAt: '', updatedAt: '', seq: x.entries.length, over: x.winner !== null, winner: x.winner, winnerName: null },
    role: x.role,
    figures: [],
    settings: { enteredDice: 'off', hiddenFigures: [], hideEnemyStats: false, notes: x.notes.map((n, i) => ({ id: `n${i}`, text: n.text, hidden: n.hidden, ...(n.figure === null ? {} : { figure: `f${n.figure}` }) })) },
    view: { seq: x.entries.length, state: null, pending: null, summary: { figures }, over: false },
  } as EncounterView;
  const entries = x.entries.map(
    (e, i): LogEntryView => ({
      seq: i + 1,
      kind: 'command',
      at: '',
      by: { role: 'gm', tokenId: null },
      command: { type: 'attack', ...(e.figure === null ? {} : { figure: `f${e.figure}` }) },
      faces: [3, 4],
      descriptions: e.descriptions,
    }),
  );
  const notes = x.notes.filter((n) => !n.hidden || x.role === 'gm').length;
  return { md: markdownReport(view, entries), notes, descriptions: x.entries.reduce((n, e) => n + e.descriptions.length, 0), figures: figures.length };
}

/** Null when `md` has the report's shape: the expected headings, list items and table rows only. */
function shapeProblem({ md, notes, descriptions, figures }: ReturnType<typeof report>): string | null {
  const lines = md.split('\n');
  const headings = lines.filter((l) => /^ {0,3}#/.test(l));
  const expected = 2 + (notes > 0 ? 1 : 0) + (figures > 0 ? 1 : 0);
  if (!lines[0].startsWith('# ') || headings.length !== expected) return `headings ${JSON.stringify(headings)}, expected ${expected}`;
  const items = lines.filter((l) => /^ {0,3}([-+*]|\d+[.)])(\s|$)/.test(l));
  if (items.length !== 4 + notes + descriptions) return `list items ${JSON.stringify(items)}, expected ${4 + notes + descriptions}`;
  const rows = lines.filter((l) => l.startsWith('|'));
  if (rows.length !== (figures > 0 ? figures + 2 : 0)) return `table rows ${JSON.stringify(rows)}`;
  for (const r of rows) if ((r.match(/(?<!\\)\|/g) ?? []).length !== 8) return `a row without its 7 cells: ${JSON.stringify(r)}`;
  const stray = lines.filter((l) => l !== '' && !/^(#|\||- | {3}- |\*\*\d+\.\*\* |_Nothing played yet\._$)/.test(l));
  if (stray.length > 0) return `lines outside the report's shape: ${JSON.stringify(stray)}`;
  if (/^ {0,3}(```|~~~|---|===)/m.test(md)) return 'a fence or a rule';
  return null;
}

describe('fuzz: the Markdown report [DESIGN contracts: input never breaks what is built from it]', () => {
  it("a figure's name with a line break stays in its table row, and one with a heading stays text", () => {
    const r = report({ name: 'Fight\n# Fake', winner: null, figures: [{ name: 'Bjorn\n# Not a heading', side: 'north', state: 'healthy' }], notes: [{ text: 'a\n- b', figure: 0, hidden: false }], entries: [], role: 'gm' });
    expect(shapeProblem(r)).toBeNull();
    expect(r.md).toContain('| Bjorn \\# Not a heading | north |');
  });

  it('any names, sides, notes and narration: the report keeps its headings, list items and table rows', () => {
    fc.assert(
      fc.property(input, (x) => {
        const r = report(x);
        expect(shapeProblem(r), r.md).toBeNull();
      }),
      fuzzParams(300),
    );
  });
});
