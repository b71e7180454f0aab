// The markup worker's entry: cleans SVGs and reads web pages off the server's main thread
// (decision 102). Built as its own file (dist/markup-worker.js); from the TypeScript
// sources it is started through tsx (markup-thread.ts).
import { parentPort } from 'node:worker_threads';
import { cleanSvg, judgeSvg, loadSvgCleaner } from './clean-svg.js';
import {
  TOO_COMPLEX,
  UNSAFE_SVG,
  type MarkupReply,
  type MarkupRequest,
} from './markup-protocol.js';
import { readPageText } from './page-text.js';

const port = parentPort;
if (!port) throw new Error('markup-worker.ts runs as a worker thread only');
const reply = (message: MarkupReply) => port.postMessage(message);

port.on('message', (request: MarkupRequest) => {
  void (async () => {
    const { id } = request;
    try {
      let output;
      if (request.task === 'clean-svg') {
        const text = Buffer.from(request.input).toString('utf8');
        // The cheap judgement first, so a refused file never waits for the cleaner to load;
        // the time limit then counts from the cleaning itself.
        judgeSvg(text);
        await loadSvgCleaner();
        reply({ id, type: 'started' });
        output = cleanSvg(text);
      } else {
        reply({ id, type: 'started' });
        output = readPageText(request.input);
      }
      reply({ id, type: 'done', output });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const name = error instanceof Error ? error.name : '';
      // A RangeError: a stack overflow (nesting too deep for a parser's recursion) or a
      // string too long to build.
      const reason =
        name === UNSAFE_SVG
          ? 'unsafe'
          : name === TOO_COMPLEX || error instanceof RangeError
            ? 'too-complex'
            : 'error';
      reply({ id, type: 'failed', reason, message });
    }
  })();
});
