import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router/dom';
import { meQueryOptions } from '../features/auth/api/get-me';
import { queryClient } from '../lib/query-client';
import { getToken } from '../lib/session';
import { createAppRouter } from './router';
import { handleSessionExpiry } from './session-expiry';

/**
 * Starts the app: the session check, then the router, which starts loading the screen's code
 * and data at once. Called by main.tsx in a task after the modules have run, not while they
 * run: together they were one task of about 100 ms at a phone's 4x slower CPU.
 */
export function startApp() {
  // The session check starts with the app, not after the first screen's code has loaded.
  if (getToken() !== null) void queryClient.prefetchQuery(meQueryOptions());
  const router = createAppRouter();
  handleSessionExpiry(router, queryClient);

  return function App() {
    return (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* The library's defaults are the spec's: at most 20 toasts, 2 s success, 4 s error. */}
        <Toaster position="top-right" toastOptions={{ className: 'text-sm' }} />
      </QueryClientProvider>
    );
  };
}
