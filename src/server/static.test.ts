// The static handler serves files inside web/dist only, and index.html for the app's routes.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { resolveStatic } from './static.ts';
import { Storage } from './storage/storage.ts';

const base = mkdtempSync(join(tmpdir(), 'fray-static-'));
const root = join(base, 'dist');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1)');
writeFileSync(join(base, 'secret.txt'), 'do not serve');
symlinkSync(join(base, 'secret.txt'), join(root, 'escape.txt'));

describe('static files', () => {
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('resolves files inside the root only', () => {
    expect(resolveStatic(root, '/assets/app-1234.js')).toBe(join(root, 'assets', 'app-1234.js'));
    expect(resolveStatic(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStatic(root, '/../secret.txt')).toBeNull();
    expect(resolveStatic(root, '/%2e%2e/secret.txt')).toBeNull();
    expect(resolveStatic(root, '/escape.txt')).toBeNull();
    expect(resolveStatic(root, '/a%00b')).toBeNull();
    expect(resolveStatic(root, '/%E0%A4%A')).toBeNull();
  });

  it('property: no URL path resolves outside the root', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('..', '.', '%2e%2e', 'assets', 'secret.txt', '', '%2f', '\\\\', 'x'), { maxLength: 6 }), (parts) => {
        const r = resolveStatic(root, `/${parts.join('/')}`);
        return r === null || r.startsWith(`${root}/`);
      }),
    );
  });

  it('serves the app, falls back to index.html for app routes, 404s API paths as JSON', async () => {
    const storage = await Storage.open('sqlite::memory:');
    const app = await buildServer({ storage, webRoot: root });
    try {
      const js = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.headers['cache-control']).toMatch(/immutable/);
      expect(js.body).toBe('console.log(1)');
      const route = await app.inject({ method: 'GET', url: '/table/abc' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('<title>app</title>');
      expect((await app.inject({ method: 'GET', url: '/escape.txt' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/../secret.txt' })).body).not.toContain('do not serve');
      const api = await app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error).toBe('not-found');
    } finally {
      await app.close();
      await storage.close();
    }
  });


  it('a web app being rebuilt under a running server (web/dist emptied, then gone) answers 503 with the page saying so, not a 500', async () => {
    const dist = join(base, 'rebuilt');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const storage = await Storage.open('sqlite::memory:');
    const app = await buildServer({ storage, webRoot: dist });
    try {
      rmSync(join(dist, 'index.html'));
      for (const url of ['/', '/table/abc']) {
        const r = await app.inject({ method: 'GET', url });
        expect([url, r.statusCode]).toEqual([url, 503]);
        expect(r.body).toContain('npm run build');
      }
      expect((await app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(404);
      rmSync(dist, { recursive: true });
      expect((await app.inject({ method: 'GET', url: '/table/abc' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await storage.close();
    }
  });
});
