import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The parts of Vite's `dist/.vite/manifest.json` this reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const WEB_ROOT = path.resolve(import.meta.dirname, '..');
export const DIST_DIR = path.join(WEB_ROOT, 'dist');
const MANIFEST_PATH = path.join(DIST_DIR, '.vite', 'manifest.json');

/**
 * The modules a route loads besides the app's entry: its screen, and the loader chunk that
 * starts its data (see src/app/screens.ts and src/app/route-data.ts). In a JSON file because
 * the server reads it too: it names these chunks in each route's page as modulepreload
 * links (apps/server/src/plugins/route-preloads.ts), so they download with the entry.
 */
export const ROUTE_SOURCES = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'route-sources.json'), 'utf8'),
) as Record<string, string[]>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
}

/**
 * Every JS file the browser fetches to render `route` on a fresh load: the entry and its
 * static imports, then the route's chunks and theirs (dynamic imports are not followed:
 * they load later, on demand).
 */
export function routeFiles(manifest: Manifest, route: string): string[] {
  const sources = ROUTE_SOURCES[route];
  if (!sources) throw new Error(`No sources known for route ${route}`);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (!entry) throw new Error('The Vite manifest has no entry chunk');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  [entry, ...sources].forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Bytes of a built file, gzipped at level 9 (what the `.gz` beside it holds). */
export function gzipSize(file: string): number {
  return gzipSync(readFileSync(path.join(DIST_DIR, file)), { level: 9 }).length;
}

/** Newest modification time of the files the web build is made from. */
export function newestSource(): number {
  let latest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else for (const entry of readdirSync(target)) visit(path.join(target, entry));
  };
  ['src', 'build', 'index.html', 'vite.config.ts', 'package.json', '../../packages/shared/src']
    .map((relative) => path.join(WEB_ROOT, relative))
    .forEach(visit);
  return latest;
}

export function isBuildStale(): boolean {
  return !existsSync(MANIFEST_PATH) || statSync(MANIFEST_PATH).mtimeMs < newestSource();
}
