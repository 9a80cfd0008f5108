// The browser e2e suite: real headless Chromium (Debian's /usr/bin/chromium) driven by
// playwright-core against the real table server on a free port with a temporary SQLite file.
// `npx vitest run -c web/e2e/vitest.config.ts` (scripts/test.mjs runs it when Chromium exists).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['web/e2e/**/*.e2e.test.ts'],
    globalSetup: ['web/e2e/build.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A poll waits as long as a page action may (harness ACTION_MS), not vitest's 1 s: under CI
    // load a step over HTTP, then its page, took longer (api.seqIs after an undo while offline).
    expect: { poll: { timeout: 10_000 } },
    // One browser at a time: the machine has two cores shared by everything.
    fileParallelism: false,
    pool: 'forks',
  },
});
