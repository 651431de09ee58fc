/**
 * The form's draft: what the candidate typed is kept in sessionStorage as they type, so
 * a reload (or a phone that dropped the tab) does not lose it; it is cleared once the application
 * is stored or kept in the outbox. sessionStorage, not localStorage: a shared phone does not keep
 * a candidate's data past their browsing session. Read after mount, never while rendering (the
 * pages are prerendered and hydrated).
 */
import { useCallback, useEffect, useRef } from 'react';

/** The stored draft of a form: only the keys of `empty`, only strings and numbers. */
export function parseDraft<T extends object>(json: string | null, empty: T): Partial<T> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const draft: Partial<T> = {};
    for (const key of Object.keys(empty) as (keyof T & string)[]) {
      const field = (value as Record<string, unknown>)[key];
      if (typeof field === 'string' || typeof field === 'number') {
        draft[key] = field as T[keyof T & string];
      }
    }
    return Object.keys(draft).length ? draft : null;
  } catch {
    return null;
  }
}

/**
 * Restores the draft of `storageKey` once mounted (fields the candidate already typed win) and
 * saves `values` whenever they change; returns `clear`.
 */
export function useFormDraft<T extends object>(options: {
  storageKey: string;
  empty: T;
  values: T;
  restore: (draft: Partial<T>) => void;
}): { clear: () => void } {
  const { storageKey, empty, values, restore } = options;
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    try {
      const draft = parseDraft(sessionStorage.getItem(storageKey), empty);
      if (draft) restore(draft);
    } catch {
      // Storage unavailable: no draft.
    }
  }, [storageKey, empty, restore]);

  useEffect(() => {
    if (!restored.current) return;
    try {
      const isEmpty = Object.entries(values).every(
        ([key, value]) => value === (empty as Record<string, unknown>)[key],
      );
      if (isEmpty) sessionStorage.removeItem(storageKey);
      else sessionStorage.setItem(storageKey, JSON.stringify(values));
    } catch {
      // Storage unavailable or full: the draft is only lost on reload.
    }
  }, [storageKey, empty, values]);

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // Nothing stored.
    }
  }, [storageKey]);

  return { clear };
}
