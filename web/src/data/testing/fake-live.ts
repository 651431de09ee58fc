/**
 * A stand-in for `@/data/live` in component tests: the query or reference is a key (mock the
 * query builders to return strings); the test sets each key's state with `fakeLiveData.emit`.
 * Use with vi.mock('@/data/live', () => fakeLiveModule).
 */
import { useEffect, useState } from 'react';
import type { LiveState } from '../live';

type Key = string;
const states = new Map<Key, LiveState<unknown>>();
const setters = new Map<Key, Set<(state: LiveState<unknown>) => void>>();
const loading: LiveState<unknown> = { status: 'loading', data: undefined, error: null };

export const fakeLiveData = {
  reset() {
    states.clear();
  },
  /** Sets the data of `key` in every mounted consumer. */
  emit(key: Key, data: unknown) {
    const next: LiveState<unknown> = { status: 'success', data, error: null };
    states.set(key, next);
    for (const set of setters.get(key) ?? []) set(next);
  },
};

function useFake<T>(query: unknown): LiveState<T> {
  const key = query === null ? null : String(query);
  const [state, setState] = useState<LiveState<unknown>>(
    () => (key === null ? undefined : states.get(key)) ?? loading,
  );
  useEffect(() => {
    if (key === null) return;
    setState(states.get(key) ?? loading);
    const set = setters.get(key) ?? new Set();
    set.add(setState);
    setters.set(key, set);
    return () => {
      set.delete(setState);
    };
  }, [key]);
  return state as LiveState<T>;
}

export const fakeLiveModule = { useLiveQuery: useFake, useLiveDocument: useFake };
