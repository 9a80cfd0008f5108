// Live play over real WebSocket clients (the `ws` package) against a real server on loopback,
// on every test database; two servers sharing one database (PostgreSQL: LISTEN/NOTIFY).
import { type AddressInfo, type Socket, createServer, connect as netConnect } from 'node:net';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_WHY, forbiddenFieldIn } from '../core/forbidden.ts';
import { parseClientMessage } from './messages.ts';
import { ClientMessage, MAX_MESSAGE_BYTES } from './protocol.ts';
import { Storage } from './storage/storage.ts';
import { testDatabases } from './storage/test-databases.ts';
import { RecordingDice } from '../core/dice/source.ts';
import { diceForSeq, replay, step } from '../engine/encounter.ts';
import { TEST_SEED, TestClient, type TestServer, createDuel, duelScenario, issue, startTestServer, tft } from './test-helpers.ts';

describe('message parser (fast-check fuzzing)', () => {
  it('never throws on arbitrary text or bytes, and answers invalid for what is not a message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.uint8Array().map((a) => Buffer.from(a))), fc.boolean(), (data, bin) => {
        const r = parseClientMessage(data, bin);
        if (r.ok) return !bin && ClientMessage.safeParse(JSON.parse(String(data))).success;
        return r.issues.length > 0 && r.message.length > 0;
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every well-formed message and returns it unchanged', () => {
    const id = fc.string({ minLength: 1, maxLength: 20 });
    const msg = fc.oneof(
      fc.record({ type: fc.constant('hello'), encounterId: id, token: id, lastSeq: fc.nat() }),
      fc.record({ type: fc.constant('command'), id, command: fc.jsonValue(), expectSeq: fc.nat() }),
      fc.record({ type: fc.constant('explain'), id }),
      fc.record({ type: fc.constant('sync'), lastSeq: fc.nat() }),
      fc.record({ type: fc.constant('rewind'), id, to: fc.nat() }),
      fc.record({ type: fc.constant('ping'), id }),
    );
    fc.assert(
      fc.property(msg, (m) => {
        const r = parseClientMessage(JSON.stringify(m));
        // A field named "__proto__" (fast-check makes such keys) is refused, naming it, as in an HTTP body.
        const forbidden = forbiddenFieldIn(JSON.parse(JSON.stringify(m)), '');
        if (forbidden !== null) return !r.ok && r.issues[0].path === forbidden;
        return r.ok && JSON.stringify(r.msg) === JSON.stringify(JSON.parse(JSON.stringify(m)));
      }),
    );
  });

  it('refuses a frame with a field named "__proto__", or a "constructor" holding "prototype", naming the field and why, as an HTTP body is refused', () => {
    const proto = parseClientMessage('{"type":"command","id":"c","command":{"type":"begin","__proto__":{"figure":"bjorn"}}}');
    expect(proto).toEqual({ ok: false, code: 'invalid', message: `invalid message: command.__proto__: ${FORBIDDEN_WHY}`, issues: [{ path: 'command.__proto__', message: FORBIDDEN_WHY }] });
    // An array's index as every field error writes it (issues.ts pathOf), as an HTTP body's and scenario text's.
    expect(parseClientMessage('{"type":"command","id":"c","command":{"type":"move","figure":"kay","path":[[1,2],{"__proto__":1}]}}')).toMatchObject({ issues: [{ path: 'command.path[1].__proto__' }] });
    const ctor = parseClientMessage('{"type":"hello","encounterId":"e","token":"t","constructor":{"prototype":{"x":1}}}');
    expect(ctor.ok || ctor.issues).toEqual([{ path: 'constructor.prototype', message: FORBIDDEN_WHY }]);
    // Such a name as a value, or a "constructor" holding a text, is plain data.
    expect(parseClientMessage('{"type":"command","id":"__proto__","command":{"type":"begin","constructor":"x"}}').ok).toBe(true);
  });

  it('names the field of a wrong type, and refuses unknown fields and types', () => {
    const wrong = parseClientMessage(JSON.stringify({ type: 'hello', encounterId: 5, token: 't' }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.issues.map((i) => i.path)).toEqual(['encounterId']);
    const unknown = parseClientMessage(JSON.stringify({ type: 'teleport', id: 'x' }));
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.issues[0].path).toBe('type');
    const extra = parseClientMessage(JSON.stringify({ type: 'ping', sneaky: 1 }));
    expect(extra.ok).toBe(false);
    const big = parseClientMessage(JSON.stringify({ type: 'ping', id: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect(big.ok || big.code).toBe('too-large');
  });
});

for (const tdb of testDatabases()) {
  /**
   * Two servers on one database. PostgreSQL: two Storage instances, as two processes
   * (LISTEN/NOTIFY between them). SQLite: one process owns the file, so both share its Storage.
   */
  async function twoServers(url: string) {
    const s1 = await startTestServer(url);
    const shared = tdb.name === 'postgres' ? await Storage.open(url) : s1.storage;
    const s2 = await startTestServer(url, shared);
    const close = async () => {
      await s2.close();
      if (shared !== s1.storage) await shared.close();
      await s1.close();
    };
    return { s1, s2, close };
  }

  describe(`live play over WebSocket on ${tdb.name}`, () => {
    let srv: TestServer;
    const clients: TestClient[] = [];
    const connect = async (s: TestServer = srv) => {
      const c = await TestClient.connect(s.ws);
      clients.push(c);
      return c;
    };
    beforeAll(async () => {
      srv = await startTestServer(await tdb.create());
    });
    afterAll(async () => {
      for (const c of clients) await c.close();
      await srv.close();
      await tdb.cleanup();
    });

    it('GM, two players and a spectator: commands are applied, acknowledged, then broadcast to all', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const id = encounter.id;
      const seats = {
        bjorn: await issue(srv.app, id, gm.token, { role: 'player', figures: ['bjorn'] }),
        cedric: await issue(srv.app, id, gm.token, { role: 'player', figures: ['cedric'] }),
      };
      const spec = await issue(srv.app, id, gm.token, { role: 'spectator' });
      const g = await connect();
      const pb = await connect();
      const pc = await connect();
      const sp = await connect();
      const wg = await g.hello(id, gm.token);
      expect(wg.encounter.role).toBe('gm');
      expect((await pb.hello(id, seats.bjorn.token)).encounter.figures).toEqual(['bjorn']);
      await pc.hello(id, seats.cedric.token);
      expect((await sp.hello(id, spec.token)).encounter.role).toBe('spectator');
      let state = wg.encounter.view.state;
      let pending = wg.encounter.view.pending;
      // Play up to 12 steps (server dice: a lucky blow may end the duel sooner), each by the
      // seat that owns the pending figure (begin: the GM).
      let played = 0;
      let checkedRefusals = false;
      for (let i = 1; i <= 12 && pending; i++) {
        const command = tft.decide(state) as { figure?: string };
        const who = command.figure === 'bjorn' ? pb : command.figure === 'cedric' ? pc : g;
        if (command.figure && !checkedRefusals) {
          // The other player's seat and the spectator try it first: refused, nothing broadcast.
          const wrong = command.figure === 'bjorn' ? pc : pb;
          wrong.send({ type: 'command', id: 'bad', command });
          const rej = await wrong.waitFor('rejected', (m) => m.id === 'bad');
          expect(rej.code).toBe('forbidden');
          expect(rej.issues[0].path).toBe('command.figure');
          sp.send({ type: 'command', id: 'spec', command });
          expect((await sp.waitFor('rejected', (m) => m.id === 'spec')).code).toBe('forbidden');
          checkedRefusals = true;
        }
        who.send({ type: 'command', id: `c${i}`, command });
        const ack = await who.waitFor('ack', (m) => m.id === `c${i}`);
        expect(ack.seq).toBe(i);
        const steps = await Promise.all([g, pb, pc, sp].map((c) => c.waitFor('step', (m) => m.entry.seq === i)));
        // The sender's ack came before its step.
        const idx = (c: TestClient, pred: (m: (typeof c.messages)[number]) => boolean) => c.messages.findIndex(pred);
        expect(idx(who, (m) => m.type === 'ack' && m.id === `c${i}`)).toBeLessThan(idx(who, (m) => m.type === 'step' && m.entry.seq === i));
        for (const s of steps) expect(s.entry.command).toEqual(JSON.parse(JSON.stringify(command)));
        state = steps[0].view.state;
        pending = steps[0].view.pending;
        // Everyone sees the same state (nothing is hidden in this encounter).
        for (const s of steps) expect(s.view.state).toEqual(state);
        played = i;
      }
      expect(checkedRefusals).toBe(true);
      // The stored state equals what was broadcast; the refused commands left no trace.
      const v = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}`, headers: { authorization: `Bearer ${gm.token}` } })).json();
      expect(v.view.state).toEqual(state);
      await g.roundTrip();
      expect(g.messages.filter((m) => m.type === 'step').length).toBe(played);
      expect((await srv.storage.readLog(id)).length).toBe(played);
      // explain over the socket
      g.send({ type: 'explain', id: 'e' });
      const ex = await g.waitFor('explain', (m) => m.id === 'e');
      expect(ex.seq).toBe(played);
      expect(ex.report).toEqual(JSON.parse(JSON.stringify(tft.explain(state))));
    });

    it("the GM's adjust: a player's is refused over the socket and changes nothing; the GM's is applied, stored, broadcast with its narration, the same decision still pending, and survives a reload and a replay", async () => {
      const { s1, s2, close } = await twoServers(await tdb.create());
      try {
        const { encounter, gm } = await createDuel(s1.app);
        const id = encounter.id;
        const seat = await issue(s1.app, id, gm.token, { role: 'player', figures: ['bjorn'] });
        const g = await connect(s1);
        const p = await connect(s1);
        await g.hello(id, gm.token);
        await p.hello(id, seat.token);
        g.send({ type: 'command', id: 'begin', command: { type: 'begin' } });
        const begun = await p.waitFor('step', (m) => m.entry.seq === 1);
        const fireball = { type: 'adjust', figure: 'bjorn', damage: 3, reason: 'Fireball' };
        // The player's own figure, whose decision is pending: still the GM's command.
        p.send({ type: 'command', id: 'mine', command: fireball });
        const rej = await p.waitFor('rejected', (m) => m.id === 'mine');
        expect(rej).toMatchObject({ code: 'forbidden', issues: [{ path: 'command.type', message: "'adjust' is the GM's: only the GM may adjust a figure" }] });
        await g.roundTrip();
        expect(g.messages.filter((m) => m.type === 'step').length).toBe(1);
        expect((await s1.storage.readLog(id)).length).toBe(1);
        // The GM's: acknowledged, then broadcast to both.
        g.send({ type: 'command', id: 'gm', command: fireball });
        expect((await g.waitFor('ack', (m) => m.id === 'gm')).seq).toBe(2);
        const [gs, ps] = await Promise.all([g, p].map((c) => c.waitFor('step', (m) => m.entry.seq === 2)));
        for (const st of [gs, ps]) {
          expect(st.entry.command).toEqual(fireball);
          expect(st.entry.descriptions?.[0]).toBe('[turn 1] GM: Bjorn is hit (Fireball).');
          expect(st.view.pending).toEqual(begun.view.pending);
        }
        const bjorn = (st: unknown) => (st as { figures: { id: string; wounds: number }[] }).figures.find((f) => f.id === 'bjorn');
        expect(bjorn(ps.view.state)?.wounds).toBe(3);
        const log = await s1.storage.readLog(id);
        expect(log.map((e) => e.kind === 'command' && e.body.command)).toEqual([{ type: 'begin' }, fireball]);
        // Reloaded from the database by another server, and replayed by the engine: the same state.
        const reloaded = (await s2.app.inject({ method: 'GET', url: `/api/encounters/${id}`, headers: { authorization: `Bearer ${gm.token}` } })).json();
        expect(reloaded.view.state).toEqual(gs.view.state);
        const commands = log.map((e, k) => (e.kind === 'command' ? { seq: k, command: e.body.command, faces: e.body.faces } : (null as never)));
        expect(JSON.parse(JSON.stringify(replay(tft, { system: 'tft', scenario: duelScenario(), seed: 0, commands })))).toEqual(gs.view.state);
      } finally {
        await close();
      }
    });

    it('malformed messages get an error; the connection and the encounter stay intact', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const c = await connect();
      c.send({ type: 'command', id: 'early', command: { type: 'begin' } });
      expect((await c.waitFor('error')).issues?.[0].path).toBe('type');
      const w = await c.hello(encounter.id, gm.token);
      const bad: (string | Buffer)[] = [
        '{not json',
        JSON.stringify({ type: 'dance' }),
        JSON.stringify({ type: 'command', id: 7, command: {} }),
        JSON.stringify({ type: 'command', id: 'x', command: { type: 'begin' }, faces: 'six' }),
        JSON.stringify([1, 2, 3]),
        'null',
        Buffer.from([0xff, 0x00, 0x13]),
        JSON.stringify({ type: 'ping', id: 'p', pad: 'x'.repeat(MAX_MESSAGE_BYTES + 10) }),
        'x'.repeat(3 * 1024 * 1024),
        JSON.stringify({ type: 'hello', encounterId: encounter.id, token: gm.token }),
      ];
      for (const b of bad) c.send(b);
      await c.roundTrip();
      const errors = c.messages.filter((m) => m.type === 'error');
      // The early command, then one error per bad frame.
      expect(errors.length).toBe(1 + bad.length);
      expect(errors.filter((e) => e.type === 'error' && e.code === 'too-large').length).toBe(2);
      // An unknown command and an illegal one are rejected with the field; the connection lives on.
      c.send({ type: 'command', id: 'u', command: { type: 'teleport', figure: 'bjorn' } });
      expect((await c.waitFor('rejected', (m) => m.id === 'u')).issues[0].path).toMatch(/^command/);
      c.send({ type: 'command', id: 'i', command: { type: 'attack', figure: 'bjorn', target: 'cedric' } });
      expect((await c.waitFor('rejected', (m) => m.id === 'i')).code).toBe('rejected');
      expect(c.closedWith).toBeNull();
      expect(await srv.storage.readLog(encounter.id)).toEqual([]);
      // And it still plays.
      c.send({ type: 'command', id: 'ok', command: tft.decide(w.encounter.view.state) });
      expect((await c.waitFor('ack', (m) => m.id === 'ok')).seq).toBe(1);
    });

    it('a command frame with a field named "__proto__" is refused naming it, as over HTTP: not played as plain data; the connection stays, nothing is stored, and it still plays', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const c = await connect();
      const w = await c.hello(encounter.id, gm.token);
      const begin = JSON.stringify({ type: 'command', id: 'p', command: tft.decide(w.encounter.view.state) });
      c.send(begin.replace('"command":{', '"command":{"__proto__":{"figure":"bjorn"},'));
      const err = await c.waitFor('error');
      expect(err).toMatchObject({ code: 'invalid', issues: [{ path: 'command.__proto__', message: FORBIDDEN_WHY }] });
      await c.roundTrip();
      expect(c.messages.some((m) => m.type === 'ack')).toBe(false);
      expect(c.closedWith).toBeNull();
      expect(await srv.storage.readLog(encounter.id)).toEqual([]);
      c.send(begin);
      expect((await c.waitFor('ack', (m) => m.id === 'p')).seq).toBe(1);
    });

    it('a client that reconnects with the last seq it saw receives what it missed', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const a = await connect();
      const w = await a.hello(encounter.id, gm.token);
      let state = w.encounter.view.state;
      const b = await connect();
      await b.hello(encounter.id, gm.token);
      for (let i = 1; i <= 3; i++) {
        a.send({ type: 'command', id: `a${i}`, command: tft.decide(state) });
        state = (await a.waitFor('step', (m) => m.entry.seq === i)).view.state;
      }
      await b.waitFor('step', (m) => m.entry.seq === 3);
      await b.close();
      for (let i = 4; i <= 7; i++) {
        a.send({ type: 'command', id: `a${i}`, command: tft.decide(state) });
        state = (await a.waitFor('step', (m) => m.entry.seq === i)).view.state;
      }
      const b2 = await connect();
      const wb = await b2.hello(encounter.id, gm.token, 3);
      expect(wb.missed.map((e) => e.seq)).toEqual([4, 5, 6, 7]);
      expect(wb.encounter.view.seq).toBe(7);
      expect(wb.encounter.view.state).toEqual(state);
      const aSteps = a.messages.flatMap((m) => (m.type === 'step' && m.entry.seq > 3 ? [m.entry] : []));
      expect(wb.missed).toEqual(aSteps);
      // sync asks again for anything after a seq.
      b2.send({ type: 'sync', lastSeq: 5 });
      await b2.waitFor('step', (m) => m.entry.seq === 7);
      expect(b2.messages.filter((m) => m.type === 'step').map((m) => (m.type === 'step' ? m.entry.seq : 0))).toEqual([6, 7]);
    });

    it('a revoked token is refused and its open sockets are closed with bye', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const seat = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
      const p = await connect();
      await p.hello(encounter.id, seat.token);
      const r = await srv.app.inject({ method: 'DELETE', url: `/api/encounters/${encounter.id}/tokens/${seat.id}`, headers: { authorization: `Bearer ${gm.token}` } });
      expect(r.statusCode).toBe(204);
      expect((await p.waitFor('bye')).reason).toBe('revoked');
      const again = await connect();
      again.send({ type: 'hello', encounterId: encounter.id, token: seat.token });
      expect((await again.waitFor('error')).code).toBe('unauthorized');
      const forged = await connect();
      forged.send({ type: 'hello', encounterId: encounter.id, token: 'fray_forged' });
      expect((await forged.waitFor('error')).code).toBe('unauthorized');
    });

    it('entered dice over the socket: dice-needed names each die until the command goes through', async () => {
      const { encounter, gm } = await createDuel(srv.app, { settings: { enteredDice: 'all' } });
      const c = await connect();
      await c.hello(encounter.id, gm.token);
      const faces: number[] = [];
      for (let i = 0; i < 20; i++) {
        c.send({ type: 'command', id: `d${i}`, command: { type: 'begin' }, faces });
        const m = await Promise.race([c.waitFor('ack', (x) => x.id === `d${i}`), c.waitFor('dice-needed', (x) => x.id === `d${i}`)]);
        if (m.type === 'ack') break;
        expect(m).toMatchObject({ type: 'dice-needed', id: `d${i}`, sides: 6, index: faces.length });
        if (m.type === 'dice-needed') expect(m.roll).toMatchObject({ figure: null, event: 'initiative', sides: 6, text: expect.stringMatching(/^initiative roll, die \d/) });
        faces.push((faces.length % 6) + 1); // not all equal: equal initiative rolls are rolled again
      }
      const step = await c.waitFor('step', (m) => m.entry.seq === 1);
      expect(step.entry.faces).toEqual(faces);
      expect(step.entry.entered).toBe(true);
    });

    it('two servers sharing the database: a token revoked or an encounter deleted on one closes the sockets on the other at once', async () => {
      const { s1, s2, close } = await twoServers(await tdb.create());
      try {
        const { encounter, gm } = await createDuel(s1.app);
        const id = encounter.id;
        const spec = await issue(s1.app, id, gm.token, { role: 'spectator' });
        const seat = await issue(s1.app, id, gm.token, { role: 'player', figures: ['bjorn'] });
        const watcher = await connect(s2);
        const player = await connect(s2);
        await watcher.hello(id, spec.token);
        await player.hello(id, seat.token);
        // Revoked through the first server: the spectator's socket on the second is told bye, and
        // hears no step after; the player's stays open.
        const r = await s1.app.inject({ method: 'DELETE', url: `/api/encounters/${id}/tokens/${spec.id}`, headers: { authorization: `Bearer ${gm.token}` } });
        expect(r.statusCode).toBe(204);
        expect((await watcher.waitFor('bye')).reason).toBe('revoked');
        const g = await connect(s1);
        await g.hello(id, gm.token);
        g.send({ type: 'command', id: 'after', command: { type: 'begin' } });
        await player.waitFor('step', (m) => m.entry.seq === 1);
        expect(watcher.messages.some((m) => m.type === 'step')).toBe(false);
        // Deleted through the first server: the second's sockets are told why.
        expect((await s1.app.inject({ method: 'DELETE', url: `/api/encounters/${id}`, headers: { authorization: `Bearer ${gm.token}` } })).statusCode).toBe(204);
        expect((await player.waitFor('bye')).reason).toBe('deleted');
      } finally {
        await close();
      }
    });

    it('shutting down: a command in flight is stored and acknowledged before its sender hears bye; nothing is applied after', async () => {
      const own = await startTestServer(await tdb.create());
      const storage = own.storage;
      // The next append waits for `release`, so the shutdown surely begins while it is in flight.
      let entered!: () => void;
      const inAppend = new Promise<void>((resolve) => {
        entered = resolve;
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const append = storage.append.bind(storage);
      storage.append = async (...args: Parameters<Storage['append']>) => {
        entered();
        await gate;
        return append(...args);
      };
      try {
        const { encounter, gm } = await createDuel(own.app);
        const c = await connect(own);
        const w = await c.hello(encounter.id, gm.token);
        // The step after `begin` (the server's dice are seeded per seq: the same state here).
        const next = tft.decide(step(tft, w.encounter.view.state as never, { type: 'begin' } as never, diceForSeq(TEST_SEED, 1)).state);
        c.send({ type: 'command', id: 'flight', command: { type: 'begin' } });
        c.send({ type: 'command', id: 'later', command: next });
        await inAppend;
        let shutdownBegan!: () => void;
        const began = new Promise<void>((resolve) => {
          shutdownBegan = resolve;
        });
        const shutdown = own.app.hub.shutdown.bind(own.app.hub);
        own.app.hub.shutdown = () => {
          shutdownBegan();
          return shutdown();
        };
        const closing = own.app.close();
        await began;
        // Everything the shutdown does before waiting for the room has happened by now.
        await new Promise((resolve) => setImmediate(resolve));
        release();
        expect((await c.waitFor('bye')).reason).toBe('shutdown');
        await closing;
        const kinds = c.messages.map((m) => (m.type === 'ack' ? `ack:${m.id}:${m.seq}` : m.type));
        expect(kinds.slice(1)).toEqual(['ack:flight:1', 'step', 'bye']);
        expect((await storage.readLog(encounter.id)).map((e) => e.seq)).toEqual([1]);
      } finally {
        await storage.close();
      }
    });

    it('a client that stops reading is dropped once more than maxUnread bytes wait for it, not kept in memory without end; it comes back with its last seq and catches up', async () => {
      const own = await startTestServer(await tdb.create(), undefined, { maxUnread: 64 * 1024 });
      try {
        const { encounter, gm } = await createDuel(own.app);
        const room = await own.app.hub.room(encounter.id);
        const slow = await connect(own);
        await slow.hello(encounter.id, gm.token);
        const awake = await connect(own);
        await awake.hello(encounter.id, gm.token);
        // A frozen tab: its socket reads nothing more, while it (a bug, a script) keeps asking.
        (slow.socket as unknown as { _socket: Socket })._socket.pause();
        const begun = await own.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/commands`, headers: { authorization: `Bearer ${gm.token}` }, payload: { command: { type: 'begin' } } });
        expect(begun.statusCode).toBe(200);
        for (let i = 0; i < 200 && room.sessions.size === 2; i++) {
          for (let k = 0; k < 25; k++) slow.send({ type: 'explain', id: `e${i}.${k}` });
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(room.sessions.size).toBe(1);
        // The reading client is unharmed; the slow one finds its connection gone and says hello again.
        awake.send({ type: 'explain', id: 'still' });
        expect((await awake.waitFor('explain', (m) => m.id === 'still')).seq).toBe(1);
        (slow.socket as unknown as { _socket: Socket })._socket.resume();
        await new Promise<void>((resolve) => (slow.closedWith !== null ? resolve() : slow.socket.once('close', () => resolve())));
        const back = await connect(own);
        const welcome = await back.hello(encounter.id, gm.token, 0);
        expect(welcome.missed.map((e) => e.seq)).toEqual([1]);
      } finally {
        await own.close();
      }
    });

    it('sync and the log from a seq far beyond the head answer nothing, not an error', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const c = await connect();
      await c.hello(encounter.id, gm.token, 2 ** 40);
      c.send({ type: 'sync', lastSeq: 2 ** 40 });
      await c.roundTrip();
      expect(c.messages.map((m) => m.type)).toEqual(['welcome', 'pong']);
      const r = await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/log?from=${2 ** 40}`, headers: { authorization: `Bearer ${gm.token}` } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ seq: 0, entries: [] });
    });

    // PostgreSQL only (registered, not skipped, elsewhere: an SQLite file has no LISTEN connection).
    if (tdb.name === 'postgres')
      it("PostgreSQL: a LISTEN connection ended by pg_terminate_backend comes back; a step it missed and every step after reach the other server's sockets", async () => {
        const url = await tdb.create();
        const s1 = await startTestServer(url);
        const other = await Storage.open(url);
        const s2 = await startTestServer(url, other);
        try {
          const { encounter, gm } = await createDuel(s1.app);
          const id = encounter.id;
          const b = await connect(s2);
          const start = (await b.hello(id, gm.token)).encounter.view.state;
          // A step stored with no notification: as if it was sent while the connection was down.
          const dice = new RecordingDice(diceForSeq(TEST_SEED, 1));
          const first = step(tft, start as never, { type: 'begin' } as never, dice);
          await s1.storage.db.transaction().execute(async (trx) => {
            await trx.updateTable('encounters').set({ seq: 1 }).where('id', '=', id).where('seq', '=', 0).execute();
            const body = { command: { type: 'begin' }, faces: dice.faces, entered: false, events: first.events };
            await trx.insertInto('log').values({ encounter_id: id, seq: 1, kind: 'command', body: JSON.stringify(body), role: 'gm', token_id: null, at: new Date().toISOString() }).execute();
          });
          // An administrator ends both servers' LISTEN connections.
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          try {
            const ended = await admin.query("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN fray_log'");
            expect(ended.rows).toEqual([{ ok: true }, { ok: true }]);
          } finally {
            await admin.end();
          }
          // Back (LISTEN first, then the catch-up), the second server reads the step it was never
          // told of: it reaches its socket.
          const caught = await b.waitFor('step', (m) => m.entry.seq === 1);
          expect(caught.view.state).toEqual(JSON.parse(JSON.stringify(first.state)));
          // And it hears the first server's next step through the new connection.
          const a = await connect(s1);
          await a.hello(id, gm.token);
          a.send({ type: 'command', id: 'after', command: tft.decide(first.state), expectSeq: 1 });
          expect((await a.waitFor('ack', (m) => m.id === 'after')).seq).toBe(2);
          const [sa, sb] = await Promise.all([a.waitFor('step', (m) => m.entry.seq === 2), b.waitFor('step', (m) => m.entry.seq === 2)]);
          expect(sb.view.state).toEqual(sa.view.state);
        } finally {
          await s2.close();
          await other.close();
          await s1.close();
        }
      });

    // PostgreSQL only: the database stopped mid-session, as a TCP proxy the test cuts and opens again.
    if (tdb.name === 'postgres')
      it('PostgreSQL out of reach: HTTP, the socket and health answer 503 unavailable with the reason; once it is back play goes on and nothing is lost', async () => {
        const url = new URL(await tdb.create());
        const proxy = await tcpProxy(url.hostname, Number(url.port || 5432));
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
        const own = await startTestServer(url.toString());
        try {
          const { encounter, gm } = await createDuel(own.app);
          const id = encounter.id;
          const post = (command: unknown) => own.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: { authorization: `Bearer ${gm.token}` }, payload: { command } });
          expect((await post({ type: 'begin' })).statusCode).toBe(200);
          const c = await connect(own);
          const start = (await c.hello(id, gm.token)).encounter.view;
          const next = tft.decide(start.state as never);
          await proxy.cut();
          const down = await post(next);
          expect(down.statusCode, down.body).toBe(503);
          expect(down.json()).toEqual({ error: 'unavailable', message: expect.stringMatching(/^the database is unavailable \((connect ECONNREFUSED|Connection terminated unexpectedly).*\); try again once it is back$/) });
          const health = await own.app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode).toBe(503);
          expect(health.json()).toMatchObject({ ok: false, storage: 'postgres', message: expect.stringMatching(/^the database is unavailable/) });
          c.send({ type: 'explain', id: 'x' });
          expect(await c.waitFor('rejected', (m) => m.id === 'x')).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^the database is unavailable/) });
          await proxy.open();
          expect((await own.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true, storage: 'postgres' });
          const up = await post(next);
          expect(up.statusCode, up.body).toBe(200);
          expect((await own.storage.readLog(id)).map((e) => e.seq)).toEqual([1, 2]);
          expect((await c.waitFor('step', (m) => m.entry.seq === 2)).view.seq).toBe(start.seq + 1);
        } finally {
          await own.close();
          await proxy.close();
        }
      });

    it('two servers sharing the database serve the same encounter: a step on one reaches clients of the other', async () => {
      const { s1, s2, close } = await twoServers(await tdb.create());
      try {
        const { encounter, gm } = await createDuel(s1.app);
        const a = await connect(s1);
        const b = await connect(s2);
        const wa = await a.hello(encounter.id, gm.token);
        await b.hello(encounter.id, gm.token);
        let state = wa.encounter.view.state;
        for (let i = 1; i <= 6; i++) {
          // Alternate the writer: each server must catch up with the other's entries first.
          const [w, r] = i % 2 ? [a, b] : [b, a];
          w.send({ type: 'command', id: `m${i}`, command: tft.decide(state), expectSeq: i - 1 });
          expect((await w.waitFor('ack', (m) => m.id === `m${i}`)).seq).toBe(i);
          const [sw, sr] = await Promise.all([w.waitFor('step', (m) => m.entry.seq === i), r.waitFor('step', (m) => m.entry.seq === i)]);
          expect(sr.view.state).toEqual(sw.view.state);
          state = sw.view.state;
        }
        // Racing writers for the same step: exactly one wins, the other is told conflict.
        const cmd = tft.decide(state);
        a.send({ type: 'command', id: 'race-a', command: cmd, expectSeq: 6 });
        b.send({ type: 'command', id: 'race-b', command: cmd, expectSeq: 6 });
        const outcome = await Promise.all(
          [a, b].map((c, k) =>
            Promise.race([
              c.waitFor('ack', (m) => m.id === `race-${'ab'[k]}`),
              c.waitFor('rejected', (m) => m.id === `race-${'ab'[k]}`),
            ]),
          ),
        );
        expect(outcome.map((m) => m.type).sort()).toEqual(['ack', 'rejected']);
        const lost = outcome.find((m) => m.type === 'rejected');
        expect(lost?.type === 'rejected' && lost.code).toBe('conflict');
        expect((await s1.storage.readLog(encounter.id)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      } finally {
        await close();
      }
    });
  });
}

/**
 * A TCP proxy to host:port on a loopback port: `cut` ends every connection through it and
 * refuses new ones (a database stopped), `open` listens again on the same port.
 */
async function tcpProxy(host: string, port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = netConnect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (p: number) => new Promise<void>((resolve) => server.listen(p, '127.0.0.1', () => resolve()));
  await listen(0);
  const own = (server.address() as AddressInfo).port;
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return { port: own, cut, open: () => listen(own), close: cut };
}
