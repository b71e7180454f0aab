import { useCallback, useEffect, useState } from 'react';
import { secondsRemaining } from '../../../lib/countdown';

const TICK_MS = 1000;

/**
 * Counts down from `initialSeconds`, once a second. Time is measured against a deadline,
 * so a throttled background tab still shows the right value when it wakes up.
 */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = secondsRemaining(deadline, now);
  const isRunning = secondsLeft > 0;

  useEffect(() => {
    if (!isRunning) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadline, isRunning]);

  const restart = useCallback((seconds: number) => {
    const startedAt = Date.now();
    setNow(startedAt);
    setDeadline(startedAt + seconds * 1000);
  }, []);

  return { secondsLeft, isExpired: !isRunning, restart };
}
