import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type WhenIdle = typeof import('./when-idle');

/** A window whose idle callbacks run when `idle(ms)` says the page has `ms` of idle time. */
function fakeWindow() {
  const waiting: IdleRequestCallback[] = [];
  const win = {
    requestIdleCallback: (callback: IdleRequestCallback) => waiting.push(callback),
    cancelIdleCallback: vi.fn(),
  } as unknown as Window;
  const idle = (ms: number, didTimeout = false) => {
    for (const callback of waiting.splice(0)) callback({ didTimeout, timeRemaining: () => ms });
  };
  return { win, idle, waiting };
}

/** A fresh module: the hold is the page's, so each test loads its own. */
const load = async (): Promise<WhenIdle> => {
  vi.resetModules();
  return import('./when-idle');
};

describe('afterFirstContent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once when nothing holds it (the public pages)', async () => {
    const { afterFirstContent } = await load();
    const task = vi.fn();
    afterFirstContent(task, fakeWindow().win);
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits for the first content, then for a quiet moment, not a gap between two tasks', async () => {
    const { afterFirstContent, firstContentShown, holdUntilFirstContent, settleMs } = await load();
    const { win, idle, waiting } = fakeWindow();
    holdUntilFirstContent();
    const task = vi.fn();
    afterFirstContent(task, win);
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting).toHaveLength(0);
    firstContentShown();
    await vi.advanceTimersByTimeAsync(settleMs - 1);
    expect(waiting).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    idle(3);
    expect(task).not.toHaveBeenCalled();
    idle(50);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs once the hold times out when no content is ever shown, and not when cancelled', async () => {
    const { afterFirstContent, firstContentHoldMs, holdUntilFirstContent, settleMs } = await load();
    const { win, idle } = fakeWindow();
    holdUntilFirstContent();
    const task = vi.fn();
    const cancelled = vi.fn();
    afterFirstContent(task, win);
    afterFirstContent(cancelled, win)();
    await vi.advanceTimersByTimeAsync(firstContentHoldMs + settleMs);
    idle(1, true);
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('loads a module after the first content', async () => {
    const { firstContentShown, holdUntilFirstContent, loadAfterFirstContent, settleMs } =
      await load();
    holdUntilFirstContent();
    const module = { name: 'Toasts' };
    const loaded = vi.fn(async () => module);
    // jsdom has no idle callbacks: the quiet moment is not waited for there.
    const promise = loadAfterFirstContent(loaded);
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).not.toHaveBeenCalled();
    firstContentShown();
    await vi.advanceTimersByTimeAsync(settleMs);
    await expect(promise).resolves.toBe(module);
  });
});
