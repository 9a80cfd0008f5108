// The database going away as a command commits (its answer `unavailable`, yet it was stored), on
// SQLite with the fault injected: sent again with `expectSeq`, it gets `conflict`, after its own
// step, and the log shows it by the sender's token. The web table (web/src/api/client.ts) reads
// that as "it landed"; docs/SERVER.md says so.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogResponse } from './protocol.ts';
import { testDatabases } from './storage/test-databases.ts';
import { TestClient, type TestServer, bearer, createDuel, startTestServer } from './test-helpers.ts';

const sqlite = testDatabases().filter((t) => t.name === 'sqlite');

for (const tdb of sqlite) {
  describe(`a command stored as the database went away, on ${tdb.name}`, () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(await tdb.create());
    });
    afterAll(async () => {
      await srv.close();
      await tdb.cleanup();
    });

    it('is answered unavailable; sent again with expectSeq it is refused as stale after its own step, which the log shows by its token', async () => {
      const { encounter, gm } = await createDuel(srv.app);
      const c = await TestClient.connect(srv.ws);
      const welcome = await c.hello(encounter.id, gm.token);
      const at = welcome.encounter.view.seq;
      const append = srv.storage.append.bind(srv.storage);
      // Committed, then the connection was lost before the answer came back.
      const lost = vi.spyOn(srv.storage, 'append').mockImplementationOnce(async (...args) => {
        await append(...args);
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      });
      try {
        c.send({ type: 'command', id: 'first', command: { type: 'begin' } });
        expect(await c.waitFor('rejected', (m) => m.id === 'first')).toMatchObject({ code: 'unavailable', message: 'the database is unavailable (read ECONNRESET); try again once it is back' });
        c.send({ type: 'command', id: 'again', command: { type: 'begin' }, expectSeq: at });
        await c.waitFor('rejected', (m) => m.id === 'again' && m.code === 'conflict');
      } finally {
        lost.mockRestore();
      }
      // Its step reached the socket before the refusal, by this token.
      const step = c.messages.findIndex((m) => m.type === 'step' && m.entry.seq === at + 1);
      const refusal = c.messages.findIndex((m) => m.type === 'rejected' && m.id === 'again');
      expect(step).toBeGreaterThan(-1);
      expect(step).toBeLessThan(refusal);
      const log = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${encounter.id}/log?from=${at}`, headers: bearer(gm.token) })).json() as LogResponse;
      expect(log.entries.map((e) => [e.seq, e.kind, e.by.tokenId, e.command])).toEqual([[at + 1, 'command', welcome.tokenId, { type: 'begin' }]]);
      await c.close();
    });
  });
}
