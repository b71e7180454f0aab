import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    // Read by the bundle budget test and `npm run bench:web` to know what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              // zod with the line that turns its `new Function` probe off (lib/zod-config.ts):
              // in one chunk, the setting runs before any other chunk builds a schema; in the
              // entry chunk it ran after the chunks the entry imports, too late (the CSP then
              // reported the probe).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/,
              priority: 2,
            },
            // Icons and the small form and page parts every screen shares, each in one file
            // instead of one tiny file each: a screen's files fell from 36 to 21, which on a
            // slow line (six HTTP/1.1 connections, 150 ms each) took /posts from 1.85 s to
            // 1.48 s to usable (docs/benchmarks.md). Only parts /login needs anyway, or small:
            // a group pulls everything it holds into every page that uses one of its parts.
            // The icons in two files: the app shell's and /login's (the navigation, the sign-in
            // page, buttons' spinners, the error pages), which every page loads, and all the
            // others, which only signed-in screens load. In one file /login carried some 80
            // icons it never shows (about 6 KB gzip); a new icon in the shell or on /login
            // joins the first list, or /login loads the second file (the bundle budget test).
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](building-complex|calendar-clock|calendar-days|chart-column|chevron-down|chevron-left|chevron-right|compass|credit-card|file-text|info|loader-circle|log-out|menu|settings|shield-check|shield-exclamation-point|sparkles|triangle-exclamation-point|x)\.mjs$/,
              priority: 2,
            },
            { name: 'icons-more', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            {
              name: 'ui',
              test: /src[\\/]components[\\/]ui[\\/](field|text-field|select-field|textarea-field|help-tip|state-panel|pagination|page-items|error-toast|button|avatar)\.tsx?$/,
              priority: 1,
            },
            // Since Posts and Entities load their dialogs on first open, the small parts those
            // dialogs share with the screens (and the entity and post schemas, which the entry
            // no longer loads: app/route-data.ts) fell into a file each, /scheduling's files
            // going from 24 to 31. These groups keep them together; includeDependenciesRecursively
            // off, so a group holds only the modules named and no page gets more than it uses.
            {
              name: 'screen-parts',
              test: /src[\\/](components[\\/]entities[\\/](network-mark|company-avatar)|components[\\/]ui[\\/]entity-filter|lib[\\/](entity-links|company-initial)|hooks[\\/]use-features)\.tsx?$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'entities',
              test: /src[\\/]lib[\\/]queries[\\/]companies\.ts$|packages[\\/]shared[\\/]src[\\/](companies|networks|posts)\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'reconnect-before',
              test: /src[\\/]lib[\\/]reconnect-before\.ts$|packages[\\/]shared[\\/]src[\\/]connections\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // '/s/' keeps its trailing slash: a bare '/s' prefix would also send /settings,
    // /scheduling and /subscriptions (screens of this app) to the API server.
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/s/': API_ORIGIN,
    },
  },
});
