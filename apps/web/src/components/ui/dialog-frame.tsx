import { useEffect, useState, type ComponentType } from 'react';
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

/**
 * The frame once its code is here: rendered at once when it already is (almost always: the
 * page was idle before anyone clicked), else from the moment it arrives. The component it
 * renders never changes after that, so the dialog's content is mounted once and keeps what
 * was typed into it (switching from a lazy wrapper to the loaded frame remounted it: a search
 * typed in the first moments of the first dialog was lost).
 */
function LoadedFrame(props: DialogFrameProps) {
  const [Frame, setFrame] = useState(() => loaded);
  useEffect(() => {
    if (Frame) return;
    let isCurrent = true;
    void preloadDialogFrame().then((module) => {
      if (isCurrent) setFrame(() => module.default);
    });
    return () => {
      isCurrent = false;
    };
  }, [Frame]);
  return Frame ? <Frame {...props} /> : null;
}

/** The modal itself: overlay, box, title, description and ×; `Dialog` adds the draft guard. */
export function DialogFrame(props: DialogFrameProps) {
  const hasOpened = useOpenedOnce(props.open);
  useEffect(() => whenIdle(() => void preloadDialogFrame()), []);
  if (!hasOpened) return null;
  return <LoadedFrame {...props} />;
}
