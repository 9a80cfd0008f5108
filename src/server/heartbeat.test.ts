// WebSocket liveness against a real server on loopback: a socket that answers no ping, or does
// not join with hello in time (none said, or the database unavailable for it), is closed and
// leaves its room's sessions; a hello that failed may be said again. The waits are run by hand.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Timer } from './heartbeat.ts';
import { testDatabases } from './storage/test-databases.ts';
import { TestClient, type TestServer, bearer, createDuel, startTestServer } from './test-helpers.ts';

const PING_MS = 1000;
const HELLO_MS = 2000;

/** A Timer whose waits run when the test says (`run(ms)`: every wait of `ms` pending now). */
function handTimer() {
  const due: { ms: number; fn: () => void }[] = [];
  const timer: Timer = (ms, fn) => {
    const wait = { ms, fn };
    due.push(wait);
    return () => {
      if (due.includes(wait)) due.splice(due.indexOf(wait), 1);
    };
  };
  const run = (ms: number) => {
    for (const wait of due.filter((w) => w.ms === ms)) {
      due.splice(due.indexOf(wait), 1);
      wait.fn();
    }
  };
  return { timer, run, pending: (ms: number) => due.filter((w) => w.ms === ms).length };
}

/** The close code and reason the client gets (already closed or coming). */
const closing = (c: TestClient): Promise<[number, string]> =>
  c.closedWith !== null ? Promise.resolve([c.closedWith, '']) : once(c.socket, 'close').then(([code, reason]) => [code as number, String(reason)]);

for (const tdb of testDatabases()) {
  describe(`WebSocket liveness on ${tdb.name}`, () => {
    const hand = handTimer();
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(await tdb.create(), undefined, { heartbeat: { pingEveryMs: PING_MS, helloWithinMs: HELLO_MS, timer: hand.timer } });
    });
    afterAll(async () => {
      await srv.close();
      await tdb.cleanup();
    });

    it('a socket that answers no ping (a laptop asleep, a NAT that forgot it) is cut at the next ping and leaves its room; one that answers stays', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const quiet = await TestClient.connect(srv.ws, { autoPong: false });
      const awake = await TestClient.connect(srv.ws);
      await quiet.hello(encounter.id, gm.token);
      await awake.hello(encounter.id, gm.token);
      const room = await srv.app.hub.room(encounter.id);
      expect(room.sessions.size).toBe(2);

      const pinged = Promise.all([once(quiet.socket, 'ping'), once(awake.socket, 'ping')]);
      hand.run(PING_MS);
      await pinged;
      // The pong went out before this frame: the server has heard it when the answer comes.
      await awake.roundTrip();
      expect(room.sessions.size).toBe(2);

      hand.run(PING_MS);
      const [code] = await closing(quiet);
      expect(code).toBe(1006); // cut, no closing handshake
      expect(room.sessions.size).toBe(1);
      // Its waits are gone with it: one ping wait left, the awake socket's.
      expect(hand.pending(PING_MS)).toBe(1);
      await awake.roundTrip();
      expect(awake.closedWith).toBeNull();
      await awake.close();
    });

    it('a socket that says no hello in time is closed, saying why; one that said it stays', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const mute = await TestClient.connect(srv.ws);
      const joined = await TestClient.connect(srv.ws);
      await joined.hello(encounter.id, gm.token);
      hand.run(HELLO_MS);
      expect(await closing(mute)).toEqual([1008, 'no hello within 2 s']);
      await joined.roundTrip();
      expect(joined.closedWith).toBeNull();
      expect((await srv.app.hub.room(encounter.id)).sessions.size).toBe(1);
      await joined.close();
    });

    it('a hello answered unavailable (the database out of reach) leaves the socket out of the room, and closed once its wait ends', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const down = vi.spyOn(srv.storage, 'findTokenByHash').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      try {
        const c = await TestClient.connect(srv.ws);
        c.send({ type: 'hello', encounterId: encounter.id, token: gm.token });
        expect(await c.waitFor('error')).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^the database is unavailable \(connect ECONNREFUSED/) });
        expect((await srv.app.hub.room(encounter.id)).sessions.size).toBe(0);
        hand.run(HELLO_MS);
        expect(await closing(c)).toEqual([1008, 'no hello within 2 s']);
      } finally {
        down.mockRestore();
      }
    });

    it('a hello whose join failed (the log unreadable: the database out of reach) may be said again on the same socket', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const begun = await srv.app.inject({ method: 'POST', url: `/api/encounters/${encounter.id}/commands`, headers: bearer(gm.token), payload: { command: { type: 'begin' } } });
      expect(begun.statusCode).toBe(200);
      const down = vi.spyOn(srv.storage, 'readLog').mockRejectedValueOnce(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_READ' }));
      const c = await TestClient.connect(srv.ws);
      try {
        c.send({ type: 'hello', encounterId: encounter.id, token: gm.token, lastSeq: 0 });
        expect(await c.waitFor('error')).toMatchObject({ code: 'unavailable', message: 'the database is unavailable (disk I/O error); try again once it is back' });
      } finally {
        down.mockRestore();
      }
      const welcome = await c.hello(encounter.id, gm.token, 0);
      expect(welcome.missed.map((e) => e.seq)).toEqual([1]);
      expect((await srv.app.hub.room(encounter.id)).sessions.size).toBe(1);
      // Joined: the wait for hello no longer closes it.
      hand.run(HELLO_MS);
      await c.roundTrip();
      expect(c.closedWith).toBeNull();
      await c.close();
    });
  });
}
