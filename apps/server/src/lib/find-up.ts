import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds `relativePath` in the folder of this module or the nearest folder above it.
 * The same code runs from `src/` (tests, tsx) and bundled from `dist/`, at different depths.
 */
export function findUp(relativePath: string, from = path.dirname(fileURLToPath(import.meta.url))) {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
