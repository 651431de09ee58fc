/** A seconds countdown from `start` down to 0, one step per second from mount. */
import { useEffect, useState } from 'react';

export function useCountdown(start: number): number {
  const [remaining, setRemaining] = useState(start);
  const done = remaining <= 0;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      setRemaining((value) => Math.max(0, value - 1));
    }, 1000);
    return () => clearInterval(timer);
  }, [done]);

  return remaining;
}
