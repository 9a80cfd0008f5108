// A small, safe static file handler for the built web app (web/dist): GET/HEAD only, paths
// resolved inside the root (no `..`, no absolute paths, no symlink escapes), and every path
// that is not a file falls back to index.html so the app's own routes (/table/...) load.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { clip } from '../core/issues.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The file under `root` that URL path `urlPath` names, or null (outside root, missing, not a file). */
export function resolveStatic(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  try {
    const rootReal = realpathSync(root); // gone while a build replaces it: null, as a missing file
    const candidate = resolve(rootReal, `.${path.startsWith('/') ? path : `/${path}`}`);
    if (candidate !== rootReal && !candidate.startsWith(rootReal + sep)) return null;
    let file = candidate;
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    const real = realpathSync(file);
    if (!real.startsWith(rootReal + sep)) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Fray</title>
<h1>Fray table server</h1><p>The web app is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>
<p>The HTTP API is under <code>/api</code> (docs/SERVER.md).</p>`;

export function registerStatic(app: FastifyInstance, root: string): void {
  const built = existsSync(join(root, 'index.html'));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'not-found', message: `no route ${req.method} ${clip(req.url.split('?')[0], 200)}` });
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
    const route = extname(req.url.split('?')[0]) === '';
    const file = resolveStatic(root, req.url) ?? (route ? resolveStatic(root, '/index.html') : null);
    // The app's page gone after the server started: a build (`npm run build`) is emptying web/dist.
    if (!file && route) return reply.code(503).type('text/html; charset=utf-8').header('retry-after', '5').send(NOT_BUILT);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Hashed asset names never change content; index.html must always be fresh.
    const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    return reply.type(type).header('cache-control', cache).header('x-content-type-options', 'nosniff').send(createReadStream(file));
  });
}
