import type { ReactNode } from 'react';

/**
 * The screen's first frame: HTML the build rendered for this address (`first-frame/`) and
 * the server put in `#root`, so the heading and layout paint before any JavaScript runs.
 * React replaces what is in `#root` when it first renders; until the screen's own code and
 * data are in, it renders the same markup again (`FirstFrameOr`), so nothing moves or
 * flashes in between. The frame is inert: nothing typed into it before React takes over
 * is lost.
 */
let captured: { pathname: string; html: string } | null = null;

/** Called once, before React renders into `container`. */
export function captureFirstFrame(container: HTMLElement) {
  const html = container.innerHTML.trim();
  captured = html === '' ? null : { pathname: normalise(window.location.pathname), html };
}

/** The captured frame while the page is still at the address it was built for, else `fallback`. */
export function FirstFrameOr({ fallback }: { fallback: ReactNode }) {
  if (captured === null || captured.pathname !== normalise(window.location.pathname))
    return fallback;
  return <div className="contents" dangerouslySetInnerHTML={{ __html: captured.html }} />;
}

const normalise = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
