// Runs the table server as a process: opens storage, builds the web app if asked, listens,
// prints the URL to open, and shuts down gracefully on SIGINT/SIGTERM (sockets told `bye`,
// in-flight requests finished, storage closed). `fray serve` and `npm start` both land here;
// it also runs on its own: `node --import tsx src/server/start.ts [--port N] [--db URL] [--build]`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wholeNumber } from '../core/numbers.ts';
import { MAX_SEED } from '../core/rng.ts';
import { diceForSeq } from '../engine/encounter.ts';
import { type FrayServer, buildServer } from './app.ts';
import { Storage } from './storage/storage.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_DB = `sqlite:${join(PROJECT_ROOT, 'data', 'fray.db')}`;

export interface StartOptions {
  port?: number;
  host?: string;
  /** `sqlite:PATH`, `postgres://...`; default DATABASE_URL, else ./data/fray.db. */
  db?: string;
  /** Run `vite build web` first when web/ exists. */
  build?: boolean;
  /** Directory of the built web app; default web/dist. */
  webRoot?: string;
  /** pino log level; default FRAY_LOG_LEVEL or info. */
  logLevel?: string;
  /**
   * Seeded dice (engine/encounter.ts diceForSeq(seed, seq)) instead of the unpredictable
   * server dice: for tests and benchmarks only, since anyone knowing the seed knows every roll.
   */
  diceSeed?: number;
  snapshotEvery?: number;
  /** Install SIGINT/SIGTERM handlers (the process's own server). */
  signals?: boolean;
}

export interface Running {
  app: FrayServer;
  storage: Storage;
  url: string;
  close(): Promise<void>;
}

/** Builds the web app with Vite when its sources are there; false when the build failed. */
export function buildWeb(): boolean {
  if (!existsSync(join(PROJECT_ROOT, 'web', 'index.html'))) return true;
  const r = spawnSync('npx', ['vite', 'build', 'web'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return r.status === 0;
}

export async function startServer(opts: StartOptions = {}): Promise<Running> {
  if (opts.build && !buildWeb()) console.error('fray serve: the web app did not build; serving the API anyway');
  const db = opts.db ?? process.env.DATABASE_URL ?? DEFAULT_DB;
  const storage = await Storage.open(db);
  const app = await buildServer({
    storage,
    webRoot: opts.webRoot ?? join(PROJECT_ROOT, 'web', 'dist'),
    logger: { level: opts.logLevel ?? process.env.FRAY_LOG_LEVEL ?? 'info' },
    dice: opts.diceSeed === undefined ? undefined : (_id, seq) => diceForSeq(opts.diceSeed as number, seq),
    snapshotEvery: opts.snapshotEvery,
  });
  const host = opts.host ?? '127.0.0.1';
  try {
    await app.listen({ port: opts.port ?? 8080, host });
  } catch (e) {
    // Nothing listens: let go of the database (an SQLite file stays locked while open).
    await app.close();
    await storage.close();
    throw e;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await app.close();
      await storage.close();
    })();
    return closing;
  };
  if (opts.signals) {
    const onSignal = (sig: string) => {
      app.log.info({ signal: sig }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', () => onSignal('SIGINT'));
    process.once('SIGTERM', () => onSignal('SIGTERM'));
  }
  return { app, storage, url, close };
}

/** Parses `--port N --db URL --host H --build` (the standalone entry); an Error naming the option when one is wrong. */
export function parseArgs(argv: readonly string[]): StartOptions {
  const o: StartOptions = { signals: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a}: missing value`);
      return v;
    };
    // Whole numbers as every option of `fray` reads them (core/numbers.ts): Number() read 1e3,
    // 0x10 and '' (0), and --dice-seed took 1.5 as it was and 'abc' as NaN.
    if (a === '--port') o.port = wholeNumber(val(), '--port', { min: 0, max: 65535 });
    else if (a === '--db') o.db = val();
    else if (a === '--host') o.host = val();
    else if (a === '--build') o.build = true;
    else if (a === '--log-level') o.logLevel = val();
    else if (a === '--dice-seed') o.diceSeed = wholeNumber(val(), '--dice-seed', { min: 0, max: MAX_SEED });
    else if (a === '--snapshot-every') o.snapshotEvery = wholeNumber(val(), '--snapshot-every', { min: 1, max: 1e9 });
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const running = await startServer(parseArgs(process.argv.slice(2)));
    console.log(`Fray table server: open ${running.url}`);
  } catch (e) {
    console.error(`fray serve: ${(e as Error).message}`);
    process.exit(1);
  }
}
