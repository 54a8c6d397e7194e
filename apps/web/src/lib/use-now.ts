/**
 * The current time, refreshed every `everyMs`: for ages, waiting times and countdowns. In a
 * recording it is the instant shown (lib/view-time.ts), so ages read as they did then.
 */
import { useEffect, useState } from 'react';
import { useViewInstant } from './view-time.ts';

export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  const instant = useViewInstant();
  useEffect(() => {
    if (instant !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, instant]);
  return instant ?? now;
}
