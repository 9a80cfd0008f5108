// The rooms the hub keeps in memory: beyond the limit, idle ones are dropped least recently
// used first and only down to the limit; a room with sessions or a join in progress stays.
// On every test database.
import { afterAll, describe, expect, it } from 'vitest';
import { Hub } from './hub.ts';
import type { ServerMessage } from './protocol.ts';
import type { Session } from './room.ts';
import { Storage } from './storage/storage.ts';
import { testDatabases } from './storage/test-databases.ts';

const quiet = { error: () => undefined, warn: () => undefined };

/** A session that keeps what it is sent. */
function session(): Session & { got: ServerMessage[] } {
  const got: ServerMessage[] = [];
  return {
    got,
    viewer: { role: 'spectator', figures: [] },
    tokenId: 'watcher',
    send: (m) => got.push(m),
    sendText: (t) => got.push(JSON.parse(t)),
    close: () => undefined,
  };
}

for (const tdb of testDatabases()) {
  describe(`rooms in memory on ${tdb.name}`, () => {
    afterAll(() => tdb.cleanup());

    const open = async (maxIdleRooms: number) => {
      const storage = await Storage.open(await tdb.create());
      const hub = new Hub(storage, quiet, undefined, undefined, {}, { maxIdleRooms });
      const duel = async () => {
        const c = await hub.create({ example: 'tft/duel' });
        return { id: c.encounter.id, gm: c.gm.token };
      };
      return { storage, hub, duel };
    };

    it('two settings changes at once both land: each builds on the stored settings, not on a copy read before the other was written', async () => {
      const { storage, hub, duel } = await open(3);
      try {
        const { id, gm } = await duel();
        const row = await hub.authenticate(id, gm);
        const notes = [{ id: 'n1', text: 'The ford is slippery', hidden: false }];
        await Promise.all([hub.updateSettings(id, row, { notes }), hub.updateSettings(id, row, { hideEnemyStats: true })]);
        expect((await storage.getEncounter(id))?.settings).toMatchObject({ notes, hideEnemyStats: true });
        expect((await hub.room(id)).settings).toMatchObject({ notes, hideEnemyStats: true });
      } finally {
        await hub.shutdown();
        await storage.close();
      }
    });

    it('beyond the limit, idle rooms are dropped least recently used first, and only down to the limit', async () => {
      const { storage, hub, duel } = await open(3);
      try {
        const [a, b, c, d] = [await duel(), await duel(), await duel(), await duel()];
        // The fourth room pushed out the least recently used one, and no other.
        expect(hub.residentRooms()).toEqual([b.id, c.id, d.id]);
        // A use makes a room the most recently used: the next one loaded pushes out c, not b.
        const roomB = await hub.room(b.id);
        const e = await duel();
        expect(hub.residentRooms()).toEqual([d.id, b.id, e.id]);
        expect(await hub.room(b.id)).toBe(roomB); // (a use again: b is the most recent)
        // A dropped room comes back on demand, from the database, pushing out the least recent.
        expect((await hub.room(a.id)).id).toBe(a.id);
        expect(hub.residentRooms()).toEqual([e.id, b.id, a.id]);
      } finally {
        await hub.shutdown();
        await storage.close();
      }
    });

    it('a room with a join in progress or with sessions is never dropped: the joined session hears every later step', async () => {
      const { storage, hub, duel } = await open(2);
      try {
        const watched = await duel();
        // The join waits (as a socket's hello may, between finding the room and joining it)
        // while other encounters are loaded, each past the limit.
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const s = session();
        const joined = hub.withRoom(watched.id, async (room) => {
          await gate;
          await room.join(s, undefined);
          return room;
        });
        for (let i = 0; i < 3; i++) await duel();
        expect(hub.residentRooms()).toContain(watched.id);
        release();
        const room = await joined;
        // Now it has a session: still never dropped.
        for (let i = 0; i < 3; i++) await duel();
        expect(hub.residentRooms()).toContain(watched.id);
        expect(hub.residentRooms().length).toBe(2);
        // The room the session joined is the one the encounter's commands go to.
        expect(await hub.room(watched.id)).toBe(room);
        const gm = await hub.authenticate(watched.id, watched.gm);
        await (await hub.room(watched.id)).submit(gm, { command: { type: 'begin' } });
        expect(s.got.map((m) => (m.type === 'step' ? `step ${m.entry.seq}` : m.type))).toEqual(['welcome', 'step 1']);
        // Once the session leaves, the room is idle: two rooms loaded later push it out.
        room.leave(s);
        const [y, z] = [await duel(), await duel()];
        expect(hub.residentRooms()).toEqual([y.id, z.id]);
      } finally {
        await hub.shutdown();
        await storage.close();
      }
    });
  });
}
