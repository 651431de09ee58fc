/**
 * How many cards of a column to draw: the first screen's with the first answer, then a few more
 * at a time, each step a short task of its own. Drawn in one go, the board's 80 cards were one
 * long render and layout right where the admin's first click comes; between two short steps a
 * click is answered.
 */
import { startTransition, useEffect, useState } from 'react';

/** Cards a column shows on a 1280 x 800 screen, and a few more: drawn with the first answer. */
export const firstScreenCards = 4;

/** How many more each later step draws (a short task, which a click waits little for). */
const more = 4;

/**
 * `loaded`: the first answer is in (nothing is drawn before it). `total`: how many there are. The
 * count grows by `more` a task at a time after the first answer is drawn, each in a transition, so
 * a click that comes meanwhile is answered between two steps.
 */
export function useDrawnCount(loaded: boolean, total: number): number {
  const [drawn, setDrawn] = useState(firstScreenCards);
  useEffect(() => {
    if (!loaded || drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn((n) => n + more)), 0);
    return () => clearTimeout(timer);
  }, [loaded, drawn, total]);
  return drawn;
}
