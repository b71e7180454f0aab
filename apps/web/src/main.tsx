// First: configures zod before any schema parses.
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './app/app';
import { captureFirstFrame } from './components/layout/first-frame';
import './index.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into');
captureFirstFrame(container);

// In a task of its own after the modules have run (see startApp), and as a transition: React
// renders the first screen in slices of a few milliseconds instead of one long task, while
// the first frame from the HTML stays on screen.
const root = createRoot(container);
setTimeout(() => {
  const App = startApp();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);

// The browser loads its date and time-zone data on the first Intl.DateTimeFormat: 12 ms on
// this machine, 46 ms at a phone's 4x slower CPU. Here it runs in a task of its own, after
// the app has started its requests and before the screen's first render needs it, instead
// of lengthening that render's task.
setTimeout(() => new Intl.DateTimeFormat().resolvedOptions(), 0);
