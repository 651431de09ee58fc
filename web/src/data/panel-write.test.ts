import type { Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each waitForPendingWrites call, to be answered by the test (the server acknowledging). */
const waits = vi.hoisted(() => [] as { resolve: () => void; reject: (e: Error) => void }[]);
vi.mock('firebase/firestore', () => ({
  waitForPendingWrites: () =>
    new Promise<void>((resolve, reject) => waits.push({ resolve, reject })),
}));

const db = {} as Firestore;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('panelWrite', () => {
  beforeEach(() => {
    vi.resetModules();
    waits.length = 0;
  });

  it('is unacknowledged from the write until the server has it, and resolves as the write does', async () => {
    const { panelWrite, hasUnacknowledgedWrites } = await import('./panel-write');
    expect(hasUnacknowledgedWrites()).toBe(false);
    const written = panelWrite(db, Promise.resolve('ok'), 'test');
    expect(hasUnacknowledgedWrites()).toBe(true);
    await expect(written).resolves.toBe('ok');
    waits[0]!.resolve();
    await flush();
    expect(hasUnacknowledgedWrites()).toBe(false);
  });

  it('an earlier wait that ends does not clear a later write still on its way', async () => {
    const { panelWrite, hasUnacknowledgedWrites } = await import('./panel-write');
    void panelWrite(db, Promise.resolve(), 'first');
    void panelWrite(db, Promise.resolve(), 'second');
    waits[0]!.resolve();
    await flush();
    expect(hasUnacknowledgedWrites()).toBe(true);
    waits[1]!.reject(new Error('user changed'));
    await flush();
    expect(hasUnacknowledgedWrites()).toBe(false);
  });

  it('a write that never answers fails with a timeout instead of waiting forever', async () => {
    vi.useFakeTimers();
    try {
      const { panelWrite, panelWriteTimeoutMs } = await import('./panel-write');
      const written = panelWrite(db, new Promise<void>(() => undefined), 'stuck');
      const outcome = expect(written).rejects.toThrow('stuck did not complete');
      await vi.advanceTimersByTimeAsync(panelWriteTimeoutMs);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
