/**
 * At most `limit` calls of `run` in flight at once; the rest wait their turn in order.
 * The limit may be a function, read at every admission, so it can change while running.
 */
export function createSemaphore(limit: number | (() => number)) {
  const currentLimit = typeof limit === 'function' ? limit : () => limit;
  let active = 0;
  const waiting: Array<() => void> = [];
  const admitWaiting = () => {
    while (waiting.length > 0 && active < currentLimit()) {
      active++;
      waiting.shift()?.();
    }
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= currentLimit() || waiting.length > 0) {
        // The slot is taken for us by admitWaiting before we are woken.
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          admitWaiting();
        });
      } else {
        active++;
      }
      try {
        return await task();
      } finally {
        active--;
        admitWaiting();
      }
    },
    get active() {
      return active;
    },
  };
}
