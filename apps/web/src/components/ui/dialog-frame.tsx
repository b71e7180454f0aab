import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useOpenedOnce, whenIdle } from '../../lib/lazy-component';
import type { DialogFrameProps } from './dialog-frame-radix';

export type { DialogFrameProps } from './dialog-frame-radix';

// Radix's dialog (focus trap, scroll lock, portal: about 14 KB gzip) loads when the page is
// idle or on the first open, whichever comes first, not with the screen: most visits open
// no dialog, and a screen's first load is what a phone waits for (docs/benchmarks.md).
let loaded: ComponentType<DialogFrameProps> | undefined;
let pending: Promise<{ default: ComponentType<DialogFrameProps> }> | undefined;

/** Fetches the dialog's code ahead of the first open (the page does it once idle). */
export function preloadDialogFrame() {
  return (pending ??= import('./dialog-frame-radix').then((module) => {
    loaded = module.RadixDialogFrame;
    return { default: module.RadixDialogFrame };
  }));
}

const LazyFrame = lazy(preloadDialogFrame);

/** The modal itself: overlay, box, title, description and ×; `Dialog` adds the draft guard. */
export function DialogFrame(props: DialogFrameProps) {
  const hasOpened = useOpenedOnce(props.open);
  useEffect(() => whenIdle(() => void preloadDialogFrame()), []);
  if (!hasOpened) return null;
  // Once loaded (almost always: the page was idle before anyone clicked), it renders at once.
  const Frame = loaded;
  if (Frame) return <Frame {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyFrame {...props} />
    </Suspense>
  );
}
