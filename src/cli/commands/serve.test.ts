import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Storage } from '../../server/storage/storage.ts';
import { testDatabases } from '../../server/storage/test-databases.ts';
import { main } from '../main.ts';

describe('fray serve', () => {
  it('refuses a bad port, naming the option, with a non-zero exit', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['node', 'fray', 'serve', '--port', 'eighty'], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      readFile: () => '',
    });
    expect(code).not.toBe(0);
    expect(err.join('\n')).toContain('--port');
    expect(out).toEqual([]);
  });

  /** `fray serve ARGS` with the output caught. */
  async function serve(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['node', 'fray', 'serve', ...args], { out: (t) => out.push(t), err: (t) => err.push(t), readFile: () => '' });
    return { code, out, err: err.join('\n') };
  }

  it('a port in use, or a database it cannot use, is bad input naming the option (exit 1), not an internal error with a stack (exit 70)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-serve-'));
    const taken = createServer();
    try {
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const port = (taken.address() as { port: number }).port;
      const inUse = await serve(['--port', String(port), '--db', `sqlite:${join(dir, 'a.db')}`]);
      expect([inUse.code, inUse.err, inUse.out]).toEqual([1, `fray: invalid option: --port: ${port} is in use on 127.0.0.1 (another fray serve?): stop it or give another --port`, []]);
      // The database it opened was let go: another server may have it now.
      await (await Storage.open(`sqlite:${join(dir, 'a.db')}`)).close();
      const junk = join(dir, 'junk.db');
      writeFileSync(junk, 'no SQLite here. '.repeat(64));
      const notDb = await serve(['--port', '0', '--db', `sqlite:${junk}`]);
      expect([notDb.code, notDb.err]).toEqual([1, `fray: invalid option: --db: cannot use the SQLite file ${junk}: file is not a database (is it a SQLite file?)`]);
      const sync = await serve(['--port', '0', '--db', `sqlite:${join(dir, 'b.db')}?synchronous=bad`]);
      expect([sync.code, sync.err]).toEqual([1, "fray: invalid option: --db: synchronous must be full or normal, got 'bad'"]);
      // No PostgreSQL where the URL says (a port nothing listens on): the URL, the reason, what to check; its password hidden.
      const free = createServer();
      await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
      const none = (free.address() as { port: number }).port;
      await new Promise((resolve) => free.close(resolve));
      const pg = await serve(['--port', '0', '--db', `postgres://fray:s3cret@127.0.0.1:${none}/fray`]);
      expect([pg.code, pg.err]).toEqual([1, `fray: invalid option: --db: cannot use the PostgreSQL database postgres://fray:***@127.0.0.1:${none}/fray: connect ECONNREFUSED 127.0.0.1:${none} (is PostgreSQL running there, at that host and port?)`]);
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a PostgreSQL host that accepts and never answers is refused after the connection timeout (10 s), naming --db, instead of hanging for the OS timeout', async () => {
    const silent = createServer(() => {}); // accepts, says nothing
    try {
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as { port: number }).port;
      const r = await serve(['--port', '0', '--db', `postgres://fray@127.0.0.1:${port}/fray`]);
      expect([r.code, r.err]).toEqual([1, `fray: invalid option: --db: cannot use the PostgreSQL database postgres://fray@127.0.0.1:${port}/fray: Connection terminated due to connection timeout (is PostgreSQL running there, at that host and port?)`]);
    } finally {
      silent.close();
    }
  }, 30_000);

  // PostgreSQL only: a server that answers, but not for this user or database.
  for (const tdb of testDatabases()) {
    if (tdb.name === 'postgres')
      it('PostgreSQL: a database that does not exist, or a user the server does not know, is bad input naming --db and the reason (exit 1)', async () => {
        const url = new URL(await tdb.create());
        url.pathname = '/fray_no_such_database';
        const missing = await serve(['--port', '0', '--db', url.toString()]);
        expect([missing.code, missing.err]).toEqual([1, `fray: invalid option: --db: cannot use the PostgreSQL database ${url}: database "fray_no_such_database" does not exist (create it first, or name another)`]);
        url.username = 'fray_no_such_user';
        const who = await serve(['--port', '0', '--db', url.toString()]);
        expect([who.code, who.err]).toEqual([1, `fray: invalid option: --db: cannot use the PostgreSQL database ${url}: role "fray_no_such_user" does not exist (check the user and the password)`]);
        await tdb.cleanup();
      });
  }
});
