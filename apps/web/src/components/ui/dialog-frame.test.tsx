// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../test/render';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

describe('DialogFrame on the first open, before its code is here', () => {
  it('mounts the content once: what is typed stays when the page renders again', async () => {
    // A fresh copy of the module: its dialog code not loaded yet, as on a page's first open
    // before the browser was idle (the render helper's own copy is preloaded).
    vi.resetModules();
    const fresh = await import('./dialog-frame');
    // A new element each time, as a parent's render makes one.
    const page = () => (
      <fresh.DialogFrame open onOpenChange={() => undefined} title="Select Articles">
        <input aria-label="Search articles" />
      </fresh.DialogFrame>
    );
    rendered = render(page());
    await act(async () => {
      await fresh.preloadDialogFrame();
    });
    const search = () =>
      document.querySelector<HTMLInputElement>('input[aria-label="Search articles"]');
    await vi.waitFor(() => expect(search()).not.toBeNull());
    const typed = search()!;
    typed.value = 'harbour';
    // The page renders again (a query answers, a parent's state changes).
    rendered.rerender(page());
    expect(search()).toBe(typed);
    expect(search()?.value).toBe('harbour');
  });
});
