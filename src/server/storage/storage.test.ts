// One storage suite, run on every database the environment offers (SQLite always, PostgreSQL
// when FRAY_TEST_PG is set): see test-databases.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EncounterSettings } from '../protocol.ts';
import { migrations } from './schema.ts';
import { type LogEntry, SeqConflict, Storage } from './storage.ts';
import { testDatabases } from './test-databases.ts';

/** The project's root, where the child process finds the sources. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const settings = EncounterSettings.parse({});
let counter = 0;
const newId = () => `enc-${process.pid}-${++counter}`;
const at = (n = 0) => new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString();

async function makeEncounter(s: Storage, id = newId()) {
  await s.createEncounter(
    { id, name: `fight ${id}`, system: 'tft', scenario: { system: 'tft', figures: [{ id: 'a' }] }, settings, at: at() },
    { id: `gm-${id}`, hash: `hash-gm-${id}`, role: 'gm', figures: [], label: 'GM', createdAt: at() },
  );
  return id;
}

const cmd = (n: number): Omit<LogEntry, 'seq'> => ({
  kind: 'command',
  body: { command: { n }, faces: [(n % 6) + 1], entered: false, events: [{ type: 'x', turn: n }] },
  role: 'gm',
  tokenId: null,
  at: at(n),
});

/** A bare Kysely on a test database's URL (no migrations run): to build a database as an older Fray left it. */
// biome-ignore lint/suspicious/noExplicitAny: the tables of an older schema
function oldKysely(url: string): Kysely<any> {
  return url.startsWith('postgres')
    ? new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) })
    : new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(url.replace(/^sqlite:/, '')) }) });
}

for (const tdb of testDatabases()) {
  describe(`storage on ${tdb.name}`, () => {
    const opened: Storage[] = [];
    const open = async (url?: string) => {
      const s = await Storage.open(url ?? (await tdb.create()));
      opened.push(s);
      return s;
    };
    afterAll(async () => {
      for (const s of opened) await s.close();
      await tdb.cleanup();
    });

    it('stores an encounter with its scenario, settings and GM token', async () => {
      const s = await open();
      const id = await makeEncounter(s);
      const e = await s.getEncounter(id);
      expect(e).toMatchObject({ id, name: `fight ${id}`, system: 'tft', seq: 0, over: false, winner: null, winnerName: null });
      expect(e?.scenario).toEqual({ system: 'tft', figures: [{ id: 'a' }] });
      expect(e?.settings).toEqual(settings);
      const t = await s.findTokenByHash(`hash-gm-${id}`);
      expect(t).toMatchObject({ id: `gm-${id}`, encounterId: id, role: 'gm', figures: [], revokedAt: null });
      expect(await s.getEncounter('nope')).toBeNull();
    });

    it('migrating twice is harmless (a second process opening the same database)', async () => {
      const url = await tdb.create();
      // PostgreSQL: both at once. SQLite: a file serves one process at a time, so the second
      // opens it once the first has closed it.
      const a = tdb.name === 'sqlite' ? await Storage.open(url) : await open(url);
      const id = await makeEncounter(a);
      if (tdb.name === 'sqlite') await a.close();
      const b = await open(url);
      expect((await b.getEncounter(id))?.id).toBe(id);
    });

    it('a database made by 001 alone (before winner_name) migrates on open: its over rows keep their winner (no name where the scenario cannot be set up), and new appends store the name', async () => {
      const url = await tdb.create();
      const old = oldKysely(url);
      const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => ({ '001_initial': (await migrations.getMigrations())['001_initial'] }) } }).migrateToLatest();
      expect(error).toBeUndefined();
      const row = { name: 'old fight', system: 'tft', scenario: '{}', settings: JSON.stringify(settings), created_at: at(), updated_at: at(), seq: 0 };
      await old.insertInto('encounters').values([{ ...row, id: 'old-over', over: 1, winner: 'red' }, { ...row, id: 'old-on', over: 0, winner: null }]).execute();
      await old.destroy();
      const s = await open(url);
      expect(await s.getEncounter('old-over')).toMatchObject({ over: true, winner: 'red', winnerName: null });
      await s.append('old-on', 0, cmd(1), { over: true, winner: 'blue', winnerName: 'the Blue Guard' });
      expect(await s.getEncounter('old-on')).toMatchObject({ over: true, winner: 'blue', winnerName: 'the Blue Guard' });
    });

    it("a database migrated to 002 before its finished encounters were named gets their winner's side name on open (from the latest snapshot's state, else the state the system sets up from the scenario), for every row over with a winner and no name", async () => {
      const url = await tdb.create();
      const old = oldKysely(url);
      const all = await migrations.getMigrations();
      const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => ({ '001_initial': all['001_initial'], '002_winner_name': all['002_winner_name'] }) } }).migrateToLatest();
      expect(error).toBeUndefined();
      const fighter = (id: string, side: string, q: number) => ({ id, side, st: 12, dx: 12, weapons: ['broadsword'], at: { q, r: 3 }, facing: 0 });
      const scenario = JSON.stringify({ system: 'tft', name: 'ford', sides: [{ id: 'north', name: 'the Northmen' }, { id: 'south' }], figures: [fighter('a', 'north', 2), fighter('b', 'south', 5)] });
      const row = { name: 'old fight', system: 'tft', scenario, settings: JSON.stringify(settings), created_at: at(), updated_at: at(), seq: 3, over: 1, winner: 'north', winner_name: null };
      await old
        .insertInto('encounters')
        .values([
          { ...row, id: 'named' },
          { ...row, id: 'no-name', winner: 'south' },
          { ...row, id: 'already', winner_name: 'the North Watch' },
          { ...row, id: 'on', over: 0, winner: null },
          { ...row, id: 'draw', winner: null },
          { ...row, id: 'broken', scenario: '{}' },
          { ...row, id: 'unknown-system', system: 'chess' },
          { ...row, id: 'snapshot', scenario: '{}', seq: 50 },
        ])
        .execute();
      // Its latest snapshot names the side (a scenario this build no longer sets up): read from there.
      const snapshot = (seq: number, name: string) => ({ encounter_id: 'snapshot', seq, body: JSON.stringify({ state: { sideNames: { north: name } }, line: [] }) });
      await old.insertInto('snapshots').values([snapshot(50, 'the North at 50'), snapshot(25, 'the North at 25')]).execute();
      await old.destroy();
      const s = await open(url);
      const names = Object.fromEntries((await s.listEncounters(['named', 'no-name', 'already', 'on', 'draw', 'broken', 'unknown-system', 'snapshot'])).map((e) => [e.id, [e.over, e.winner, e.winnerName]]));
      expect(names).toEqual({
        named: [true, 'north', 'the Northmen'],
        'no-name': [true, 'south', null],
        already: [true, 'north', 'the North Watch'],
        on: [false, null, null],
        draw: [true, null, null],
        broken: [true, 'north', null],
        'unknown-system': [true, 'north', null],
        snapshot: [true, 'north', 'the North at 50'],
      });
    });

    it('appends with compare-and-set: the right seq wins, a stale one writes nothing', async () => {
      const s = await open();
      const id = await makeEncounter(s);
      expect(await s.append(id, 0, cmd(1), { over: false, winner: null, winnerName: null })).toBe(1);
      expect(await s.append(id, 1, cmd(2), { over: true, winner: 'red', winnerName: 'the Red Company' })).toBe(2);
      await expect(s.append(id, 1, cmd(99), { over: false, winner: null, winnerName: null })).rejects.toBeInstanceOf(SeqConflict);
      await expect(s.append(id, 5, cmd(99), { over: false, winner: null, winnerName: null })).rejects.toBeInstanceOf(SeqConflict);
      await expect(s.append('missing', 0, cmd(99), { over: false, winner: null, winnerName: null })).rejects.toBeInstanceOf(SeqConflict);
      const log = await s.readLog(id);
      expect(log.map((e) => e.seq)).toEqual([1, 2]);
      expect(log.map((e) => (e.body as { command: { n: number } }).command.n)).toEqual([1, 2]);
      expect(log[0]).toMatchObject({ kind: 'command', role: 'gm', tokenId: null, at: at(1) });
      const e = await s.getEncounter(id);
      expect(e).toMatchObject({ seq: 2, over: true, winner: 'red', winnerName: 'the Red Company', updatedAt: at(2) });
      expect((await s.readLog(id, 1)).map((x) => x.seq)).toEqual([2]);
      expect((await s.readLog(id, 0, 1)).map((x) => x.seq)).toEqual([1]);
    });

    it('two writers racing for the same step: exactly one wins, the other gets SeqConflict', async () => {
      const url = await tdb.create();
      const a = await open(url);
      // PostgreSQL: two pools, as two server processes. SQLite: one process owns the file, and
      // its writers share one connection (Kysely queues their transactions).
      const b = tdb.name === 'postgres' ? await open(url) : a;
      const id = await makeEncounter(a);
      for (let step = 0; step < 10; step++) {
        const results = await Promise.allSettled([
          a.append(id, step, cmd(100 + step), { over: false, winner: null, winnerName: null }),
          b.append(id, step, cmd(200 + step), { over: false, winner: null, winnerName: null }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
        const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(lost.reason).toBeInstanceOf(SeqConflict);
      }
      expect((await a.readLog(id)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    it('property: any interleaving of appends with guessed seqs leaves a gapless log of the winners', async () => {
      const s = await open();
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 25 }), async (guesses) => {
          const id = await makeEncounter(s);
          const won: number[] = [];
          for (const [i, g] of guesses.entries()) {
            try {
              won.push(await s.append(id, g, cmd(i), { over: false, winner: null, winnerName: null }));
            } catch (e) {
              if (!(e instanceof SeqConflict)) throw e;
            }
          }
          const log = await s.readLog(id);
          expect(log.map((e) => e.seq)).toEqual(won);
          expect(won).toEqual(won.map((_, k) => k + 1));
          expect((await s.getEncounter(id))?.seq).toBe(won.length);
        }),
        { numRuns: 25 },
      );
    });

    it('stores rewind entries beside commands', async () => {
      const s = await open();
      const id = await makeEncounter(s);
      await s.append(id, 0, cmd(1), { over: false, winner: null, winnerName: null });
      await s.append(id, 1, { kind: 'rewind', body: { to: 0 }, role: 'gm', tokenId: 'gm-x', at: at(3) }, { over: false, winner: null, winnerName: null });
      const log = await s.readLog(id);
      expect(log[1]).toEqual({ seq: 2, kind: 'rewind', body: { to: 0 }, role: 'gm', tokenId: 'gm-x', at: at(3) });
    });

    it('keeps snapshots and finds the latest one at or before a seq', async () => {
      const s = await open();
      const id = await makeEncounter(s);
      expect(await s.latestSnapshot(id)).toBeNull();
      await s.putSnapshot(id, { seq: 3, state: { hp: 3 }, line: [1, 2, 3] });
      await s.putSnapshot(id, { seq: 7, state: { hp: 7 }, line: [1, 2, 6, 7] });
      await s.putSnapshot(id, { seq: 7, state: { hp: 7 }, line: [1, 2, 6, 7] }); // a second process's copy
      expect(await s.latestSnapshot(id)).toEqual({ seq: 7, state: { hp: 7 }, line: [1, 2, 6, 7] });
      expect((await s.latestSnapshot(id, 6))?.seq).toBe(3);
      expect(await s.snapshotLines(id)).toEqual([
        { seq: 3, line: [1, 2, 3] },
        { seq: 7, line: [1, 2, 6, 7] },
      ]);
      expect((await s.getSnapshot(id, 3))?.state).toEqual({ hp: 3 });
    });

    it('issues, finds, lists and revokes tokens by hash', async () => {
      const s = await open();
      const id = await makeEncounter(s);
      await s.insertToken({ id: 'p1', encounterId: id, hash: `h-p1-${id}`, role: 'player', figures: ['a', 'b'], label: 'Ann', createdAt: at(1) });
      await s.insertToken({ id: 's1', encounterId: id, hash: `h-s1-${id}`, role: 'spectator', figures: [], label: '', createdAt: at(2) });
      expect(await s.findTokenByHash(`h-p1-${id}`)).toMatchObject({ role: 'player', figures: ['a', 'b'], label: 'Ann' });
      expect((await s.findTokensByHash([`h-p1-${id}`, `h-s1-${id}`, 'none'])).map((t) => t.id).sort()).toEqual(['p1', 's1']);
      expect((await s.listTokens(id)).map((t) => t.id)).toEqual([`gm-${id}`, 'p1', 's1']);
      expect(await s.revokeToken(id, 'p1', at(5))).toBe(true);
      expect(await s.revokeToken(id, 'p1', at(6))).toBe(false);
      expect(await s.revokeToken('other', 's1', at(6))).toBe(false);
      expect((await s.findTokenByHash(`h-p1-${id}`))?.revokedAt).toBe(at(5));
    });

    it('lists encounters (the last changed first) and tokens (by issue time) in one order on both databases: ties by id, by code units, whatever the collation', async () => {
      const s = await open();
      // Made in the same millisecond, in an order that is none of the sorted ones.
      const ids = ['b-tie', '_c-tie', 'a-tie', 'C-tie'];
      for (const id of ids) await makeEncounter(s, id);
      expect((await s.listEncounters(ids)).map((e) => e.id)).toEqual(['C-tie', '_c-tie', 'a-tie', 'b-tie']);
      await s.append('a-tie', 0, cmd(1), { over: false, winner: null, winnerName: null });
      expect((await s.listEncounters(ids)).map((e) => e.id)).toEqual(['a-tie', 'C-tie', '_c-tie', 'b-tie']);
      for (const id of ['z', 'Y', '_x']) await s.insertToken({ id, encounterId: 'b-tie', hash: `h-${id}-tie`, role: 'spectator', figures: [], label: '', createdAt: at() });
      expect((await s.listTokens('b-tie')).map((t) => t.id)).toEqual(['Y', '_x', 'gm-b-tie', 'z']);
    });

    it('updates settings and deletes an encounter with its log, snapshots and tokens', async () => {
      const s = await open();
      const id = await makeEncounter(s);
      const other = await makeEncounter(s);
      await s.updateSettings(id, (old) => ({ ...old, hideEnemyStats: true }), at(9));
      expect((await s.getEncounter(id))?.settings.hideEnemyStats).toBe(true);
      // Each change builds on the stored settings, never on a copy read before another's write.
      await Promise.all([s.updateSettings(id, (old) => ({ ...old, enteredDice: 'gm' }), at(9)), s.updateSettings(id, (old) => ({ ...old, notes: [{ id: 'n1', text: 'troll', hidden: true }] }), at(9))]);
      expect((await s.getEncounter(id))?.settings).toMatchObject({ hideEnemyStats: true, enteredDice: 'gm', notes: [{ id: 'n1' }] });
      expect(await s.updateSettings('gone', (old) => old, at(9))).toBeUndefined();
      await s.append(id, 0, cmd(1), { over: false, winner: null, winnerName: null });
      await s.putSnapshot(id, { seq: 1, state: {}, line: [1] });
      expect((await s.listEncounters([id, other, 'x'])).map((e) => e.id).sort()).toEqual([id, other].sort());
      expect(await s.deleteEncounter(id)).toBe(true);
      expect(await s.deleteEncounter(id)).toBe(false);
      expect(await s.getEncounter(id)).toBeNull();
      expect(await s.readLog(id)).toEqual([]);
      expect(await s.latestSnapshot(id)).toBeNull();
      expect(await s.findTokenByHash(`hash-gm-${id}`)).toBeNull();
      expect(await s.getEncounter(other)).not.toBeNull();
    });

    it('tells every subscriber sharing the database about appends (NOTIFY on PostgreSQL)', async () => {
      const url = await tdb.create();
      const a = await open(url);
      // SQLite has one process: subscribers of the same Storage hear it. PostgreSQL: another one does.
      const b = tdb.name === 'postgres' ? await open(url) : a;
      const id = await makeEncounter(a);
      const heard = new Promise<[string, number]>((resolve) => {
        const off = b.onAppend((eid, seq) => {
          if (eid === id) {
            off();
            resolve([eid, seq]);
          }
        });
      });
      await a.append(id, 0, cmd(1), { over: false, winner: null, winnerName: null });
      expect(await heard).toEqual([id, 1]);
    });

    // SQLite only (registered, not skipped, elsewhere: PostgreSQL has no files).
    if (tdb.name === 'sqlite')
      it('SQLite: a file another process (or storage) has open is refused at once, naming the file; a process killed while holding it leaves no lock', async () => {
        const url = await tdb.create();
        const path = url.slice('sqlite:'.length);
        const busy = `cannot use the SQLite file ${path}: another process has it open (another fray serve?)`;
        const first = await Storage.open(url);
        const id = await makeEncounter(first);
        await expect(Storage.open(url)).rejects.toThrow(busy);
        await first.close();
        // Another process holds it, and is killed with SIGKILL while it does.
        const code = `const { Storage } = await import('./src/server/storage/storage.ts'); await Storage.open(process.argv[1]); console.log('holding'); setInterval(() => {}, 1000);`;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        try {
          await new Promise<void>((resolve, reject) => {
            let err = '';
            child.stderr?.on('data', (d) => {
              err += String(d);
            });
            child.stdout?.on('data', (d) => {
              if (String(d).includes('holding')) resolve();
            });
            child.once('exit', (c) => reject(new Error(`the holding process exited (${c}): ${err}`)));
          });
          await expect(Storage.open(url)).rejects.toThrow(busy);
        } finally {
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await gone;
        }
        const again = await open(url);
        expect((await again.getEncounter(id))?.id).toBe(id);
      });

    // SQLite only (registered, not skipped, elsewhere: PostgreSQL has no files).
    if (tdb.name === 'sqlite')
      it('SQLite: a file that is not a database, or holds another program\'s tables, is refused with its path and the reason, and left as it was', async () => {
        const dir = mkdtempSync(join(tmpdir(), 'fray-foreign-'));
        try {
          const junk = join(dir, 'junk.db');
          writeFileSync(junk, 'these bytes are no SQLite database, whatever the name says. '.repeat(20));
          await expect(Storage.open(`sqlite:${junk}`)).rejects.toThrow(`cannot use the SQLite file ${junk}: file is not a database (is it a SQLite file?)`);
          const other = join(dir, 'other.db');
          const file = new SqliteDatabase(other);
          file.exec('create table people (name text); insert into people values (\'Ann\')');
          file.close();
          await expect(Storage.open(`sqlite:${other}`)).rejects.toThrow(`cannot use the SQLite file ${other}: not a Fray database: it holds another program's tables (people); give Fray a file of its own`);
          const again = new SqliteDatabase(other, { readonly: true });
          expect(again.prepare("select name from sqlite_master where type = 'table'").all()).toEqual([{ name: 'people' }]);
          expect(again.pragma('journal_mode', { simple: true })).toBe('delete');
          again.close();
          // A Fray file opens again, and a missing directory is made.
          const fresh = `sqlite:${join(dir, 'sub', 'dir', 'fray.db')}`;
          await (await Storage.open(fresh)).close();
          await (await Storage.open(fresh)).close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });

    // PostgreSQL only (registered, not skipped, elsewhere: SQLite has no server to drop connections).
    if (tdb.name === 'postgres')
      it('PostgreSQL: idle connections the server drops are reported, not fatal; close waits until every connection has ended', async () => {
      const url = await tdb.create();
      const s = await Storage.open(url);
      const errors: Error[] = [];
      s.onError((e) => errors.push(e));
      await makeEncounter(s);
      // An administrator (or a restart) ends every connection of this storage, idle ones included.
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const db = new URL(url).pathname.slice(1);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db]);
      for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors.length).toBeGreaterThan(0);
      // Each says which connection was lost and why, and carries nothing else to a log (the
      // pool hangs the whole client, its buffers and parameters, on its error).
      for (const e of errors) {
        expect(e.message).toMatch(/^(an idle PostgreSQL connection of the pool|the PostgreSQL connection listening on fray_log) was lost: terminating connection due to administrator command$/);
        expect(Object.keys(e)).toEqual(['code']);
        expect((e as { code?: unknown }).code).toBe('57P01');
      }
      // The pool replaces the dropped connections.
      expect(await s.getEncounter('none')).toBeNull();
      await s.close();
      // Every connection of this storage is gone when close returns.
      const left = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db]);
      expect(left.rows[0].n).toBe(0);
      await admin.end();
    });
  });
}
