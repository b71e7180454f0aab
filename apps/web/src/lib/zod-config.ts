import { z } from 'zod/mini';
import { en } from 'zod/locales';

// Zod compiles fast object parsers with `new Function`, after probing whether it may; the
// Content-Security-Policy (no 'unsafe-eval') refuses the probe and the browser reports it.
// The interpreted parsers give the same results and messages, at once.
z.config({ jitless: true });
z.config(en());
