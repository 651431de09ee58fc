import { act, renderHook } from '@testing-library/react';
import type { DocumentReference } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveDocument } from './live';

type Next = (snapshot: unknown) => void;
const listeners: Next[] = [];
vi.mock('firebase/firestore', () => ({
  onSnapshot: (_target: unknown, next: Next) => {
    listeners.push(next);
    return () => {};
  },
}));

const ref = { type: 'document', path: 'stats/leads' } as unknown as DocumentReference<{
  n: number;
}>;
/** A snapshot as the SDK gives it: from the cache alone, or from the server. */
const snapshot = (data: { n: number } | undefined, fromCache: boolean) => ({
  exists: () => data !== undefined,
  data: () => data,
  metadata: { fromCache },
});
const emit = (data: { n: number } | undefined, fromCache: boolean) =>
  act(() => listeners.at(-1)?.(snapshot(data, fromCache)));

beforeEach(() => {
  listeners.length = 0;
});

describe('a live document', () => {
  it('is missing as soon as a snapshot lacks it, by default', () => {
    const { result } = renderHook(() => useLiveDocument(ref));
    emit(undefined, true);
    expect(result.current).toEqual({ status: 'success', data: null, error: null });
  });

  it('stays loading while only the cache lacks it, when missing must come from the server', () => {
    const { result } = renderHook(() => useLiveDocument(ref, { missingFromServerOnly: true }));
    expect(result.current.status).toBe('loading');
    // The SDK offline (its first answer late): the cache does not hold the document.
    emit(undefined, true);
    expect(result.current.status).toBe('loading');
    emit({ n: 3 }, false);
    expect(result.current).toEqual({ status: 'success', data: { n: 3 }, error: null });
    // Held in the cache, it is shown from there.
    emit({ n: 4 }, true);
    expect(result.current.data).toEqual({ n: 4 });
    // The server says it is gone.
    emit(undefined, false);
    expect(result.current).toEqual({ status: 'success', data: null, error: null });
  });
});
