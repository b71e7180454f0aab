/**
 * CPU per network call: the adapters' `httpCall` (undici's request) against the global
 * `fetch`, side by side. A stand-in network in a child process answers a small JSON body at
 * once (as the fakes do); this process makes the calls, `--concurrency` at a time, and only
 * its own CPU is counted. The two clients take turns for `--rounds` rounds; medians and the
 * ratio are printed.
 *
 *   npm run bench:http-call -- --calls 5000 --rounds 5
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { httpCall } from '../apps/server/src/integrations/networks/http-call.js';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '50' },
  },
});
const calls = Number(args.calls);
const rounds = Number(args.rounds);
const concurrency = Number(args.concurrency);

const SERVER = `
const { createServer } = require('node:http');
const answer = JSON.stringify({ data: { id: '1790000000000000000', text: 'x'.repeat(200) } });
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-rate-limit-remaining': '99' });
    response.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;
const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<number>((resolve) =>
  server.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
);
const url = `http://127.0.0.1:${port}/2/tweets`;
const body = JSON.stringify({
  text: 'A post of ordinary length, with a link https://example.com/a',
});
const headers = { authorization: 'Bearer token', 'content-type': 'application/json' };

const clients = {
  fetch: async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
    JSON.parse(await response.text());
    response.headers.get('x-rate-limit-remaining');
  },
  httpCall: async () => {
    const answer = await httpCall(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(15_000),
    });
    JSON.parse(answer.text);
    answer.headers.get('x-rate-limit-remaining');
  },
};
type Client = keyof typeof clients;

/** Microseconds of this process's CPU per call, over `calls` calls. */
async function measure(client: Client) {
  const call = clients[client];
  let started = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < calls) {
        started += 1;
        await call();
      }
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// Warm both (connections, JIT), then take turns.
for (const client of Object.keys(clients) as Client[]) await measure(client);
const results: Record<Client, number[]> = { fetch: [], httpCall: [] };
for (let round = 0; round < rounds; round++) {
  for (const client of Object.keys(clients) as Client[]) {
    results[client].push(await measure(client));
  }
}
console.log(`CPU per call (µs, this process only), ${calls} calls x ${rounds} rounds:`);
for (const client of Object.keys(clients) as Client[]) {
  console.log(
    `  ${client.padEnd(9)} median ${median(results[client]).toFixed(0)} (${results[client].map((value) => value.toFixed(0)).join(', ')})`,
  );
}
console.log(`  ratio     ${(median(results.httpCall) / median(results.fetch)).toFixed(2)}`);
server.kill();
