import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    // Forked workers (the default pool) with global.gc, so memory checks measure live objects
    // (test/support/memory.ts fails when it is missing).
    pool: 'forks',
    execArgv: ['--expose-gc'],
  },
});
