import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    exclude: ['web/e2e/**', 'node_modules/**'],
    setupFiles: ['test/fast-check-seed.ts'],
    // A limit for a hung test, not a speed check (npm run bench measures speed): the heaviest
    // (the fuzzers, the lab's grids) took 10 to 13 s on a loaded 2-core machine, and CI's is loaded too.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
