import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's texts and lead table are imported as the app imports them (`@/x` is web/src/x).
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('../web/src/', import.meta.url)) }],
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    // One local suite (emulators + built web app) serves every file; files run one after another
    // because they share the demo-vagas project's data.
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // Bounds for a shared 2-core machine under full load (CI): a test waits for the content that
    // proves each step, and these only say how long "never" is. A quiet machine never nears them.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 60_000, interval: 100 } },
  },
});
