import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageText } from '../html-text.js';
import type { MarkupOutputs, MarkupReply, MarkupRequest, MarkupTask } from './markup-protocol.js';

/** The markup took longer than its time limit, ran out of memory or nested too deep. */
export class MarkupTooComplexError extends Error {
  constructor(detail: string) {
    super(`The markup is too complex to process: ${detail}`);
    this.name = 'MarkupTooComplexError';
  }
}

/** The SVG had nothing drawable left once cleaned. */
export class UnsafeSvgError extends Error {
  constructor() {
    super('The SVG has no drawable content once cleaned');
    this.name = 'UnsafeSvgError';
  }
}

/** Too many tasks are already waiting for the worker. */
export class MarkupBusyError extends Error {
  constructor() {
    super('Too many files are waiting to be processed');
    this.name = 'MarkupBusyError';
  }
}

export interface MarkupThreadOptions {
  /** How long one task may run once started; then the worker is ended (and replaced). */
  timeLimitMs?: number;
  /** Tasks that may wait behind the running one; more are refused at once. */
  maxWaiting?: number;
  /** How long the worker may take to load its libraries before a task starts. */
  startLimitMs?: number;
  /** The worker's heap; a task that needs more ends the worker and is refused. */
  memoryLimitMb?: number;
}

/**
 * Measured in decision 102: a heavy real logo (884 KB, 3,698 elements) cleans in about
 * 0.9 s, the worst files within the scan's caps we found in about 1 s, a 2 MB web page
 * reads in about 1 s.
 */
export const MARKUP_DEFAULTS: Required<MarkupThreadOptions> = {
  timeLimitMs: 5_000,
  maxWaiting: 16,
  startLimitMs: 60_000,
  memoryLimitMb: 256,
};

interface Pending {
  request: MarkupRequest;
  resolve: (output: MarkupOutputs[MarkupTask]) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/** tsx's ESM loader API (`tsx/esm/api`, its `import` export), found from here. */
function tsxLoaderPath() {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (
    JSON.parse(readFileSync(manifest, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    }
  ).exports;
  return path.join(path.dirname(manifest), exports['./esm/api']!.import.default);
}

/**
 * The worker from the built server (dist/markup-worker.js, next to main.js), or from the
 * TypeScript sources through tsx's loader (tests, `tsx` scripts).
 */
function startWorker(memoryLimitMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryLimitMb };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./markup-worker.js', import.meta.url), { resourceLimits });
  }
  const tsx = pathToFileURL(tsxLoaderPath()).href;
  const entry = new URL('./markup-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/**
 * One worker thread, started on first use, that takes apart untrusted markup (uploaded
 * SVGs, fetched web pages) so the server's event loop never waits on it. Tasks run one at
 * a time; one that passes its time limit ends the worker, is refused as too complex, and
 * the next task gets a fresh worker.
 */
export function createMarkupThread(options: MarkupThreadOptions = {}) {
  const settings = { ...MARKUP_DEFAULTS, ...options };
  let worker: Worker | undefined;
  let current: Pending | undefined;
  const waiting: Pending[] = [];
  let nextId = 1;
  let isClosed = false;

  function finish(pending: Pending, outcome: { output?: unknown; error?: Error }) {
    clearTimeout(pending.timer);
    if (current === pending) current = undefined;
    if (outcome.error) pending.reject(outcome.error);
    else pending.resolve(outcome.output as MarkupOutputs[MarkupTask]);
    dispatch();
  }

  /** Ends the worker; the task it was running gets `error`, the next one a new worker. */
  function discard(from: Worker, error: Error) {
    if (worker !== from) return;
    worker = undefined;
    void from.terminate();
    if (current) finish(current, { error });
  }

  function spawn(): Worker {
    const made = startWorker(settings.memoryLimitMb);
    made.unref();
    made.on('message', (message: MarkupReply) => {
      const pending = current;
      if (worker !== made || !pending || pending.request.id !== message.id) return;
      if (message.type === 'started') {
        clearTimeout(pending.timer);
        pending.timer = setTimeout(
          () => discard(made, new MarkupTooComplexError(`over ${settings.timeLimitMs} ms`)),
          settings.timeLimitMs,
        );
        pending.timer.unref();
      } else if (message.type === 'done') {
        finish(pending, { output: message.output });
      } else if (message.reason === 'unsafe') {
        finish(pending, { error: new UnsafeSvgError() });
      } else if (message.reason === 'too-complex') {
        finish(pending, { error: new MarkupTooComplexError(message.message) });
      } else {
        finish(pending, { error: new Error(`markup worker: ${message.message}`) });
      }
    });
    made.on('error', (error: Error & { code?: string }) => {
      discard(
        made,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new MarkupTooComplexError('out of memory')
          : error,
      );
    });
    made.on('exit', (code) => {
      discard(made, new Error(`markup worker stopped (exit code ${code})`));
    });
    return made;
  }

  function dispatch() {
    if (current || isClosed) return;
    const pending = waiting.shift();
    if (!pending) return;
    current = pending;
    worker ??= spawn();
    const loading = worker;
    pending.timer = setTimeout(
      () => discard(loading, new Error('markup worker did not start in time')),
      settings.startLimitMs,
    );
    pending.timer.unref();
    loading.postMessage(pending.request);
  }

  function run<T extends MarkupTask>(
    task: T,
    input: Extract<MarkupRequest, { task: T }>['input'],
  ): Promise<MarkupOutputs[T]> {
    if (isClosed) return Promise.reject(new Error('markup thread is closed'));
    if (waiting.length >= settings.maxWaiting) return Promise.reject(new MarkupBusyError());
    return new Promise((resolve, reject) => {
      const request = { id: nextId++, task, input } as MarkupRequest;
      waiting.push({ request, resolve: resolve as Pending['resolve'], reject });
      dispatch();
    });
  }

  return {
    /**
     * Judges an uploaded SVG and cleans it with DOMPurify's SVG profile (see clean-svg.ts):
     * the document to store. The bytes are copied to the worker and decoded there.
     */
    cleanSvg: (bytes: Uint8Array): Promise<string> => run('clean-svg', bytes),
    /** Title, description and main text of an HTML page (see html-text.ts). */
    pageText: (html: string): Promise<PageText> => run('page-text', html),
    /** Refuses what waits and ends the worker. */
    async close() {
      isClosed = true;
      for (const pending of waiting.splice(0)) pending.reject(new Error('markup thread closed'));
      const running = worker;
      worker = undefined;
      if (current) finish(current, { error: new Error('markup thread closed') });
      await running?.terminate();
    },
  };
}

export type MarkupThread = ReturnType<typeof createMarkupThread>;
