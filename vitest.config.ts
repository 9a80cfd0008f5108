import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    exclude: ['web/e2e/**', 'node_modules/**'],
    setupFiles: ['test/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
