import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Storage } from '../../server/storage/storage.ts';
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
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
