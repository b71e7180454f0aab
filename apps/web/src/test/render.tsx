// As main.tsx: zod is configured before any schema parses.
import '../lib/zod-config';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { preloadDialogFrame } from '../components/ui/dialog-frame';
import { createQueryClient } from '../lib/query-client';

// Every component test renders through here (in a file marked `@vitest-environment jsdom`):
// the React the build ships (react-dom/client's createRoot, no compat layer), in StrictMode as
// main.tsx renders the app, with the app's own query client defaults and a router.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// As on a page that has been idle: the dialogs' code is loaded (components/ui/dialog-frame.tsx),
// so a dialog opens in the same render as the click.
await preloadDialogFrame();

export interface RenderOptions {
  /** What the page would already hold in its query cache: [query key, data] pairs. */
  queries?: ReadonlyArray<readonly [readonly unknown[], unknown]>;
  /** The router's location; '/' unless told. */
  route?: string;
  /**
   * A data router's routes (loaders, lazy screens, navigation state) in place of the plain
   * router: `element` is then ignored, the routes render at `route`.
   */
  routes?: RouteObject[];
}

export interface Rendered {
  /** The element the tree renders into, attached to the document. */
  container: HTMLElement;
  client: QueryClient;
  /** Renders `element` again into the same root (new props, same state). */
  rerender: (element: ReactNode) => void;
  /** Unmounts the tree, detaches the container and clears the cache. */
  unmount: () => void;
}

export function render(element: ReactNode, options: RenderOptions = {}): Rendered {
  const client = createQueryClient();
  for (const [key, data] of options.queries ?? []) client.setQueryData(key, data);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const dataRouter = options.routes
    ? createMemoryRouter(options.routes, { initialEntries: [options.route ?? '/'] })
    : undefined;
  const rerender = (next: ReactNode) => {
    act(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={client}>
            {dataRouter ? (
              <RouterProvider router={dataRouter} />
            ) : (
              <MemoryRouter initialEntries={[options.route ?? '/']}>{next}</MemoryRouter>
            )}
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  };
  rerender(element);
  return {
    container,
    client,
    rerender,
    unmount: () => {
      act(() => root.unmount());
      dataRouter?.dispose();
      container.remove();
      client.clear();
    },
  };
}

/**
 * Types `value` into a rendered input, select or textarea as a person would: through the
 * element's own value setter (React tracks the last value it set) and the events React
 * listens to, inside act.
 */
export function changeValue(
  element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  value: string,
) {
  const prototype = Object.getPrototypeOf(element) as object;
  act(() => {
    // The prototype's setter, called on the element (not the element's own, which React wraps).
    Reflect.set(prototype, 'value', value, element);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
