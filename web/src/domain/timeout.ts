/** Bounds a promise in time, so a request that never answers ends in an error instead of a spinner. */

/** The error a timed-out operation rejects with. */
export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not complete within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Resolves or rejects like `promise`, or rejects with a TimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
