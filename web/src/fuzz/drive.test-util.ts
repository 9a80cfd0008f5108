// Runs a view through every pure function the table derives its page from, as Table.tsx and
// the panels call them (figures, clock, map, options and commands, the options' "Not now" list, turn, log, dice tray,
// conditions, segments, words for screen readers), and gathers what they say, for the
// robustness tests (fuzz/*.test.ts) to check: nothing throws, lists are lists, and no text
// reads 'undefined', 'NaN' or '[object Object]'. Test-only.
import { adjacentArcs, boundsOf, hexesAround, rectangleHexes } from '../map/geometry.ts';
import { cursorWords, figureWords } from '../map/describe.ts';
import { buildCommand, type CommandContext, expandOptions } from '../model/commands.ts';
import { tftConditions } from '../model/conditions.ts';
import { effectiveLine, entryFaces, entryMentions, entryWords, eventRows, mergeEntries, trayGroups, trayLabel, trayWords, undoTarget } from '../model/log.ts';
import { actionsAfterMove, movePreview, shortLabel } from '../model/move.ts';
import { commandFor, formatOdds, groupOptions, type OptionView, optionsOf, targetMarks } from '../model/options.ts';
import { moveOrderView, pendingOf, selectionFor, whoseTurn } from '../model/turn.ts';
import { clockView, distinctNames, figureNames, figureViews, firearmText, isObj, mapShape, markEngaged, type Obj } from '../model/view.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NotNow, notNowOf } from '../panels/Actions.tsx';
import { Log, commandLine } from '../panels/Log.tsx';
import { Segments, rowWords, timelineCells } from '../panels/Segments.tsx';
import { Status } from '../panels/Status.tsx';

export interface TableInput {
  system?: unknown;
  state: unknown;
  report: unknown;
  pending: unknown;
  entries: unknown;
  mine: readonly string[];
  isGm: boolean;
}

export interface Driven {
  /** Every text the table would show. */
  texts: string[];
  /** Every number it would show or compute a layout from. */
  numbers: number[];
  /** What must be arrays. */
  lists: unknown[];
}

/** The table's page for one view, as Table.tsx derives it. */
export function driveTable(v: TableInput): Driven {
  const texts: string[] = [];
  const numbers: number[] = [];
  const lists: unknown[] = [];
  const say = (...s: unknown[]) => {
    for (const x of s) texts.push(x as string);
  };

  const state = (isObj(v.state) ? v.state : {}) as Obj;
  const rep = isObj(v.report) ? v.report : null;
  const pending = pendingOf(v.pending);
  const system = typeof state.system === 'string' ? state.system : String(v.system ?? '');
  // The log as the page keeps it: the server's entries read by mergeEntries (model/log.ts logEntry).
  const entries = mergeEntries([], v.entries);
  const rawFigures = distinctNames(figureViews(state, rep));
  const figures = markEngaged(rawFigures, (f) => (f.hex && f.facing !== undefined ? adjacentArcs(f.hex, f.facing, f.frontCount) : []));
  lists.push(rawFigures, figures);
  const clock = { ...clockView(state, rep ?? { pending }), over: false };
  lists.push(clock.pendingFigures);
  numbers.push(clock.turn);
  if (clock.segment !== undefined) numbers.push(clock.segment);
  say(clock.system, clock.phase ?? '', clock.pendingKind ?? '');
  const shape = mapShape(state);
  lists.push(shape.blocked);
  const board = shape.hexes ?? (shape.width && shape.height ? rectangleHexes(shape.width, shape.height) : hexesAround(figures.filter((f) => f.hex).map((f) => f.hex!), 3));
  const box = boundsOf(board, 34, 20);
  numbers.push(box.x, box.y, box.w, box.h);
  const mine = new Set(v.isGm ? figures.map((f) => f.id) : v.mine);
  const name = (id: string) => figures.find((f) => f.id === id)?.name ?? id;
  const nameOf = new Map(figures.map((f) => [f.id, f.name]));

  for (const f of figures) {
    say(f.id, f.name, f.side, f.state, f.short ?? '', ...f.markers, figureWords(f));
    lists.push(f.markers, f.firearms);
    for (const w of f.firearms) say(firearmText(w));
    if (f.hex) say(cursorWords(f.hex, { figure: f, moveMA: 2, arc: { arc: 'front', of: f.name }, mark: 'target' }));
    for (const c of tftConditions(f.raw, entries)) say(c.label, c.title);
    say(rowWords(f, figures, 1));
  }
  say(figureNames([...mine], figures));

  // Whose turn, the selection, and the selected figure's options as the action panel lists them.
  const selected = selectionFor({ pending, mine, isGm: v.isGm, figures, selected: null }) ?? figures[0]?.id ?? null;
  say(whoseTurn({ system, pending, over: false, state, nameOf: name, mine, isGm: v.isGm }));
  for (const c of moveOrderView(state, clock.phase)) say(c.side, c.note ?? '');
  for (const id of [selected, ...figures.map((f) => f.id)].slice(0, 3)) {
    if (typeof id !== 'string') continue;
    const me = figures.find((f) => f.id === id);
    const alive = figures.filter((f) => f.state !== 'dead');
    const landing = Array.isArray(state.landing) ? state.landing.filter(isObj) : [];
    const ctx: CommandContext = {
      system,
      figure: id,
      enemies: alive.filter((f) => me && f.side !== me.side).map((f) => ({ id: f.id, name: f.name })),
      friends: alive.filter((f) => me && f.side === me.side).map((f) => ({ id: f.id, name: f.name })),
      attackers: landing.filter((a) => a.target === id && typeof a.attacker === 'string').map((a) => String(a.attacker)),
    };
    const options = groupOptions(expandOptions(optionsOf(rep, id, (x) => nameOf.get(x) ?? x), ctx));
    lists.push(options);
    const visit = (o: OptionView, depth: number) => {
      lists.push(o.hexes, o.targets, o.choices, o.notes, o.odds, o.ledgers);
      say(o.key, o.kind, o.label, shortLabel(o.label), ...o.notes);
      for (const d of o.odds) say(d.label, formatOdds(d));
      for (const l of o.ledgers) {
        say(l.name);
        numbers.push(l.ledger.total);
      }
      for (const h of o.hexes) say(h.note ?? '');
      buildCommand(o, ctx);
      commandFor(o);
      if (depth < 3) for (const c of o.choices) visit(c, depth + 1);
    };
    for (const o of options) visit(o, 0);
    for (const m of targetMarks(options, figures, me)) say(m.id);
    // The action panel's "Not now" list (TFT explain's notNow), read and drawn as the panel does.
    const notNow = notNowOf(rep, id);
    lists.push(notNow);
    for (const n of notNow) say(n.key, n.action, n.label, n.reason, n.rule ?? '');
    say(renderToStaticMarkup(createElement(NotNow, { items: notNow })).replace(/<[^>]+>/g, ' '));
  }

  // The movement preview (TFT) on the viewer's state: the engine's own checks.
  if (selected && system === 'tft') {
    const preview = movePreview(v.state, selected);
    if (preview) {
      numbers.push(preview.ma);
      const far = [...preview.reach.values()].sort((a, b) => b.path.length - a.path.length)[0];
      if (far) for (const a of actionsAfterMove(v.state, selected, far.path) ?? []) say(a);
    }
  }

  // The log, the dice tray and the segment timeline.
  const known = new Set(figures.map((f) => f.id));
  const line = effectiveLine(entries);
  lists.push(line, mergeEntries(entries, entries.slice(-1)));
  undoTarget(entries);
  for (const e of entries) {
    say(commandLine(e.command, name), entryWords(e));
    for (const r of eventRows(e, known)) {
      say(r.type, r.text, ...r.rules, ...r.ledgers.map((l) => l.name));
      lists.push(r.faces, r.figures, r.rules, r.ledgers);
    }
    for (const id of known) entryMentions(e, id);
    const groups = trayGroups(e);
    for (const g of groups) say(trayLabel(g, name));
    say(trayWords(groups, name));
    lists.push(entryFaces(e));
  }
  const now = typeof state.now === 'number' ? state.now : 0;
  for (const c of timelineCells(entries, figures.map((f) => f.raw), now, rep?.schedule)) {
    say(c.kind, c.text);
    numbers.push(c.round, c.segment);
  }

  // The panels themselves, as the page's text.
  const text = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el).replace(/<[^>]+>/g, ' ');
  const none = () => undefined;
  say(
    text(createElement(Status, { system, clock, state, figures, report: rep, entries, sideColors: {}, selected, onSelect: none, mine, onCommand: none, notes: [] })),
    text(createElement(Log, { entries, figures, isGm: v.isGm, onRewind: none, onExport: none })),
  );
  if (system === 'adnd') say(text(createElement(Segments, { state, figures, entries, schedule: rep?.schedule })));
  return { texts, numbers, lists };
}

export const GARBAGE = /undefined|NaN|\[object Object\]|function |=>/;

/**
 * What is wrong with a driven page, or null: a text that is not a string or (`words`: unless the
 * input itself may hold such words) reads as garbage, a number that is not finite, a list that
 * is not an array.
 */
export function problems(d: Driven, words = true): string | null {
  for (const t of d.texts) {
    if (typeof t !== 'string') return `not a string: ${String(t)}`;
    if (words && GARBAGE.test(t)) return `garbage text: ${JSON.stringify(t.slice(0, 200))}`;
  }
  for (const n of d.numbers) if (typeof n !== 'number' || !Number.isFinite(n)) return `not a finite number: ${String(n)}`;
  for (const l of d.lists) if (!Array.isArray(l)) return `not a list: ${String(l)}`;
  return null;
}
