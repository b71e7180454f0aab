/** Whole seconds left until `deadline` (epoch ms), never below zero. */
export function secondsRemaining(deadline: number, now: number): number {
  // Rounding, not flooring: a timer tick that lands a few ms early or late still shows the
  // second the person expects instead of skipping or repeating one.
  return Math.max(0, Math.round((deadline - now) / 1000));
}

/** Seconds as `m:ss`, the spec's 'Time remaining: m:ss'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}
