// What the API says about bad input: the field, what was expected and what came; and that bad
// input stores nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FrayServer } from './app.ts';
import { parseClientMessage } from './messages.ts';
import { bearer, createDuel, describeServerOnEachDatabase, duelScenario } from './test-helpers.ts';

const create = (app: FrayServer, payload: object) => app.inject({ method: 'POST', url: '/api/encounters', payload });

describeServerOnEachDatabase('validation messages', (srv) => {
  it('a command field of the wrong shape says what was expected: a hex is [q, r] or {q, r}', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const r = await srv.app.inject({
      method: 'POST',
      url: `/api/encounters/${encounter.id}/commands`,
      headers: bearer(gm.token),
      payload: { command: { type: 'move', figure: 'bjorn', path: [{ q: 'x' }] } },
    });
    expect(r.statusCode).toBe(400);
    const issue = r.json().issues[0];
    expect(issue.path).toBe('command.path[0]');
    expect(issue.message).not.toMatch(/^Invalid input$/);
    expect(issue.message).toMatch(/expected an array or \{q: expected a number, got 'x'; r: required: a number\}/);
  });

  it('request bodies name the field and the reason: a scenario of the wrong kind, an unknown field, a missing command', async () => {
    const arr = await create(srv.app, { scenario: [1, 2] });
    expect(arr.statusCode).toBe(400);
    expect(arr.json().issues[0]).toEqual({ path: 'body.scenario', message: 'expected text or an object; got an array ([1,2])' });
    const extra = await create(srv.app, { example: 'tft/duel', colour: 'red' });
    expect(extra.json().issues[0]).toEqual({ path: 'body.colour', message: "unknown field 'colour'" });
    // An unknown example: its name as every message quotes one, the names like it, and where the list is.
    const typo = await create(srv.app, { example: 'tft/duell' });
    expect([typo.statusCode, typo.json().issues]).toEqual([400, [{ path: 'example', message: expect.stringMatching(/^no example named 'tft\/duell' \(did you mean 'tft\/duel'.*\(GET \/api\/examples lists them\)$/) }]]);
    const { encounter, gm } = await createDuel(srv.app);
    const none = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/commands`, headers: bearer(gm.token), payload: {} });
    expect(none.json().issues[0]).toEqual({ path: 'body.command', message: 'required: a value' });
    const faces = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/commands`, headers: bearer(gm.token), payload: { command: { type: 'begin' }, faces: ['a'] } });
    expect(faces.json().issues[0]).toEqual({ path: 'body.faces[0]', message: "expected a number, got 'a'" });
  });

  it('scenario text is read by the one reader of scenario text: a JSON key twice, nesting too deep and YAML syntax are refused on `scenario`; nothing is stored', async () => {
    const before = (await srv.app.inject({ method: 'GET', url: '/api/encounters' })).json();
    const dup = await create(srv.app, { scenario: '{"system": "tft", "system": "adnd"}' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().issues[0]).toMatchObject({ path: 'scenario', message: expect.stringMatching(/'system' appears twice/) });
    const deep = await create(srv.app, { scenario: `system: tft\nx: ${'['.repeat(200)}${']'.repeat(200)}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().issues[0].path).toMatch(/^scenario/);
    const bad = await create(srv.app, { scenario: 'system: [tft' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'scenario', message: expect.stringMatching(/^YAML syntax/) });
    expect((await srv.app.inject({ method: 'GET', url: '/api/encounters' })).json()).toEqual(before);
  });

  it('a scenario sent as an object is held to the nesting limit of scenario text: refused naming the field, not a server fault (a depth of 10000 answered 500)', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const depth of [100, 10_000]) {
      const sc = duelScenario();
      sc.data = { weapons: [{ id: 'w', name: 'W', damage: '1d', extra: '@' }] };
      const payload = JSON.stringify({ scenario: sc }).replace('"@"', deep(depth));
      const r = await srv.app.inject({ method: 'POST', url: '/api/encounters', headers: { 'content-type': 'application/json' }, payload });
      expect(r.statusCode).toBe(400);
      expect(r.json().issues[0]).toMatchObject({ path: expect.stringMatching(/^scenario\.data\.weapons\[0\]\.extra\[0\]/), message: 'nested more than 64 levels deep' });
    }
    const system = await srv.app.inject({ method: 'POST', url: '/api/encounters', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ scenario: { ...duelScenario(), system: '@' } }).replace('"@"', deep(10_000)) });
    expect(system.statusCode).toBe(400);
    expect(system.json().issues[0]).toMatchObject({ path: expect.stringMatching(/^scenario\.system\[0\]/), message: 'nested more than 64 levels deep' });
  });

  it('a scenario without `system` is told it is required and which systems there are; an unknown root field is named', async () => {
    const { system: _s, ...noSystem } = duelScenario();
    const r = await create(srv.app, { scenario: noSystem });
    expect(r.statusCode).toBe(400);
    expect(r.json().issues).toEqual([{ path: 'scenario.system', message: 'required: the game system the scenario is for, one of tft, adnd' }]);
    const num = await create(srv.app, { scenario: { ...duelScenario(), system: 5 } });
    expect(num.json().issues[0].message).toMatch(/expected the name of a game system \(one of tft, adnd\), got 5/);
    const root = await create(srv.app, { scenario: { ...duelScenario(), colour: 'red' } });
    expect(root.statusCode).toBe(400);
    expect(root.json().issues).toEqual([{ path: 'scenario.colour', message: "unknown field 'colour'" }]);
  });

  it('names are capped alike: a scenario name or figure id over 200 characters is refused, as `name` is', async () => {
    const long = await create(srv.app, { scenario: { ...duelScenario(), name: 'N'.repeat(900_000) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([{ path: 'scenario.name', message: 'at most 200 characters, got 900000' }]);
    const sc = duelScenario();
    (sc.figures as Record<string, unknown>[])[0].id = 'a'.repeat(5000);
    const fig = await create(srv.app, { scenario: sc });
    expect(fig.json().issues).toContainEqual({ path: 'scenario.figures[0].id', message: 'at most 200 characters, got 5000' });
    const name = await create(srv.app, { example: 'tft/duel', name: 'N'.repeat(201) });
    expect(name.json().issues[0]).toEqual({ path: 'body.name', message: 'may have at most 200 character(s)' });
    const ok = await create(srv.app, { scenario: { ...duelScenario(), name: 'N'.repeat(200) } });
    expect(ok.statusCode).toBe(201);
  });

  it('settings: unknown hidden figures, repeated note ids and notes on unknown figures are refused by field; nothing is stored', async () => {
    const c = await create(srv.app, { example: 'tft/duel', settings: { hiddenFigures: ['zz'] } });
    expect(c.statusCode).toBe(400);
    expect(c.json().issues).toEqual([{ path: 'body.settings.hiddenFigures[0]', message: "no figure 'zz' in this encounter (figures: bjorn, cedric)" }]);
    const { encounter, gm } = await createDuel(srv.app, { settings: { notes: [{ id: 'keep', text: 'kept' }] } });
    const url = `/api/encounters/${encounter.id}/settings`;
    const patch = (payload: object) => srv.app.inject({ method: 'PATCH', url, headers: bearer(gm.token), payload });
    const ghost = await patch({ hiddenFigures: ['cedric', 'ghost', 'cedric'] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().issues).toEqual([
      { path: 'body.hiddenFigures[1]', message: "no figure 'ghost' in this encounter (figures: bjorn, cedric)" },
      { path: 'body.hiddenFigures[2]', message: "'cedric' is listed twice" },
    ]);
    const dup = await patch({ notes: [{ id: 'a', text: 'x' }, { id: 'a', text: 'y' }, { id: 'b', text: 'z', figure: 'nobody' }] });
    expect(dup.json().issues).toEqual([
      { path: 'body.notes[1].id', message: "note id 'a' is already used by notes[0]; each note needs its own id" },
      { path: 'body.notes[2].figure', message: "no figure 'nobody' in this encounter (figures: bjorn, cedric)" },
    ]);
    const stored = await srv.storage.getEncounter(encounter.id);
    expect(stored?.settings.hiddenFigures).toEqual([]);
    expect(stored?.settings.notes.map((n) => n.id)).toEqual(['keep']);
    expect((await patch({ hiddenFigures: ['cedric'] })).statusCode).toBe(200);
  });

  it('"rewind here" on the latest step is refused with the reason, and stores no rewind', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/rewind`;
    const start = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { to: 0 } });
    expect(start.statusCode).toBe(400);
    expect(start.json().issues).toEqual([{ path: 'to', message: 'nothing has been played since the start: there is nothing to rewind' }]);
    await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/commands`, headers: bearer(gm.token), payload: { command: { type: 'begin' } } });
    const here = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { to: 1 } });
    expect(here.statusCode).toBe(400);
    expect(here.json().issues).toEqual([{ path: 'to', message: 'entry 1 is the latest step of the line of play: there is nothing to rewind' }]);
    expect((await srv.storage.readLog(encounter.id)).map((e) => e.kind)).toEqual(['command']);
    // Back to the start is a real rewind; then "to 0" again is where it already is.
    expect((await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { to: 0 } })).statusCode).toBe(200);
    expect((await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { to: 0 } })).statusCode).toBe(400);
    expect((await srv.storage.readLog(encounter.id)).map((e) => e.kind)).toEqual(['command', 'rewind']);
  });

  it('no answer echoes a long input whole: an unknown field, a command type or a figure of 60,000 characters get a short message naming the field', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/commands`;
    const k = 'k'.repeat(60_000);
    const cases: [object, string][] = [
      [{ command: { type: 'begin' }, [k]: 1 }, 'body.kkk'],
      [{ command: { type: 'begin', [k]: 1 } }, 'command.kkk'],
      [{ command: { type: k } }, 'command.type'],
      [{ command: { type: 'attack', figure: k, target: k } }, 'command'],
      [{ command: { type: 'begin' }, ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`extra${i}`, i])) }, 'body.extra0'],
    ];
    for (const [payload, path] of cases) {
      const r = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload });
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.body.length, r.body.slice(0, 200)).toBeLessThan(40_000);
      const b = r.json();
      expect(b.message.length).toBeLessThanOrEqual(1000);
      expect(b.issues.length).toBeGreaterThan(0);
      expect(b.issues.length).toBeLessThanOrEqual(51);
      expect(b.issues[0].path.startsWith(path)).toBe(true);
      for (const i of b.issues) expect(i.path.length + i.message.length).toBeLessThanOrEqual(700);
    }
    expect((await srv.storage.readLog(encounter.id)).length).toBe(0);
  });

  it('names and labels with the NUL character are refused by field (a PostgreSQL text column cannot hold one); nothing is stored', async () => {
    const named = await create(srv.app, { example: 'tft/duel', name: 'a\u0000b' });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().issues).toEqual([{ path: 'body.name', message: 'may not contain the NUL character (\\u0000)' }]);
    const scenario = await create(srv.app, { scenario: { ...duelScenario(), name: 'Duel\u0000' } });
    expect(scenario.statusCode, scenario.body).toBe(400);
    expect(scenario.json().issues).toEqual([{ path: 'scenario.name', message: 'may not contain the NUL character (\\u0000)' }]);
    const { encounter, gm } = await createDuel(srv.app);
    const label = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/tokens`, headers: bearer(gm.token), payload: { role: 'spectator', label: 'x\u0000' } });
    expect(label.statusCode, label.body).toBe(400);
    expect(label.json().issues).toEqual([{ path: 'body.label', message: 'may not contain the NUL character (\\u0000)' }]);
    expect((await srv.storage.listTokens(encounter.id)).length).toBe(1);
  });

  it("a side's id or name with the NUL character is refused by field: the listing stores the winner's in text columns, and on PostgreSQL the fight's last step could never be stored", async () => {
    const duel = duelScenario() as { figures: Record<string, unknown>[] };
    const sides = (a: Record<string, unknown>) => ({ ...duel, sides: [a, { id: 'two' }], figures: [{ ...duel.figures[0], side: a.id }, { ...duel.figures[1], side: 'two' }] });
    const byId = await create(srv.app, { scenario: sides({ id: 'one\u0000' }) });
    expect([byId.statusCode, byId.json().issues]).toEqual([
      400,
      [
        { path: 'scenario.figures[0].side', message: 'may not contain the NUL character (\\u0000)' },
        { path: 'scenario.sides[0].id', message: 'may not contain the NUL character (\\u0000)' },
      ],
    ]);
    const byName = await create(srv.app, { scenario: sides({ id: 'one', name: 'The\u0000Party' }) });
    expect([byName.statusCode, byName.json().issues]).toEqual([400, [{ path: 'scenario.sides[0].name', message: 'may not contain the NUL character (\\u0000)' }]]);
    // Without sides listed, the figures' sides are the sides.
    const bare = await create(srv.app, { scenario: { ...duel, figures: [{ ...duel.figures[0], side: 'a\u0000' }, duel.figures[1]] } });
    expect([bare.statusCode, bare.json().issues]).toEqual([400, [{ path: 'scenario.figures[0].side', message: 'may not contain the NUL character (\\u0000)' }]]);
    // A side named plainly ends its fight on either database: the winner is listed by its name.
    const ok = await create(srv.app, { scenario: sides({ id: 'one', name: 'The Party' }) });
    expect(ok.statusCode, ok.body).toBe(201);
    const { encounter, gm } = ok.json();
    for (const command of [{ type: 'begin' }, { type: 'end', winner: 'one', reason: 'they ran' }]) {
      const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/commands`, headers: bearer(gm.token), payload: { command } });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await srv.storage.getEncounter(encounter.id)).toMatchObject({ over: true, winner: 'one', winnerName: 'The Party' });
  });

  it('a path part over 100 characters or a malformed %-escape is answered like every error, without the URL', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const cases = [
      ['GET', `/api/encounters/${'k'.repeat(5000)}`],
      ['DELETE', `/api/encounters/${'k'.repeat(5000)}`],
      ['DELETE', `/api/encounters/${encounter.id}/tokens/${'k'.repeat(500)}`],
      ['GET', '/api/encounters/%E0%A4%A/log'],
    ] as const;
    for (const [method, url] of cases) {
      {
        const r = await srv.app.inject({ method, url, headers: bearer(gm.token) });
        expect(r.statusCode, r.body).toBe(400);
        const b = r.json();
        expect(b.error).toBe('invalid');
        expect(b.issues[0].path).toBe('url');
        expect(r.body).not.toContain('kkkkk');
      }
    }
  });

  it('property: any JSON body to any route is answered with an error body (field and reason), never a server fault; the log is unchanged', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const id = encounter.id;
    const routes = [
      ['POST', `/api/encounters/${id}/commands`],
      ['POST', `/api/encounters/${id}/rewind`],
      ['PATCH', `/api/encounters/${id}/settings`],
      ['POST', `/api/encounters/${id}/tokens`],
      ['POST', '/api/encounters'],
    ] as const;
    // Bodies shaped like the real ones, with wrong, extra and odd values mixed in.
    const odd = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.constant('\u0000'), fc.integer(), fc.double());
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.record({ command: fc.oneof(odd, fc.record({ type: fc.constantFrom('begin', 'attack', 'move', 'pass'), figure: odd, target: odd, path: odd }, { requiredKeys: ['type'] })), expectSeq: odd, faces: odd }, { requiredKeys: [] }),
      fc.record({ to: odd, role: odd, figures: odd, label: odd, name: odd, example: odd, scenario: odd, settings: odd, notes: odd, hiddenFigures: odd }, { requiredKeys: [] }),
      // A field nobody knows, with a long name.
      fc.tuple(fc.string({ minLength: 1100, maxLength: 1200 }), odd).map(([k, v]) => ({ command: { type: 'begin' }, to: 1, role: 'spectator', [`x${k}`]: v })),
    );
    let played = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, url], payload) => {
        const r = await srv.app.inject({ method, url, headers: { ...bearer(gm.token), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        if (r.statusCode < 300) {
          played += url.endsWith('/commands') || url.endsWith('/rewind') ? 1 : 0;
          return;
        }
        expect(r.statusCode, r.body).toBeLessThan(500);
        const b = r.json();
        expect(typeof b.error).toBe('string');
        expect(b.message.length).toBeLessThanOrEqual(1000);
        expect(r.body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d/);
        if (b.error === 'invalid') expect(b.issues?.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    // Only what was accepted reached the log, in order.
    expect((await srv.storage.readLog(id)).map((e) => e.seq)).toEqual(Array.from({ length: played }, (_, i) => i + 1));
  });
});

describe('WebSocket frames', () => {
  it('an unknown message type lists the types there are; a wrong field says what it expected', () => {
    const t = parseClientMessage(JSON.stringify({ type: 'teleport', id: 'x' }));
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.issues).toEqual([{ path: 'type', message: "unknown message type 'teleport': one of hello, command, explain, sync, rewind, ping" }]);
    const w = parseClientMessage(JSON.stringify({ type: 'hello', encounterId: 5, token: 't' }));
    if (!w.ok) expect(w.issues).toEqual([{ path: 'encounterId', message: 'expected text, got 5' }]);
    const x = parseClientMessage(JSON.stringify({ type: 'ping', sneaky: 1 }));
    if (!x.ok) expect(x.issues).toEqual([{ path: 'sneaky', message: "unknown field 'sneaky'" }]);
  });

  it('an unknown field of 60,000 characters, or 1,000 of them, get a short error', () => {
    for (const m of [{ type: 'ping', ['k'.repeat(60_000)]: 1 }, { type: 'ping', ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i])) }]) {
      const r = parseClientMessage(JSON.stringify(m));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.message.length).toBeLessThanOrEqual(1000);
      expect(r.issues.length).toBeLessThanOrEqual(51);
      expect(JSON.stringify(r.issues).length).toBeLessThan(40_000);
    }
  });
});
