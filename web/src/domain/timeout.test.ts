import { afterEach, describe, expect, test, vi } from 'vitest';
import { TimeoutError, withTimeout } from './timeout';

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('passes a result or an error through when the promise settles in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, 'x')).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('denied')), 1000, 'x')).rejects.toThrow(
      'denied',
    );
  });

  test('rejects with a TimeoutError when the promise never settles', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise<never>(() => {}), 10_000, 'lead write');
    const outcome = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    await expect(pending).rejects.toThrow('lead write did not complete within 10000 ms');
  });
});
