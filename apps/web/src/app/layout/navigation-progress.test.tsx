// @vitest-environment jsdom
import { act } from 'react';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { NAVIGATION_PROGRESS_DELAY_MS, NavigationProgress } from './navigation-progress';

/** A screen whose data arrives when the test says so. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the navigation progress bar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp() {
    let slow = deferred();
    const rendered = render(null, {
      routes: [
        {
          path: '/',
          element: (
            <>
              <NavigationProgress />
              <Link to="/slow">Slow</Link>
              <Link to="/fast">Fast</Link>
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <h1>Home</h1> },
            { path: 'slow', loader: () => slow.promise.then(() => null), element: <h1>Slow</h1> },
            { path: 'fast', loader: () => null, element: <h1>Fast</h1> },
          ],
        },
      ],
    });
    const { container } = rendered;
    return {
      ...rendered,
      bar: () => container.querySelector('[role="progressbar"]'),
      heading: () => container.querySelector('h1')?.textContent,
      click: async (name: string) => {
        const link = [...container.querySelectorAll('a')].find((a) => a.textContent === name)!;
        // Async, so the router's loaders settle inside act.
        await act(() => {
          link.dispatchEvent(
            new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
          );
          return Promise.resolve();
        });
      },
      advance: (ms: number) => {
        act(() => {
          vi.advanceTimersByTime(ms);
        });
      },
      finishSlow: async () => {
        await act(async () => {
          slow.resolve();
          await slow.promise;
        });
        slow = deferred();
      },
    };
  }

  it('appears only once a navigation has taken longer than the delay, and goes when it ends', async () => {
    const page = setUp();
    expect(page.heading()).toBe('Home');
    await page.click('Slow');
    expect(page.heading()).toBe('Home');
    page.advance(NAVIGATION_PROGRESS_DELAY_MS - 1);
    expect(page.bar()).toBeNull();
    page.advance(1);
    const bar = page.bar();
    expect(bar).not.toBeNull();
    expect(bar!.getAttribute('aria-label')).toBe('Loading the page');
    // Indeterminate: no value is claimed.
    expect(bar!.hasAttribute('aria-valuenow')).toBe(false);

    await page.finishSlow();
    expect(page.heading()).toBe('Slow');
    expect(page.bar()).toBeNull();
    page.unmount();
  });

  it('never shows for a quick navigation', async () => {
    const page = setUp();
    await page.click('Fast');
    expect(page.heading()).toBe('Fast');
    page.advance(NAVIGATION_PROGRESS_DELAY_MS * 4);
    expect(page.bar()).toBeNull();
    page.unmount();
  });
});
