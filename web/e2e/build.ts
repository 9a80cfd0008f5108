// Global setup: builds the web app once (vite build web -> web/dist) for the server to serve.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const r = spawnSync('npx', ['vite', 'build', 'web', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build web failed (exit ${r.status})`);
}
