// Loaded into the measured server with `node --import ./bench/memory-probe.mjs` by
// `npm run bench:memory`: on SIGWINCH (which the server does not use) it writes
// process.memoryUsage() and V8's heap spaces to $MEMORY_PROBE_FILE. Registers nothing else.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGWINCH', () => {
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    );
    const committed = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]),
    );
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), spaces, committed }));
  });
}
