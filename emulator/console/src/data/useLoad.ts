/** Loads data with an async function, again whenever its inputs change; keeps the last result while reloading. */
import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
}

export function useLoad<T>(load: (() => Promise<T>) | null, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: null });
  useEffect(() => {
    if (!load) {
      setState({ data: undefined, error: null });
      return;
    }
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null }),
      (e: unknown) =>
        live && setState((s) => ({ data: s.data, error: String((e as Error).message ?? e) })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
