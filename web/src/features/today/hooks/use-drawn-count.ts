/**
 * How many of the view's steps to draw: the first screen's as the first answer arrives, the rest
 * right after in a transition. Drawn at once, the 50 steps of the open were the main thread's
 * longest task between the view's first answer and its first click; the transition's render gives
 * way to a click (web/README.md, "The panel's open on a slow phone").
 */
import { startTransition, useEffect, useState } from 'react';

/** Steps on a 1280 x 800 screen, and a few more. */
export const firstScreenSteps = 6;

/** `loaded`: the steps' first answer is in (nothing is drawn before it). */
export function useDrawnCount(loaded: boolean): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (loaded && !all) startTransition(() => setAll(true));
  }, [loaded, all]);
  return all ? Number.POSITIVE_INFINITY : firstScreenSteps;
}
