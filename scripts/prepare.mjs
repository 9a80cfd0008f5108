#!/usr/bin/env node
// `prepare` (after npm install and npm ci here, a git install, npm pack): the library's build,
// dist/ from src/index.ts with tsc (docs/LIBRARY.md). tsc is a dev dependency: a production
// install (npm ci --omit=dev) has none, so it skips the build and says so rather than fail the
// install; the `fray` command and the server run the sources through tsx and need no build.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';

// Never a stale build: the old one goes first, whether or not a new one can be made.
rmSync('dist', { recursive: true, force: true });
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // A package made now would lack its entry point: refuse.
  if (['pack', 'publish'].includes(process.env.npm_command ?? '')) {
    console.error('fray: npm pack and npm publish need the library build, and tsc is not installed: run `npm install` first.');
    process.exit(1);
  }
  console.error("fray: no library build (dist/): tsc is a dev dependency, not installed (npm ci --omit=dev). The fray command and `npm start` run without it; `import ... from 'fray'` needs `npm install` here (docs/LIBRARY.md).");
  process.exit(0);
}
process.exit(spawnSync(process.execPath, [tsc, '-p', 'tsconfig.lib.json'], { stdio: 'inherit' }).status ?? 1);
