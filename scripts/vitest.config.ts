import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The launcher tests start whole suites (Firestore, firebase-tools, Vite): one file at a time,
    // with bounds sized for a fully loaded 2-core machine. Tests wait for what proves each step.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
