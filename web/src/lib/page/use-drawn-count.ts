/**
 * How many items of a long view to draw: the first screen's with the first answer, then a few more
 * at a time, each step a short task of its own. Drawn in one go, the board's 80 cards (or 'Para
 * hoje''s 50 steps) were one long render and layout right where the admin's first click comes;
 * between two short steps a click is answered.
 */
import { startTransition, useEffect, useState } from 'react';

/**
 * `loaded`: the first answer is in (nothing is drawn before it). `total`: how many there are.
 * `firstScreen`: how many a 1280 x 800 screen shows, and a few more, drawn with the first answer;
 * the count then grows by as many a task at a time, each in a transition, so a click that comes
 * meanwhile is answered between two steps.
 */
export function useDrawnCount(loaded: boolean, total: number, firstScreen: number): number {
  const [drawn, setDrawn] = useState(firstScreen);
  useEffect(() => {
    if (!loaded || drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn((n) => n + firstScreen)), 0);
    return () => clearTimeout(timer);
  }, [loaded, drawn, total, firstScreen]);
  return drawn;
}
