import { useCallback, useEffect, useState } from 'react';

/** Whole seconds from `now` until `until` (ms), never below zero. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * A seconds countdown for 'send code again' buttons (spec: 60 s). It counts against the
 * clock, not ticks, so a throttled background tab still shows the right number.
 */
export function useCountdown(now: () => number = Date.now): { left: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    const tick = () => {
      const remaining = secondsLeft(until, now());
      setLeft(remaining);
      if (remaining === 0) setUntil(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => setUntil(now() + seconds * 1000), [now]);
  return { left, start };
}
