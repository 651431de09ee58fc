import { defineConfig } from 'vitest/config';

// A generous timeout: a fully loaded 2-core CI machine runs the property tests many times slower.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60_000 } });
