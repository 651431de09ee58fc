/**
 * A stand-in for `@/data/use-live-leads` in component tests: each query key ('active', 'trash')
 * has a state the test sets (`emit`) and the events the component registered (`events`); a null
 * query subscribes to nothing, as the real hook.
 * Use with vi.mock('@/data/use-live-leads', () => fakeLiveLeadsModule) and mocked queries returning the keys.
 */
import { useEffect, useState } from 'react';
import type { Lead } from '@/domain/lead';
import type { LiveLeads, LiveLeadsEvents } from '../use-live-leads';

type Key = string;
const states = new Map<Key, LiveLeads>();
const setters = new Map<Key, Set<(state: LiveLeads) => void>>();
const registered = new Map<Key, LiveLeadsEvents>();

export const fakeLive = {
  reset() {
    states.clear();
    registered.clear();
  },
  /** Replaces the state of `key` in every mounted consumer. */
  emit(key: Key, state: Partial<LiveLeads> & { data?: Lead[] }) {
    const next: LiveLeads = { status: 'success', data: [], error: null, ...state };
    states.set(key, next);
    for (const set of setters.get(key) ?? []) set(next);
  },
  events(key: Key): LiveLeadsEvents {
    return registered.get(key) ?? {};
  },
  mounted(key: Key): boolean {
    return (setters.get(key)?.size ?? 0) > 0;
  },
};

function useFakeLiveLeads(query: unknown, events: LiveLeadsEvents = {}): LiveLeads {
  const key = query === null ? null : String(query);
  if (key !== null) registered.set(key, events);
  return useFakeState(key);
}

/** The state of `key`, as `emit` sets it, without registering events (a test's own source). */
export function useFakeState(key: Key | null): LiveLeads {
  const [state, setState] = useState<LiveLeads>(
    () =>
      (key === null ? undefined : states.get(key)) ?? { status: 'loading', data: [], error: null },
  );
  useEffect(() => {
    if (key === null) return;
    const known = states.get(key);
    if (known) setState(known);
    const set = setters.get(key) ?? new Set();
    set.add(setState);
    setters.set(key, set);
    return () => {
      set.delete(setState);
    };
  }, [key]);
  return state;
}

export const fakeLiveLeadsModule = { useLiveLeads: useFakeLiveLeads };
