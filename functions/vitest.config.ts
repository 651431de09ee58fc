import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The emulator tests start firebase-tools (Auth + Functions) and our Firestore emulator.
    hookTimeout: 180_000,
    testTimeout: 120_000,
  },
});
