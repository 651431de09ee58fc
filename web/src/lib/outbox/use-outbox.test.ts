import { describe, expect, test } from 'vitest';
import type { QueuedApplication } from './outbox';
import { nextWaiting } from './use-outbox';

const entry = (id: string, changes: Partial<QueuedApplication> = {}): QueuedApplication => ({
  id,
  lead: {} as QueuedApplication['lead'],
  key: id,
  submittedAt: 1,
  attempts: 1,
  nextAttemptAt: 2,
  maybeStored: false,
  state: 'waiting',
  ...changes,
});

describe('the waiting list a page shows', () => {
  test('an unchanged look at the outbox keeps the list the page has (no render for nothing)', () => {
    const empty: QueuedApplication[] = [];
    expect(nextWaiting(empty, [])).toBe(empty);
    const shown = [entry('a'), entry('b')];
    expect(nextWaiting(shown, [entry('a'), entry('b'), entry('c', { state: 'sent' })])).toBe(shown);
  });

  test('a new, gone, retried or sent application gives the new list', () => {
    const shown = [entry('a')];
    expect(nextWaiting(shown, [entry('a'), entry('b')]).map((e) => e.id)).toEqual(['a', 'b']);
    expect(nextWaiting(shown, [])).toEqual([]);
    const retried = nextWaiting(shown, [entry('a', { attempts: 2, nextAttemptAt: 9 })]);
    expect(retried).not.toBe(shown);
    expect(retried[0].attempts).toBe(2);
    expect(nextWaiting(shown, [entry('a', { state: 'sent' })])).toEqual([]);
  });
});
