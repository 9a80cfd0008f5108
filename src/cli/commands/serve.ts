// `fray serve [--port N] [--db URL] [--host H] [--build]`: the table server (src/server).
// The database: --db, else DATABASE_URL, else an SQLite file under ./data/.
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import type { CliContext } from '../io.ts';
import { wholeNumber } from '../../core/numbers.ts';

export function registerServe(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('run the table server (HTTP API, WebSocket, the web app) on localhost')
    .option('--port <n>', 'port to listen on', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--db <url>', 'sqlite:PATH or postgres://... (default: DATABASE_URL, else ./data/fray.db)')
    .option('--build', 'build the web app (vite build web) before serving')
    .addHelpText('after', '\nStop it with Ctrl-C.\n\nExamples:\n  fray serve\n  fray serve --port 8090 --db postgres://user@host/db')
    .action(async (o: { port: string; host: string; db?: string; build?: boolean }) => {
      const port = wholeNumber(o.port, '--port', { min: 0, max: 65535 });
      // Loaded here so the other commands never pay for Fastify and the database drivers.
      const { startServer } = await import('../../server/start.ts');
      const running = await startServer({ port, host: o.host, db: o.db, build: o.build, signals: true }).catch((e: unknown) => {
        throw listenRefused(e, port, o.host) ?? e;
      });
      ctx.io.out(`Fray table server: open ${running.url}`);
    });
}

/** A port or address the system will not let the server listen on: the option named, not an internal error. */
export function listenRefused(e: unknown, port: number, host: string): InputError | null {
  const code = (e as { code?: unknown } | null)?.code;
  const on = `${host}:${port}`;
  if (code === 'EADDRINUSE') return new InputError([{ path: '--port', message: `${port} is in use on ${host} (another fray serve?): stop it or give another --port` }], 'option');
  if (code === 'EACCES') return new InputError([{ path: '--port', message: `this user may not listen on ${on} (ports below 1024 need privileges): give a --port from 1024` }], 'option');
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new InputError([{ path: '--host', message: `${JSON.stringify(host)} is not an address of this machine: give one it has, such as 127.0.0.1` }], 'option');
  return null;
}
