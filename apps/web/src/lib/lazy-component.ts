import type { ComponentType } from 'react';
import { lazy, useState } from 'react';

/**
 * A component from its own chunk (a dialog the page may never open), with `preload` to
 * fetch it ahead of need: call it once the page is idle so opening stays instant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy
export function lazyComponent<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
) {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (pending ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}

/** Runs `task` when the browser has nothing better to do (soon after, where unsupported). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * True from the first time `open` is true on: a lazy dialog is rendered (and so loaded) only
 * once it is first opened, then stays mounted like a dialog from the page's own chunk.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
