// The table never crashes on a view the server sends, however unusual: the real views of every
// example (GM, player and spectator, with a hidden figure and enemy stats hidden: server/views.ts)
// as they are, with random damage (fields deleted, nulled, replaced by odd values, very long or
// unicode names, keys named like what objects inherit), and arbitrary JSON in their place. Every
// pure function the page is derived from runs (fuzz/drive.ts), and the panels render; nothing
// throws, lists stay lists, numbers finite, and no text reads 'undefined', 'NaN' or '[object Object]'.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, errorView, issuesOf } from '../api/client.ts';
import { encounterFromPath, heldTokens, holdToken, seatLabel } from '../api/tokens.ts';
import { collectTables, issuesByField } from '../home/tables.ts';
import { buildCommand } from '../model/commands.ts';
import { logEntry, mergeEntries } from '../model/log.ts';
import { optionView } from '../model/options.ts';
import { pendingOf } from '../model/turn.ts';
import { toLedger } from '../model/view.ts';
import { GARBAGE, driveTable, problems } from './drive.test-util.ts';
import { mutate, mutation, oddString } from './mutate.test-util.ts';
import { samples } from './samples.test-util.ts';

const all = samples();
const drive = (s: (typeof all)[number], v: { state: unknown; report: unknown; pending: unknown; entries: unknown }) =>
  driveTable({ system: s.system, ...v, mine: s.mine, isGm: s.role === 'gm' });
const parts = (s: (typeof all)[number]) => ({ state: s.state, report: s.report, pending: s.pending, entries: s.entries });
const json = (depth: number) => fc.jsonValue({ maxDepth: depth });
const anything = fc.anything({ maxDepth: 2, withNullPrototype: true, withSparseArray: true });

describe('the table on unusual views', () => {
  it('draws every real view of every example, for the GM, a player and a spectator', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(new Set(all.map((s) => s.system))).toEqual(new Set(['tft', 'adnd']));
    for (const s of all) expect(`${s.label}: ${problems(drive(s, parts(s)))}`).toBe(`${s.label}: null`);
  });

  it('draws real views with fields deleted, nulled or replaced', () => {
    fc.assert(
      fc.property(fc.nat({ max: all.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (i, muts) => {
        const s = all[i];
        // Names are the players' texts: one that reads like garbage ("=>") may be shown as it is.
        const words = !muts.some((m) => m.op === 'names' && typeof m.value === 'string' && GARBAGE.test(m.value));
        expect(problems(drive(s, mutate(parts(s), muts)), words)).toBeNull();
      }),
      { numRuns: 480 },
    );
  });

  it('draws arbitrary JSON as state, report, pending and log', () => {
    fc.assert(
      fc.property(json(4), json(4), json(2), json(4), fc.boolean(), (state, report, pending, entries, isGm) => {
        expect(problems(driveTable({ state, report, pending, entries, mine: ['a'], isGm }))).toBeNull();
      }),
      { numRuns: 240 },
    );
  });

  it('draws arbitrary values (not only JSON) put into real views', () => {
    fc.assert(
      fc.property(fc.nat({ max: all.length - 1 }), fc.array(fc.record({ at: fc.nat({ max: 100_000 }), op: fc.constant('replace' as const), value: anything }), { minLength: 1, maxLength: 3 }), (i, muts) => {
        const s = all[i];
        // The input's own strings may read anything here: only throws and types are checked.
        expect(problems(drive(s, mutate(parts(s), muts)), false)).toBeNull();
      }),
      { numRuns: 240 },
    );
  });
});

describe('what the server sends, read defensively', () => {
  it('log entries: only readable ones, each event an object with its narration beside it', () => {
    fc.assert(
      fc.property(fc.array(json(3), { maxLength: 4 }), (more) => {
        const log = mergeEntries([], more);
        for (const e of log) {
          expect(Number.isInteger(e.seq)).toBe(true);
          expect(['command', 'rewind']).toContain(e.kind);
          for (const ev of e.events ?? []) expect(typeof ev === 'object' && ev !== null && !Array.isArray(ev)).toBe(true);
          if (e.descriptions) expect(e.descriptions.length).toBe(e.events?.length);
          for (const d of e.descriptions ?? []) expect(typeof d).toBe('string');
        }
        expect(logEntry(more[0]) === null || logEntry(more[0])?.seq === (more[0] as { seq: number }).seq).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('pending decisions, ledgers and options of any shape', () => {
    fc.assert(
      fc.property(json(3), anything, oddString, (v, w, kind) => {
        const p = pendingOf(v);
        if (p) {
          expect(Array.isArray(p.figures) && p.figures.every((x) => typeof x === 'string')).toBe(true);
          expect(typeof p.kind).toBe('string');
        }
        for (const l of [toLedger(v), toLedger(w)]) {
          if (!l) continue;
          expect(Number.isFinite(l.total)).toBe(true);
          for (const e of l.entries) expect([typeof e.source, typeof e.delta, typeof e.rule]).toEqual(['string', 'number', 'string']);
        }
        for (const system of ['tft', 'adnd']) {
          const o = optionView(typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, type: kind } : v, 'k', 'a');
          const c = buildCommand(o, { system, figure: 'a', enemies: [], friends: [], attackers: [] });
          expect(c.figure === 'a' || typeof o.command === 'object').toBe(true);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('error bodies, editor tables, stored seats and typed links of any shape', () => {
    fc.assert(
      fc.property(json(2), json(3), fc.string(), anything, (body, files, path, stored) => {
        const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
        const e = new ApiError(b.error, b.message, b.issues, 400);
        expect([typeof e.code, typeof e.message]).toEqual(['string', 'string']);
        const v = errorView(e.message, e.issues);
        expect(typeof v.text).toBe('string');
        expect(v.issues.every((i) => typeof i.path === 'string' && typeof i.message === 'string')).toBe(true);
        expect(issuesByField(issuesOf(b.issues)).size).toBeLessThanOrEqual(issuesOf(b.issues).length);
        for (const list of Object.values(collectTables(typeof files === 'object' && files !== null ? (files as Record<string, unknown>) : {}))) {
          for (const t of list) expect([typeof t.id, typeof t.name]).toEqual(['string', 'string']);
        }
        const r = encounterFromPath(`/table/${path}`);
        expect(r === null || typeof r === 'string').toBe(true);
        const store = new Map<string, string>([['fray.tokens.v2', JSON.stringify({ enc: [stored, { token: 't', ...(typeof stored === 'object' && stored !== null ? stored : {}) }] }) ?? '']]);
        const s = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, x: string) => void store.set(k, x) };
        holdToken('enc', { token: 'u', role: 'player', figures: ['a'] }, s);
        for (const h of heldTokens(s).enc ?? []) expect(seatLabel(h)).not.toMatch(/undefined|\[object/);
      }),
      { numRuns: 400 },
    );
  });
});
