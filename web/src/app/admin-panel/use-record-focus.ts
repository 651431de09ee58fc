/**
 * Gives the focus back to what opened the record (the lead's name in the list) when it closes:
 * the drawer is removed with the route, so it has no closing of its own that would return it.
 * A record opened otherwise (a notification, a link) hands the focus to its lead's name in the list.
 */
import { useLayoutEffect, useRef } from 'react';

export function useRecordFocus(recordId: string | undefined): void {
  const opener = useRef<{ id: string; element: Element | null } | null>(null);
  // A layout effect: it runs before the drawer's focus trap moves the focus into the drawer.
  useLayoutEffect(() => {
    if (recordId) {
      // The first record opened keeps its opener while others are opened from it.
      opener.current ??= { id: recordId, element: document.activeElement };
      return;
    }
    const last = opener.current;
    opener.current = null;
    if (!last) return;
    const { element } = last;
    const row = () =>
      [...document.querySelectorAll('[data-lead-id]')]
        .find((holder) => holder.getAttribute('data-lead-id') === last.id)
        ?.querySelector<HTMLElement>('a[href]');
    const target =
      element instanceof HTMLElement && element.isConnected && element !== document.body
        ? element
        : row();
    target?.focus();
  }, [recordId]);
}
