// The HTTP API with Fastify's inject, on every test database (SQLite; PostgreSQL too when
// FRAY_TEST_PG is set), playing the real TFT duel (examples/tft/duel.yaml).
import { expect, it, vi } from 'vitest';
import { type Encounter, replay } from '../engine/encounter.ts';
import { getSystem } from '../rules/index.ts';
import type { FrayServer } from './app.ts';
import type { EncounterView, ExportJson, LogResponse } from './protocol.ts';
import { TestClient, bearer, createDuel, describeServerOnEachDatabase, duelScenario, duelYaml, getView, issue, startTestServer, tft } from './test-helpers.ts';

/** Plays `n` steps as the GM over HTTP, each the engine's own decision for the current state. */
async function playSteps(app: FrayServer, id: string, gm: string, n: number): Promise<number> {
  let seq = 0;
  for (let i = 0; i < n; i++) {
    const v = (await app.inject({ method: 'GET', url: `/api/encounters/${id}`, headers: bearer(gm) })).json() as EncounterView;
    if (v.view.over) break;
    const command = tft.decide(v.view.state);
    const r = await app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command } });
    expect(r.statusCode, r.body).toBe(200);
    seq = r.json().seq;
  }
  return seq;
}


describeServerOnEachDatabase('HTTP API', (srv) => {
  it('creates an encounter from an example, from YAML text and from a JSON object', async () => {
    const a = await createDuel(srv.app);
    expect(a.encounter).toMatchObject({ name: 'Duel at the ford', system: 'tft', seq: 0, over: false });
    expect(a.gm.role).toBe('gm');
    expect(a.gm.link).toBe(`/table/${a.encounter.id}#token=${encodeURIComponent(a.gm.token)}`);
    const b = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: duelYaml(), name: 'From YAML' } });
    expect(b.statusCode).toBe(201);
    expect(b.json().encounter.name).toBe('From YAML');
    const c = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: JSON.stringify(duelScenario()) } });
    expect(c.statusCode).toBe(201);
    const d = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: duelScenario() } });
    expect(d.statusCode).toBe(201);
    const ex = await srv.app.inject({ method: 'GET', url: '/api/examples' });
    expect(ex.json().examples.map((e: { name: string }) => e.name)).toContain('tft/duel');
  });

  it('rejects a bad scenario with the field and the reason, and stores nothing', async () => {
    const bad = duelScenario();
    (bad.figures as Record<string, unknown>[])[0].dx = 'high';
    const r = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: bad } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('invalid');
    expect(r.json().issues.map((i: { path: string }) => i.path).join(' ')).toMatch(/figures.*0.*dx/);
    const y = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: 'system: tft\nfigures: [' } });
    expect(y.statusCode).toBe(400);
    expect(y.json().issues[0].path).toBe('scenario');
    const both = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/duel', scenario: duelYaml() } });
    expect(both.statusCode).toBe(400);
    const sys = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: { system: 'chess' } } });
    expect(sys.statusCode).toBe(400);
    expect(sys.json().issues[0].path).toBe('scenario.system');
    const extra = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/duel', colour: 'red' } });
    expect(extra.statusCode).toBe(400);
  });

  it('a JSON body with a field named "__proto__" is refused naming that field and why, not as "not valid JSON"', async () => {
    const payload = JSON.stringify({ scenario: duelScenario() }).replace('{"system"', '{"__proto__":{"dx":99},"system"');
    const r = await srv.app.inject({ method: 'POST', url: '/api/encounters', headers: { 'content-type': 'application/json' }, payload });
    expect(r.statusCode).toBe(400);
    expect(r.json().issues).toEqual([{ path: 'body.scenario.__proto__', message: expect.stringMatching(/^a field named "__proto__".*inherit$/) }]);
    const broken = await srv.app.inject({ method: 'POST', url: '/api/encounters', headers: { 'content-type': 'application/json' }, payload: '{"scenario":' });
    expect([broken.statusCode, broken.json().issues[0].path]).toEqual([400, 'body']);
  });

  it('plays the duel to its end over HTTP; the stored state equals a replay of the exported log', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const seq = await playSteps(srv.app, encounter.id, gm.token, 500);
    const v = await getView(srv.app, encounter.id, gm.token);
    expect(v.view.over).toBe(true);
    expect(v.encounter.over).toBe(true);
    expect(v.encounter.seq).toBe(seq);
    expect(v.encounter.winner).toBe((v.view.summary as { winner: string | null }).winner);
    const ex = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/export`, headers: bearer(gm.token) })).json() as ExportJson;
    expect(ex.commands.length).toBe(seq);
    const record: Encounter = { system: 'tft', scenario: ex.scenario, seed: 0, commands: ex.commands.map((c, i) => ({ seq: i, ...c })) };
    expect(replay(tft, record)).toEqual(v.view.state);
    // After the end, commands are refused.
    const late = await srv.app.inject({
      method: 'POST',
      url: `/api/encounters/${encounter.id}/commands`,
      headers: bearer(gm.token),
      payload: { command: { type: 'begin' } },
    });
    expect(late.statusCode).toBe(422);
  });

  it('is system-generic: an AD&D example plays to its end and replays exactly', async () => {
    const adnd = getSystem('adnd');
    const c = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'adnd/melee' } });
    expect(c.statusCode, c.body).toBe(201);
    const { encounter, gm } = c.json();
    expect(encounter.system).toBe('adnd');
    let v = await getView(srv.app, encounter.id, gm.token);
    let steps = 0;
    while (!v.view.over && steps < 2000) {
      const r = await srv.app.inject({
        method: 'POST',
        url: `/api/encounters/${encounter.id}/commands`,
        headers: bearer(gm.token),
        payload: { command: adnd.decide(v.view.state) },
      });
      expect(r.statusCode, r.body).toBe(200);
      v = { ...v, view: r.json().view };
      steps += 1;
    }
    expect(v.view.over).toBe(true);
    const ex = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/export`, headers: bearer(gm.token) })).json() as ExportJson;
    const record: Encounter = { system: 'adnd', scenario: ex.scenario, seed: 0, commands: ex.commands.map((x, i) => ({ seq: i, ...x })) };
    // Replayed with events on, as the server applied it live (AD&D's state counts its events).
    expect(JSON.parse(JSON.stringify(replay(adnd, record, record.commands.length, () => {})))).toEqual(v.view.state);
  });

  it('fetches the log from a sequence and exports a Markdown report', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    await playSteps(srv.app, encounter.id, gm.token, 6);
    const all = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/log`, headers: bearer(gm.token) })).json() as LogResponse;
    expect(all.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.entries[0].command).toEqual({ type: 'begin' });
    expect(all.entries.every((e) => e.descriptions?.length === e.events?.length)).toBe(true);
    const tail = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/log?from=4`, headers: bearer(gm.token) })).json() as LogResponse;
    expect(tail.entries.map((e) => e.seq)).toEqual([5, 6]);
    const bad = await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/log?from=-1`, headers: bearer(gm.token) });
    expect(bad.statusCode).toBe(400);
    const spec = await issue(srv.app, encounter.id, gm.token, { role: 'spectator' });
    const md = await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/export?format=markdown`, headers: bearer(spec.token) });
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toMatch(/text\/markdown/);
    expect(md.body).toContain('# Duel at the ford');
    expect(md.body).toContain(`**6.**`);
    expect(md.body).toContain(all.entries[5].descriptions?.[0]?.replace(/([\\`*_[\]|<>])/g, '\\$1') ?? '');
    // Commands and standings name the figures as the table does (Bjorn, not bjorn).
    expect(md.body).toMatch(/\*\*3\.\*\* move (Bjorn|Cedric) by/);
    expect(md.body).not.toMatch(/ (bjorn|cedric)\b/);
    expect(md.body).toContain('| Bjorn | north |');
    const json = await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/export`, headers: bearer(spec.token) });
    expect(json.statusCode).toBe(403);
  });

  it('rewinds (GM only) to an earlier step: the state equals a replay of the shorter line', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    await playSteps(srv.app, encounter.id, gm.token, 7);
    const player = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
    const denied = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/rewind`, headers: bearer(player.token), payload: { to: 3 } });
    expect(denied.statusCode).toBe(403);
    const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/rewind`, headers: bearer(gm.token), payload: { to: 3 } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().seq).toBe(8);
    expect(r.json().entry).toMatchObject({ kind: 'rewind', to: 3 });
    let ex = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/export`, headers: bearer(gm.token) })).json() as ExportJson;
    expect(ex.commands.length).toBe(3);
    const rec = (x: ExportJson): Encounter => ({ system: 'tft', scenario: x.scenario, seed: 0, commands: x.commands.map((c, i) => ({ seq: i, ...c })) });
    expect(r.json().view.state).toEqual(replay(tft, rec(ex)));
    // Play on after the rewind: the line is 1, 2, 3, 9, 10.
    await playSteps(srv.app, encounter.id, gm.token, 2);
    ex = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/export`, headers: bearer(gm.token) })).json() as ExportJson;
    expect(ex.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ex.commands.length).toBe(5);
    expect((await getView(srv.app, encounter.id, gm.token)).view.state).toEqual(replay(tft, rec(ex)));
    // An entry off the current line cannot be a rewind target.
    const off = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/rewind`, headers: bearer(gm.token), payload: { to: 5 } });
    expect(off.statusCode).toBe(400);
    expect(off.json().issues[0].path).toBe('to');
    // Rewind to the start.
    const zero = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/rewind`, headers: bearer(gm.token), payload: { to: 0 } });
    expect(zero.json().view.state).toEqual(tft.setup(ex.scenario));
  });

  it('a rewind pinned with expectSeq undoes only what its sender saw: once a command landed after it looked, 409 conflict naming expectSeq, nothing stored, over HTTP and the WebSocket; at the head it is taken', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    await playSteps(srv.app, encounter.id, gm.token, 4);
    const url = `/api/encounters/${encounter.id}/rewind`;
    // The GM looked at seq 4 and wants to undo step 4; meanwhile step 5 lands.
    await playSteps(srv.app, encounter.id, gm.token, 1);
    const stale = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { to: 3, expectSeq: 4 } });
    expect([stale.statusCode, stale.json().issues]).toEqual([409, [{ path: 'expectSeq', message: 'the encounter is at seq 5' }]]);
    const socket = await TestClient.connect(srv.ws);
    try {
      await socket.hello(encounter.id, gm.token);
      socket.send({ type: 'rewind', id: 'rw', to: 3, expectSeq: 4 });
      expect(await socket.waitFor('rejected', (m) => m.id === 'rw')).toMatchObject({ code: 'conflict', issues: [{ path: 'expectSeq' }] });
    } finally {
      await socket.close();
    }
    expect((await srv.storage.readLog(encounter.id)).map((e) => e.kind)).toEqual(['command', 'command', 'command', 'command', 'command']);
    const fresh = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { to: 3, expectSeq: 5 } });
    expect([fresh.statusCode, fresh.json().entry]).toEqual([200, expect.objectContaining({ seq: 6, kind: 'rewind', to: 3 })]);
  });

  it('lists the encounters the presented tokens open, with the best role', async () => {
    const a = await createDuel(srv.app);
    const b = await createDuel(srv.app);
    const pb = await issue(srv.app, b.encounter.id, b.gm.token, { role: 'player', figures: ['cedric'] });
    const r = await srv.app.inject({
      method: 'GET',
      url: '/api/encounters',
      headers: { ...bearer(a.gm.token), 'x-fray-tokens': `${pb.token},fray_forged` },
    });
    const list = r.json().encounters as { id: string; role: string }[];
    expect(list.map((e) => [e.id, e.role]).sort()).toEqual(
      [
        [a.encounter.id, 'gm'],
        [b.encounter.id, 'player'],
      ].sort(),
    );
    expect((await srv.app.inject({ method: 'GET', url: '/api/encounters' })).json().encounters).toEqual([]);
  });

  it("the listing names the winner by its side's name (winnerName): after the GM's end, with names and without; a draw has neither", async () => {
    const listed = async (token: string) =>
      (await srv.app.inject({ method: 'GET', url: '/api/encounters', headers: { 'x-fray-tokens': token } })).json().encounters[0] as Record<string, unknown>;
    const end = async (id: string, gm: string, winner: string | null) => {
      for (const command of [{ type: 'begin' }, { type: 'end', winner, reason: 'they part' }]) {
        const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command } });
        expect(r.statusCode, r.body).toBe(200);
      }
    };
    const scenario = { ...duelScenario(), sides: [{ id: 'north', name: 'House Bjorn' }, { id: 'south', name: 'the ford keepers' }] };
    const named = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario } })).json();
    expect(await listed(named.gm.token)).toMatchObject({ over: false, winner: null, winnerName: null });
    await end(named.encounter.id, named.gm.token, 'south');
    expect(await listed(named.gm.token)).toMatchObject({ over: true, winner: 'south', winnerName: 'the ford keepers' });
    const plain = await createDuel(srv.app);
    await end(plain.encounter.id, plain.gm.token, 'north');
    expect(await listed(plain.gm.token)).toMatchObject({ over: true, winner: 'north', winnerName: null });
    const draw = await createDuel(srv.app);
    await end(draw.encounter.id, draw.gm.token, null);
    expect(await listed(draw.gm.token)).toMatchObject({ over: true, winner: null, winnerName: null });
  });

  it("a side's name naming a hidden figure ('Jemmueb and Bobjo', Bobjo hidden) reads 'Jemmueb and an unseen figure' to a player and a spectator, as the narration reads it: the lobby's and the encounter's winnerName, state.sideNames, the Markdown export's status and Side column; the GM reads it whole", async () => {
    const c = await createDuel(srv.app, { example: 'tft/sweeping-blows', settings: { hiddenFigures: ['bobjo'] } });
    const id = c.encounter.id;
    const player = await issue(srv.app, id, c.gm.token, { role: 'player', figures: ['jemmueb'] });
    const spectator = await issue(srv.app, id, c.gm.token, { role: 'spectator' });
    for (const command of [{ type: 'begin' }, { type: 'end', winner: 'heroes', reason: 'the goblins flee' }]) {
      const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(c.gm.token), payload: { command } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const listed = async (token: string) => (await srv.app.inject({ method: 'GET', url: '/api/encounters', headers: { 'x-fray-tokens': token } })).json().encounters[0];
    const markdown = async (token: string) => (await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/export?format=markdown`, headers: bearer(token) })).body;
    const scrubbed = 'Jemmueb and an unseen figure';
    for (const token of [player.token, spectator.token]) {
      expect(await listed(token)).toMatchObject({ winner: 'heroes', winnerName: scrubbed });
      const v = await getView(srv.app, id, token);
      expect(v.encounter.winnerName).toBe(scrubbed);
      expect((v.view.state as { sideNames: Record<string, string> }).sideNames).toEqual({ heroes: scrubbed, goblins: 'Goblins' });
      const md = await markdown(token);
      expect(md).toContain(`- Status: over, won by ${scrubbed}`);
      expect(md).not.toMatch(/Bobjo|bobjo/);
    }
    expect(await markdown(player.token)).toContain(`| Jemmueb | ${scrubbed} |`);
    expect(await listed(c.gm.token)).toMatchObject({ winnerName: 'Jemmueb and Bobjo' });
    expect((await getView(srv.app, id, c.gm.token)).encounter.winnerName).toBe('Jemmueb and Bobjo');
    expect(await markdown(c.gm.token)).toContain('| Bobjo | Jemmueb and Bobjo |');
  });

  it('deletes an encounter (GM only): its tokens stop working', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const p = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
    expect((await srv.app.inject({ method: 'DELETE', url: `/api/encounters/${encounter.id}`, headers: bearer(p.token) })).statusCode).toBe(403);
    expect((await srv.app.inject({ method: 'DELETE', url: `/api/encounters/${encounter.id}`, headers: bearer(gm.token) })).statusCode).toBe(204);
    expect((await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}`, headers: bearer(gm.token) })).statusCode).toBe(401);
    expect(await srv.storage.getEncounter(encounter.id)).toBeNull();
  });

  it('entered dice: allowed for the GM when settings say so; the server asks for each die', async () => {
    const { encounter, gm } = await createDuel(srv.app, { settings: { enteredDice: 'gm' } });
    const p = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn', 'cedric'] });
    const url = `/api/encounters/${encounter.id}/commands`;
    const pf = await srv.app.inject({ method: 'POST', url, headers: bearer(p.token), payload: { command: { type: 'begin' }, faces: [3] } });
    expect(pf.statusCode).toBe(403);
    expect(pf.json().issues[0].path).toBe('faces');
    const faces: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { command: { type: 'begin' }, faces } });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      if (body.type === 'accepted') {
        expect(body.entry.faces).toEqual(faces);
        expect(body.entry.entered).toBe(true);
        break;
      }
      expect(body).toMatchObject({ type: 'dice-needed', sides: 6, index: faces.length, roll: { event: 'initiative', sides: 6 } });
      faces.push((faces.length % 6) + 1);
    }
    expect(faces.length).toBeGreaterThan(0);
    const v = await getView(srv.app, encounter.id, gm.token);
    expect(v.view.seq).toBe(1);
    const impossible = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { command: tft.decide(v.view.state), faces: [7, 7, 7, 7] } });
    expect([400, 200]).toContain(impossible.statusCode);
    expect((await getView(srv.app, encounter.id, gm.token)).view.seq).toBe(impossible.statusCode === 200 && impossible.json().type === 'accepted' ? 2 : 1);
    // A step that rolls nothing (the initiative's choice), sent with the GM's physical dice ticked (no faces yet): not marked as played with physical dice.
    const next = (await getView(srv.app, encounter.id, gm.token)).view;
    expect(next.pending?.kind).toMatch(/initiative|move/);
    const quiet = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { command: tft.decide(next.state), faces: [] } });
    expect(quiet.json()).toMatchObject({ type: 'accepted', entry: { faces: [], entered: false } });
  });

  it('settings (GM only): a hidden figure and hidden notes disappear from the player view', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const p = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
    const patch = {
      hiddenFigures: ['cedric'],
      hideEnemyStats: true,
      notes: [
        { id: 'n1', text: 'Cedric has a hidden dagger', hidden: true },
        { id: 'n2', text: 'The ford is slippery', hidden: false },
      ],
    };
    expect((await srv.app.inject({ method: 'PATCH', url: `/api/encounters/${encounter.id}/settings`, headers: bearer(p.token), payload: patch })).statusCode).toBe(403);
    const r = await srv.app.inject({ method: 'PATCH', url: `/api/encounters/${encounter.id}/settings`, headers: bearer(gm.token), payload: patch });
    expect(r.statusCode, r.body).toBe(200);
    const pv = await getView(srv.app, encounter.id, p.token);
    expect(JSON.stringify(pv)).not.toContain('cedric');
    expect(pv.settings.notes.map((n) => n.id)).toEqual(['n2']);
    expect(pv.settings.hiddenFigures).toEqual([]);
    const gv = await getView(srv.app, encounter.id, gm.token);
    expect(JSON.stringify(gv.view.state)).toContain('cedric');
    expect(gv.settings).toMatchObject(patch);
    const bad = await srv.app.inject({ method: 'PATCH', url: `/api/encounters/${encounter.id}/settings`, headers: bearer(gm.token), payload: { enteredDice: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('body.enteredDice');
  });

  it('R-T3: after the fight the GM may still send what the engine keeps legal out of combat (a medic runs the 5 minutes at once); a player may not, and nothing else is taken', async () => {
    const scenario = {
      system: 'tft',
      name: 'medic after the fight',
      figures: [
        { id: 'doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
        { id: 'pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 2 } },
        { id: 'orc', side: 'b', race: 'orc', st: 10, dx: 9, weapons: ['club'], wounds: 30, at: { q: 10, r: 8 } },
      ],
    };
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario } })).json();
    const id = c.encounter.id as string;
    const gm = c.gm.token as string;
    const player = await issue(srv.app, id, gm, { role: 'player', figures: ['doc'] });
    const send = (token: string, command: unknown) => srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(token), payload: { command } });
    for (const command of [{ type: 'begin' }, { type: 'move', figure: 'doc', path: [] }, { type: 'pass', figure: 'doc' }]) expect((await send(gm, command)).statusCode).toBe(200);
    expect((await getView(srv.app, id, gm)).view.pending).toBeNull();
    const finish = { type: 'finish-stabilization', figure: 'doc', target: 'pat' };
    const byPlayer = await send(player.token, finish);
    expect(byPlayer.statusCode).toBe(422);
    expect(byPlayer.json().message).toMatch(/over/);
    expect((await send(gm, { type: 'pass', figure: 'doc' })).statusCode).toBe(422);
    const r = await send(gm, finish);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().entry.events.some((e: { type: string }) => e.type === 'stabilize-roll' || e.type === 'stabilized' || /stabiliz/.test(e.type))).toBe(true);
  });

  it('settings PATCH changes only the fields it names: notes alone keep the hidden figures, the dice setting and the hidden stats (zod filled the others with their defaults)', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/settings`;
    const first = { hiddenFigures: ['cedric'], hideEnemyStats: true, enteredDice: 'gm' };
    expect((await srv.app.inject({ method: 'PATCH', url, headers: bearer(gm.token), payload: first })).statusCode).toBe(200);
    const notes = [{ id: 'n1', text: 'The ford is slippery', hidden: false }];
    const r = await srv.app.inject({ method: 'PATCH', url, headers: bearer(gm.token), payload: { notes } });
    expect(r.statusCode, r.body).toBe(200);
    const gv = await getView(srv.app, encounter.id, gm.token);
    expect(gv.settings).toEqual({ ...first, notes });
  });

  it('settings PATCH with `expect` is a compare-and-set per field: a change built on notes another GM window has since replaced is 409 conflict naming expect.notes, nothing stored; an up-to-date one and one on another field are taken', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/settings`;
    const patch = (payload: object) => srv.app.inject({ method: 'PATCH', url, headers: bearer(gm.token), payload });
    const a = [{ id: 'n1', text: 'Window A: the ford is slippery', hidden: false }];
    const b = [{ id: 'n1', text: 'Window B: the troll waits', hidden: true }];
    // Both windows read notes: []; A saves first.
    expect((await patch({ notes: a, expect: { notes: [] } })).statusCode).toBe(200);
    const stale = await patch({ notes: b, expect: { notes: [] } });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', issues: [{ path: 'expect.notes', message: 'notes changed since you read it (another GM window saved it)' }] });
    expect(stale.json().message).toMatch(/^notes changed since you read it: another GM window saved it first; nothing was saved/);
    expect((await getView(srv.app, encounter.id, gm.token)).settings.notes).toEqual(a);
    // Another field's expectation still holds: taken; the notes A saved stay.
    expect((await patch({ hideEnemyStats: true, expect: { hideEnemyStats: false } })).statusCode).toBe(200);
    // Built on what A saved (its default `hidden` left out: compared as stored), B's change is taken.
    expect((await patch({ notes: b, expect: { notes: [{ id: 'n1', text: a[0].text }] } })).statusCode).toBe(200);
    expect((await getView(srv.app, encounter.id, gm.token)).settings).toMatchObject({ notes: b, hideEnemyStats: true });
    const bad = await patch({ notes: b, expect: { notes: b, colour: 'red' } });
    expect([bad.statusCode, bad.json().issues[0].path]).toEqual([400, 'body.expect.colour']);
  });

  it('settings.handledSpecials (R-A10): the special criticals the GM handled are kept with the encounter, for every GM view and across a restart; each mark builds on the last (a stale one is 409); players get none; a key that is no step:event is refused naming it', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/settings`;
    const patch = (payload: object) => srv.app.inject({ method: 'PATCH', url, headers: bearer(gm.token), payload });
    const p = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
    // Stored before any mark (as an encounter from before the field): none handled, and a first mark built on none is taken.
    expect((await getView(srv.app, encounter.id, gm.token)).settings.handledSpecials ?? []).toEqual([]);
    expect((await patch({ handledSpecials: ['4:0'], expect: { handledSpecials: [] } })).statusCode).toBe(200);
    // Another GM window built on none too: refused, nothing lost; built on what is stored, taken.
    const stale = await patch({ handledSpecials: ['6:1'], expect: { handledSpecials: [] } });
    expect([stale.statusCode, stale.json().issues[0].path]).toEqual([409, 'expect.handledSpecials']);
    expect((await patch({ handledSpecials: ['4:0', '6:1'], expect: { handledSpecials: ['4:0'] } })).statusCode).toBe(200);
    const bad = await patch({ handledSpecials: ['step 4'] });
    expect([bad.statusCode, bad.json().issues[0].path]).toEqual([400, 'body.handledSpecials[0]']);
    expect(bad.json().issues[0].message).toMatch(/step:event/);
    expect((await getView(srv.app, encounter.id, p.token)).settings).not.toHaveProperty('handledSpecials');
    // A second server on the same database (a restart, another process) reads them.
    const other = await startTestServer('', srv.storage);
    try {
      expect((await getView(other.app, encounter.id, gm.token)).settings.handledSpecials).toEqual(['4:0', '6:1']);
    } finally {
      await other.close();
    }
  });

  it("a command hidden from a viewer shows neither itself nor its dice (log, step, Markdown export); a step with a hidden figure's event shows no dice list", async () => {
    // The skirmish with the blue bowman hidden: he shoots at Hal (his dice in the log entry)
    // while the other figures' steps go on in view.
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/skirmish', settings: { hiddenFigures: ['bryn'] } } })).json();
    const id = c.encounter.id as string;
    const gm = c.gm.token as string;
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['ada', 'hal', 'rolf'] });
    const spec = await issue(srv.app, id, gm, { role: 'spectator' });
    const ws = await TestClient.connect(srv.ws);
    await ws.hello(id, seat.token);
    const last = await playSteps(srv.app, id, gm, 12);
    await ws.waitFor('step', (m) => m.entry.seq === last);
    const logOf = async (token: string) => ((await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/log`, headers: bearer(token) })).json() as LogResponse).entries;
    const full = await logOf(gm);
    const names = (v: unknown) => JSON.stringify(v).includes('"bryn"');
    const hiddenCommands = full.filter((e) => names(e.command));
    // Not vacuous: the bowman's own command rolled dice, and some step in view rolled dice too.
    expect(hiddenCommands.some((e) => (e.faces ?? []).length > 0)).toBe(true);
    const inView = full.filter((e) => e.kind === 'command' && !names(e.command) && !names(e.events) && (e.faces ?? []).length > 0);
    expect(inView.length).toBeGreaterThan(0);
    const steps = ws.messages.flatMap((m) => (m.type === 'step' ? [m.entry] : []));
    for (const [who, entries] of [['player', await logOf(seat.token)], ['spectator', await logOf(spec.token)], ['player socket', steps]] as const) {
      expect(entries.map((e) => e.seq), who).toEqual(full.map((e) => e.seq));
      for (const e of entries) {
        const g = full.find((x) => x.seq === e.seq);
        if (names(g?.command) || names(g?.events)) {
          expect({ who, seq: e.seq, faces: e.faces, entered: e.entered, enteredAt: e.enteredAt }).toEqual({ who, seq: e.seq, faces: undefined, entered: undefined, enteredAt: undefined });
          if (names(g?.command)) expect(e.command).toBeUndefined();
        } else expect(e.faces, `${who} ${e.seq}`).toEqual(g?.faces);
      }
    }
    for (const token of [seat.token, spec.token]) {
      const md = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/export?format=markdown`, headers: bearer(token) })).body;
      const hiddenLines = md.split('\n').filter((l) => l.includes('(hidden command)'));
      expect(hiddenLines).toEqual(hiddenCommands.map((e) => `**${e.seq}.** (hidden command) by gm`));
      for (const e of inView) expect(md).toContain(`**${e.seq}.** `);
      expect(md.match(/dice: /g)?.length).toBe(inView.length);
    }
    await ws.close();
  });

  it('a plain request to the WebSocket endpoint is answered like every refusal: JSON naming the missing Upgrade header', async () => {
    const r = await srv.app.inject({ method: 'GET', url: '/api/ws' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'invalid', issues: [{ path: 'headers.upgrade', message: expect.stringMatching(/WebSocket endpoint/) }] });
  });

  it('serves explain(state) filtered per role: a player sees only its own options', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    await playSteps(srv.app, encounter.id, gm.token, 3);
    const p = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
    const g = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/explain`, headers: bearer(gm.token) })).json();
    const v = await getView(srv.app, encounter.id, gm.token);
    expect(g.seq).toBe(3);
    expect(g.report).toEqual(JSON.parse(JSON.stringify(tft.explain(v.view.state))));
    const pe = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/explain`, headers: bearer(p.token) })).json();
    const byId = Object.fromEntries((pe.report.figures as { id: string; options: unknown[] }[]).map((f) => [f.id, f.options]));
    expect(byId.cedric).toEqual([]);
    expect(byId.bjorn).toEqual((g.report.figures as { id: string; options: unknown[] }[]).find((f) => f.id === 'bjorn')?.options);
  });
});

describeServerOnEachDatabase('authorization', (srv) => {
  /** Everything that must not change: the stored log and the served state. */
  async function snapshot(id: string, gm: string) {
    const v = await getView(srv.app, id, gm);
    return { seq: v.view.seq, state: v.view.state, log: await srv.storage.readLog(id) };
  }

  it('lists tokens in the order they were issued, even many within one millisecond', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    // The clock stands still (only Date is faked): every seat is issued in the same millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-30T12:00:00Z') });
    try {
      const issued: string[] = [];
      for (let i = 0; i < 12; i++) issued.push((await issue(srv.app, encounter.id, gm.token, { role: 'spectator', label: `seat ${i}` })).id);
      const listed = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/tokens`, headers: bearer(gm.token) })).json().tokens as { id: string; createdAt: string }[];
      expect(listed.map((t) => t.id)).toEqual([gm.id, ...issued]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects a player's command for another player's figure, a spectator's command, forged and revoked tokens; nothing changes", async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const id = encounter.id;
    const url = `/api/encounters/${id}/commands`;
    // Up to the first move: begin, initiative.
    let v = await getView(srv.app, id, gm.token);
    while (v.view.pending?.kind !== 'move') {
      await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { command: tft.decide(v.view.state) } });
      v = await getView(srv.app, id, gm.token);
    }
    const mover = v.view.pending.figures[0];
    const other = mover === 'bjorn' ? 'cedric' : 'bjorn';
    const moverSeat = await issue(srv.app, id, gm.token, { role: 'player', figures: [mover], label: 'mover' });
    const otherSeat = await issue(srv.app, id, gm.token, { role: 'player', figures: [other], label: 'other' });
    const spectator = await issue(srv.app, id, gm.token, { role: 'spectator' });
    const command = tft.decide(v.view.state) as { figure: string };
    expect(command.figure).toBe(mover);
    const before = await snapshot(id, gm.token);

    const wrongSeat = await srv.app.inject({ method: 'POST', url, headers: bearer(otherSeat.token), payload: { command } });
    expect(wrongSeat.statusCode).toBe(403);
    expect(wrongSeat.json().issues).toEqual([{ path: 'command.figure', message: `'${mover}' is not one of your figures` }]);
    const spec = await srv.app.inject({ method: 'POST', url, headers: bearer(spectator.token), payload: { command } });
    expect(spec.statusCode).toBe(403);
    const forged = await srv.app.inject({ method: 'POST', url, headers: bearer(`${moverSeat.token.slice(0, -2)}xx`), payload: { command } });
    expect(forged.statusCode).toBe(401);
    const none = await srv.app.inject({ method: 'POST', url, payload: { command } });
    expect(none.statusCode).toBe(401);
    // A token of another encounter does not open this one.
    const elsewhere = await createDuel(srv.app);
    expect((await srv.app.inject({ method: 'POST', url, headers: bearer(elsewhere.gm.token), payload: { command } })).statusCode).toBe(401);
    // Revoke the mover's seat (GM only), then its command fails too.
    const rv = `/api/encounters/${id}/tokens/${moverSeat.id}`;
    expect((await srv.app.inject({ method: 'DELETE', url: rv, headers: bearer(otherSeat.token) })).statusCode).toBe(403);
    expect((await srv.app.inject({ method: 'DELETE', url: rv, headers: bearer(gm.token) })).statusCode).toBe(204);
    expect((await srv.app.inject({ method: 'DELETE', url: rv, headers: bearer(gm.token) })).statusCode).toBe(404);
    const revoked = await srv.app.inject({ method: 'POST', url, headers: bearer(moverSeat.token), payload: { command } });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toMatch(/revoked/);
    // A player cannot issue tokens.
    expect((await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/tokens`, headers: bearer(otherSeat.token), payload: { role: 'gm' } })).statusCode).toBe(403);
    expect(await snapshot(id, gm.token)).toEqual(before);
    const tokens = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/tokens`, headers: bearer(gm.token) })).json().tokens;
    expect(tokens.map((t: { label: string; revoked: boolean }) => [t.label, t.revoked])).toEqual([
      ['GM', false],
      ['mover', true],
      ['other', false],
      ['', false],
    ]);
    expect(JSON.stringify(tokens)).not.toContain(otherSeat.token);
    // The stored hash is not the token.
    const stored = await srv.storage.listTokens(id);
    expect(stored.some((t) => t.hash.includes(otherSeat.token) || otherSeat.token.includes(t.hash))).toBe(false);
    // A new seat for the mover can command it.
    const seat2 = await issue(srv.app, id, gm.token, { role: 'player', figures: [mover] });
    const ok = await srv.app.inject({ method: 'POST', url, headers: bearer(seat2.token), payload: { command } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a player seat needs real figures of this encounter', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/tokens`;
    const none = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { role: 'player' } });
    expect(none.statusCode).toBe(400);
    const ghost = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: { role: 'player', figures: ['bjorn', 'ghost'] } });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().issues).toEqual([{ path: 'figures[1]', message: "no figure 'ghost' in this encounter" }]);
  });

  it("a stale script entry skipped is the GM's bookkeeping: in the GM's log and report, not in a player's (log, narration, report), and the step's dice stay shown", async () => {
    // Bjorn's script dodges on turn 1; the GM passes instead, so the entry is skipped at the turn's end.
    const scenario = { ...duelScenario(), script: [{ turn: 1, commands: [{ type: 'dodge', figure: 'bjorn' }] }] };
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario } })).json();
    const id = c.encounter.id;
    const gm = c.gm.token;
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['bjorn'] });
    const log = async (token: string) => ((await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/log`, headers: bearer(token) })).json() as LogResponse).entries;
    const skippedIn = (entries: LogResponse['entries']) => entries.findIndex((e) => e.events?.some((x) => x.type === 'script-skipped'));
    for (let i = 0; i < 20 && skippedIn(await log(gm)) < 0; i++) {
      const v = await getView(srv.app, id, gm);
      const p = v.view.pending;
      const figure = p?.figures[0];
      const command = p?.kind === 'move' ? { type: 'move', figure, path: [] } : p?.kind === 'action' ? { type: 'pass', figure } : tft.decide(v.view.state);
      expect((await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command } })).statusCode).toBe(200);
    }
    const gmLog = await log(gm);
    const k = skippedIn(gmLog);
    expect(k).toBeGreaterThanOrEqual(0);
    expect(gmLog[k].descriptions?.join(' ')).toContain('script entry 0 skipped');
    const mine = await log(seat.token);
    expect(skippedIn(mine)).toBe(-1);
    expect(JSON.stringify(mine)).not.toContain('script entry');
    // Only the bookkeeping went: the rest of the step, and its dice (the next turn's initiative), as the GM sees them.
    expect(mine[k].events).toEqual(gmLog[k].events?.filter((e) => e.type !== 'script-skipped'));
    expect(mine[k].faces).toEqual(gmLog[k].faces);
    const report = async (token: string) => (await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/export?format=markdown`, headers: bearer(token) })).body;
    expect(await report(gm)).toContain('script entry 0 skipped');
    expect(await report(seat.token)).not.toContain('script entry');
  });

  it('rejects malformed command bodies with the field, changing nothing', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const url = `/api/encounters/${encounter.id}/commands`;
    const before = await snapshot(encounter.id, gm.token);
    const cases: [unknown, number, RegExp][] = [
      [{ command: { type: 'fly' } }, 400, /^command/],
      [{ command: { type: 'begin' }, expectSeq: 'x' }, 400, /^body.expectSeq/],
      [{ command: { type: 'begin' }, faces: [0] }, 400, /^body.faces/],
      [{ command: { type: 'begin' }, expectSeq: 3 }, 409, /^expectSeq/],
      [{ command: { type: 'attack', figure: 'bjorn', target: 'cedric' } }, 422, /^command/],
    ];
    for (const [payload, status, path] of cases) {
      const r = await srv.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload: payload as object });
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().issues[0].path).toMatch(path);
    }
    const huge = await srv.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(gm.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ command: { type: 'begin', pad: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await snapshot(encounter.id, gm.token)).toEqual(before);
  });

  it('a command nested thousands deep is refused naming where, nothing stored: a player\'s, read for hidden weapons\' aliases, overflowed the stack (500)', async () => {
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/duel', settings: { hiddenFigures: ['cedric'] } } })).json();
    const seat = await issue(srv.app, c.encounter.id, c.gm.token, { role: 'player', figures: ['bjorn'] });
    const payload = `{"command":{"type":"defend","figure":"bjorn","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    for (const token of [seat.token, c.gm.token]) {
      const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${c.encounter.id}/commands`, headers: { ...bearer(token), 'content-type': 'application/json' }, payload });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().issues).toEqual([{ path: 'command.x[0][0][0][0][0]...', message: 'nested more than 64 levels deep' }]);
    }
    expect((await srv.storage.readLog(c.encounter.id)).length).toBe(0);
  });

  it('every refusal names the field and the reason: broken JSON where it breaks (as a WebSocket frame), a body too large, a body not JSON, a token missing, unknown or revoked, a seat naming a figure twice, an unknown token id; nothing is stored', async () => {
    const { encounter, gm } = await createDuel(srv.app);
    const before = await snapshot(encounter.id, gm.token);
    const url = `/api/encounters/${encounter.id}/commands`;
    const json = { ...bearer(gm.token), 'content-type': 'application/json' };
    const refusal = async (r: Awaited<ReturnType<typeof srv.app.inject>>) => [r.statusCode, r.json().issues];
    expect(await refusal(await srv.app.inject({ method: 'POST', url, headers: json, payload: '{"command":{"type":"begin"' }))).toEqual([
      400,
      [{ path: 'body', message: expect.stringMatching(/^not JSON: .*JSON/) }],
    ]);
    expect(await refusal(await srv.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify({ command: { type: 'begin', pad: 'x'.repeat(2 * 1024 * 1024) } }) }))).toEqual([
      413,
      [{ path: 'body', message: 'more than 1048576 bytes' }],
    ]);
    expect(await refusal(await srv.app.inject({ method: 'POST', url, headers: { ...bearer(gm.token), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'command=begin' }))).toEqual([
      400,
      [{ path: 'headers.content-type', message: "content-type 'application/x-www-form-urlencoded': send JSON with content-type: application/json" }],
    ]);
    const begin = { command: { type: 'begin' } };
    expect(await refusal(await srv.app.inject({ method: 'POST', url, payload: begin }))).toEqual([401, [{ path: 'token', message: 'a token is required (Authorization: Bearer <token>)' }]]);
    expect(await refusal(await srv.app.inject({ method: 'POST', url, headers: bearer('fray_nobody'), payload: begin }))).toEqual([401, [{ path: 'token', message: 'unknown token for this encounter' }]]);
    const seat = await issue(srv.app, encounter.id, gm.token, { role: 'spectator' });
    expect((await srv.app.inject({ method: 'DELETE', url: `/api/encounters/${encounter.id}/tokens/${seat.id}`, headers: bearer(gm.token) })).statusCode).toBe(204);
    expect(await refusal(await srv.app.inject({ method: 'POST', url, headers: bearer(seat.token), payload: begin }))).toEqual([401, [{ path: 'token', message: 'this token was revoked' }]]);
    const tokens = `/api/encounters/${encounter.id}/tokens`;
    expect(await refusal(await srv.app.inject({ method: 'POST', url: tokens, headers: bearer(gm.token), payload: { role: 'player', figures: ['bjorn', 'cedric', 'bjorn'] } }))).toEqual([
      400,
      [{ path: 'figures[2]', message: "'bjorn' is already figures[0]; name each figure once" }],
    ]);
    expect(await refusal(await srv.app.inject({ method: 'DELETE', url: `${tokens}/nobody`, headers: bearer(gm.token) }))).toEqual([404, [{ path: 'tokenId', message: "no active token 'nobody' in this encounter" }]]);
    expect(await snapshot(encounter.id, gm.token)).toEqual(before);
    expect((await srv.app.inject({ method: 'GET', url: tokens, headers: bearer(gm.token) })).json().tokens.map((t: { role: string }) => t.role)).toEqual(['gm', 'spectator']);
  });
});
