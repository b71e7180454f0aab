// First: configures zod before any schema parses.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureFirstFrame } from './components/layout/first-frame';
import './index.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into');
captureFirstFrame(container);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
