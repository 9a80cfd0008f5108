// Fuzzing the HTTP API: random methods, paths (real and made-up ids, odd segments), query
// strings, headers and bodies (the valid bodies of each route and the commands explain offers,
// mutated; any JSON; text that is not JSON). Every answer is JSON below 500; a refusal says
// what is wrong (400 and 422 name the field) and changes nothing (the log, the encounter's
// row, its tokens, the state the server holds). FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { stringify } from 'yaml';
import { applyMutation, badTexts, badValue, exampleScenarios, fuzzParams, idsIn, type Json, mutation } from '../engine/fuzz.test-util.ts';
import { freshDuel, offered, stored, type Target } from './fuzz.test-util.ts';
import { bearer, describeServerOnEachDatabase, duelScenario } from './test-helpers.ts';

/** Lists nested 10,000 deep, as JSON text, and the value that marks its place. */
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_MARK = '@deep@';

/** The routes, each with its valid bodies ('command' stands for the commands explain offers now). */
const ENDPOINTS: { method: string; route: string; bodies: Json[] }[] = [
  { method: 'POST', route: '/api/encounters/{id}/commands', bodies: ['command', { command: { type: 'begin' }, expectSeq: 0, faces: [3, 4] }] },
  { method: 'POST', route: '/api/encounters/{id}/rewind', bodies: [{ to: 0 }, { to: 1 }] },
  { method: 'PATCH', route: '/api/encounters/{id}/settings', bodies: [{ enteredDice: 'gm', hiddenFigures: ['bjorn'], hideEnemyStats: true, notes: [{ id: 'n1', text: 'hi', figure: 'bjorn' }] }] },
  { method: 'POST', route: '/api/encounters/{id}/tokens', bodies: [{ role: 'player', figures: ['bjorn'], label: 'P' }, { role: 'spectator' }] },
  { method: 'POST', route: '/api/encounters', bodies: [{ example: 'tft/duel', name: 'Fuzz' }, { scenario: duelScenario() as Json, settings: { enteredDice: 'all' } }] },
  { method: 'GET', route: '/api/encounters/{id}', bodies: [] },
  { method: 'GET', route: '/api/encounters/{id}/log', bodies: [] },
  { method: 'GET', route: '/api/encounters/{id}/explain', bodies: [] },
  { method: 'GET', route: '/api/encounters/{id}/export', bodies: [] },
  { method: 'GET', route: '/api/encounters/{id}/tokens', bodies: [] },
  { method: 'GET', route: '/api/encounters', bodies: [] },
  { method: 'DELETE', route: '/api/encounters/{id}/tokens/{tid}', bodies: [] },
  { method: 'DELETE', route: '/api/encounters/{id}', bodies: [] },
];
const ODD_SEGMENTS = ['nope', '', '..', '%2e%2e', '%E0%A4%A', '🐉', 'x'.repeat(150), '{tid}', '0', '-1', '{id}/extra', '{id}?'];

/** A value of `arb` one time in eight, else null. */
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const request = fc.record({
  // Commands most often: they move the fight on, to states whose refusals are worth checking.
  endpoint: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(ENDPOINTS.length - 1) }),
  // Now and then another method, or the id replaced by something odd, or another path.
  method: rarely(fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT')),
  segment: rarely(fc.constantFrom(...ODD_SEGMENTS)),
  path: rarely(fc.constantFrom('/api/health', '/api/examples', '/api/ws', '/api', '/api/encounters/', '/api//encounters', '/api/encounters/{id}/nope')),
  query: fc.array(fc.tuple(fc.constantFrom('from', 'format', 'token', 'lastSeq', 'x', 'from[]', '__proto__'), fc.constantFrom('0', '-1', '1.5', '99999999999999999999', 'markdown', 'json', 'NaN', '', '%00', '{gm}', '🐉')), { maxLength: 3 }),
  auth: fc.oneof({ weight: 8, arbitrary: fc.constant('gm') }, { weight: 1, arbitrary: fc.constantFrom('player', 'none', 'junk', 'twice') }),
  body: fc.oneof(
    { weight: 8, arbitrary: fc.record({ base: fc.nat(), changes: fc.array(mutation(['bjorn', 'cedric']), { maxLength: 2 }) }) },
    { weight: 1, arbitrary: fc.record({ json: badValue(['bjorn']) }) },
    { weight: 1, arbitrary: fc.record({ text: fc.constantFrom('{', '{"command": }', 'null', '[]', '"x"', '', ...badTexts.slice(0, 5)), type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded') }) },
  ),
});

describeServerOnEachDatabase('fuzz: HTTP API', (srv) => {
  let t: Target;
  const fresh = () => freshDuel(srv.app);

  it('random requests: JSON answers below 500, refusals name the field and change nothing stored', async () => {
    t = await fresh();
    await fc.assert(
      fc.asyncProperty(request, async (q) => {
        const fill = (x: string) => x.replaceAll('{id}', t.id).replaceAll('{tid}', t.tokenId).replaceAll('{gm}', t.gm);
        const ep = ENDPOINTS[q.endpoint];
        const method = q.method ?? ep.method;
        const route = q.path ?? (q.segment === null ? ep.route : ep.route.replace('{id}', q.segment));
        const url = fill(route) + (q.query.length ? `?${q.query.map(([k, v]) => `${k}=${fill(v)}`).join('&')}` : '');
        const headers: Record<string, string> = {};
        if (q.auth === 'gm') Object.assign(headers, bearer(t.gm));
        if (q.auth === 'player') Object.assign(headers, bearer(t.player));
        if (q.auth === 'junk') headers.authorization = 'Bearer 🐉';
        if (q.auth === 'twice') headers.authorization = `Bearer ${t.gm} ${t.gm}`;
        let payload: string | undefined;
        if ('text' in q.body) {
          payload = q.body.text;
          headers['content-type'] = q.body.type;
        } else if (method !== 'GET' && method !== 'DELETE') {
          const commands = ep.bodies.includes('command') ? (await offered(srv.app, t)).map((command) => ({ command })) : [];
          const bases = [...commands, ...ep.bodies.filter((b) => b !== 'command'), { command: { type: 'begin' } }];
          const body = 'json' in q.body ? q.body.json : q.body.changes.reduce(applyMutation, bases[q.body.base % bases.length]);
          payload = JSON.stringify(body);
          headers['content-type'] = 'application/json';
        }
        const before = await stored(srv.app, srv.storage, t.id);
        const r = await srv.app.inject({ method: method as 'GET', url, headers, payload });
        const what = `${method} ${url.slice(0, 200)} ${String(payload).slice(0, 300)} -> ${r.statusCode} ${r.body.slice(0, 300)}`;
        expect(r.statusCode, what).toBeLessThan(500);
        if (r.statusCode >= 400) {
          const body = r.json();
          expect(typeof body.error, what).toBe('string');
          expect(typeof body.message, what).toBe('string');
          if (r.statusCode === 400 || r.statusCode === 422) {
            expect(body.issues?.length, what).toBeGreaterThan(0);
            for (const i of body.issues) expect(i.path === '' ? i.message.startsWith('and ') : i.path.length > 0, what).toBe(true);
          }
          expect(await stored(srv.app, srv.storage, t.id), what).toBe(before);
        }
        // The encounter deleted, the player's token revoked...: fight on with a fresh one.
        if (r.statusCode < 300 && method === 'DELETE') t = await fresh();
      }),
      fuzzParams(200),
    );
  }, 120_000);

  it('mutated example scenarios uploaded (as objects and as YAML text): refused naming the field, or created and played over HTTP', async () => {
    const upload = fc.nat(exampleScenarios.length - 1).chain((i) =>
      fc.tuple(fc.constant(exampleScenarios[i].raw), fc.array(mutation(idsIn(exampleScenarios[i].raw)), { minLength: 1, maxLength: 3 }), fc.boolean(), fc.nat(12), rarely(fc.nat())),
    );
    await fc.assert(
      fc.asyncProperty(upload, async ([raw, ms, asText, steps, deepAt]) => {
        const mutated = ms.reduce(applyMutation, raw);
        // Now and then (sent as an object) a value nested 10,000 deep in place of one value (a server
        // fault, 500, it was), written into the text here: the test's own copies would not reach it.
        const scenario = deepAt === null ? mutated : applyMutation(mutated, { op: 'set', at: deepAt, value: DEEP_MARK });
        const body = JSON.stringify({ scenario: asText && deepAt === null ? stringify(scenario) : scenario }).replace(JSON.stringify(DEEP_MARK), DEEP);
        const r = await srv.app.inject({ method: 'POST', url: '/api/encounters', headers: { 'content-type': 'application/json' }, payload: body });
        const what = `${JSON.stringify(scenario).slice(0, 400)} -> ${r.statusCode} ${r.body.slice(0, 300)}`;
        if (r.statusCode !== 201) {
          expect(r.statusCode, what).toBe(400);
          expect(r.json().issues?.[0]?.path, what).toMatch(/^(body\.)?scenario/);
          return;
        }
        const { encounter, gm } = r.json();
        const t = { id: encounter.id, gm: gm.token, player: '', tokenId: '' };
        for (let i = 0; i < steps; i++) {
          const [next] = await offered(srv.app, t);
          if (next === undefined) break;
          const c = await srv.app.inject({ method: 'POST', url: `/api/encounters/${t.id}/commands`, headers: bearer(t.gm), payload: { command: next } });
          // The script's command may be illegal when its turn comes (a refusal naming the field); the AI's never is.
          expect(c.statusCode, `${what} step ${i}: ${c.body.slice(0, 300)}`).toBeLessThan(500);
          if (c.statusCode !== 200) break;
        }
        for (const path of ['', '/log', '/explain', '/export', '/export?format=markdown']) {
          const g = await srv.app.inject({ method: 'GET', url: `/api/encounters/${t.id}${path}`, headers: bearer(t.gm) });
          expect(g.statusCode, `${what} GET ${path}: ${g.body.slice(0, 300)}`).toBe(200);
        }
      }),
      fuzzParams(100),
    );
  }, 120_000);

  it('entered dice: random faces with the command the game waits for, from the GM or a player, are taken, asked for or refused naming the field', async () => {
    let t = await freshDuel(srv.app);
    const patch = await srv.app.inject({ method: 'PATCH', url: `/api/encounters/${t.id}/settings`, headers: bearer(t.gm), payload: { enteredDice: 'all' } });
    expect(patch.statusCode).toBe(200);
    const face = fc.constantFrom(-1, 0, 1, 2, 3, 4, 5, 6, 6, 7, 8, 10, 12, 20, 100, 1000, 1001, 1.5);
    await fc.assert(
      fc.asyncProperty(fc.array(face, { maxLength: 12 }), fc.boolean(), async (faces, asPlayer) => {
        const [next] = await offered(srv.app, t);
        if (next === undefined) {
          t = await freshDuel(srv.app);
          await srv.app.inject({ method: 'PATCH', url: `/api/encounters/${t.id}/settings`, headers: bearer(t.gm), payload: { enteredDice: 'all' } });
          return;
        }
        const before = await stored(srv.app, srv.storage, t.id);
        const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${t.id}/commands`, headers: bearer(asPlayer ? t.player : t.gm), payload: { command: next, faces } });
        const what = `${JSON.stringify(next)} faces ${JSON.stringify(faces)} by ${asPlayer ? 'player' : 'GM'} -> ${r.statusCode} ${r.body.slice(0, 300)}`;
        expect(r.statusCode, what).toBeLessThan(500);
        if (r.statusCode >= 400) {
          if (r.statusCode === 400 || r.statusCode === 422) expect(r.json().issues?.length, what).toBeGreaterThan(0);
          expect(await stored(srv.app, srv.storage, t.id), what).toBe(before);
        } else if (r.json().type === 'dice-needed') expect(await stored(srv.app, srv.storage, t.id), what).toBe(before);
        // The GM plays on, so later tries meet later states.
        if (r.statusCode !== 200 || r.json().type !== 'accepted') await srv.app.inject({ method: 'POST', url: `/api/encounters/${t.id}/commands`, headers: bearer(t.gm), payload: { command: next } });
      }),
      fuzzParams(80),
    );
  }, 120_000);
});
