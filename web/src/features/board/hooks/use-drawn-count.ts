/**
 * How many cards of a column to draw: the first screen's as the column's first answer arrives, the
 * rest right after in a transition. Drawn at once, the 80 cards of the open were the main thread's
 * longest task between the board's first answer and its first click; the transition's render gives
 * way to a click (web/README.md, "The panel's open on a slow phone").
 */
import { startTransition, useEffect, useState } from 'react';

/** Cards a column shows on a 1280 x 800 screen, and a few more. */
export const firstScreenCards = 4;

/** `loaded`: the column has its first answer (nothing is drawn before it). */
export function useDrawnCount(loaded: boolean): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (loaded && !all) startTransition(() => setAll(true));
  }, [loaded, all]);
  return all ? Number.POSITIVE_INFINITY : firstScreenCards;
}
