/**
 * Heap measurements for the memory checks: a full garbage collection before each reading, so a
 * bound compares live objects, not whatever garbage the collector had not reached yet. Needs
 * `global.gc` (vitest.config.ts starts the workers with `--expose-gc`); without it the checks fail
 * at once rather than measure the machine's collector timing.
 */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') {
    throw new Error(
      'global.gc is missing: run these tests through emulator/vitest.config.ts (it passes --expose-gc to the workers) or node --expose-gc.',
    );
  }
  // Twice: the first pass may only queue finalizers whose objects the second one frees.
  gc();
  gc();
}

/** Bytes of JS heap in use after a full collection. */
export function liveHeapBytes(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}
