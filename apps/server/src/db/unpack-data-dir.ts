import {
  closeSync,
  createReadStream,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

/**
 * Unpacks a gzipped tar of an embedded database's files (PGlite's `dumpDataDir('gzip')`, the
 * build's ready-made database) into `target`, streaming: at most one 64 kB chunk and one
 * header are in memory at a time. Handing the file to PGlite instead (`loadDataDir`) read the
 * whole archive, its 41 MB unpacked and a copy of every file into JavaScript memory, which an
 * idle server then kept: 394 MB resident after a first start against 265 MB after a warm one
 * (docs/benchmarks.md, "Server processes and memory").
 *
 * The files go into a sibling folder first and are renamed into place at the end, so a start
 * that is interrupted half-way leaves no half database behind (the next start unpacks again).
 * Only regular files and folders inside `target` are accepted; anything else is an error.
 */
export async function unpackDataDir(archive: string, target: string): Promise<void> {
  const root = path.resolve(`${target}.unpacking`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const header = Buffer.alloc(BLOCK);
  let headerFill = 0;
  /** The file being written, the bytes of it still to come and the padding after it. */
  let fd: number | undefined;
  let left = 0;
  let padding = 0;
  let ended = false;
  try {
    for await (const chunk of createReadStream(archive).pipe(
      createGunzip(),
    ) as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length && !ended) {
        if (left > 0) {
          const size = Math.min(left, chunk.length - at);
          writeSync(fd!, chunk, at, size);
          at += size;
          left -= size;
          if (left === 0) {
            closeSync(fd!);
            fd = undefined;
          }
        } else if (padding > 0) {
          const size = Math.min(padding, chunk.length - at);
          at += size;
          padding -= size;
        } else {
          const size = Math.min(BLOCK - headerFill, chunk.length - at);
          chunk.copy(header, headerFill, at, at + size);
          at += size;
          headerFill += size;
          if (headerFill < BLOCK) break;
          headerFill = 0;
          if (header.every((byte) => byte === 0)) {
            ended = true;
            break;
          }
          const entry = readHeader(header, root);
          if (entry.type === 'directory') {
            mkdirSync(entry.path, { recursive: true, mode: entry.mode | 0o700 });
          } else {
            mkdirSync(path.dirname(entry.path), { recursive: true, mode: 0o700 });
            fd = openSync(entry.path, 'w', entry.mode | 0o600);
            left = entry.size;
            padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
            if (left === 0) {
              closeSync(fd);
              fd = undefined;
            }
          }
        }
      }
    }
    if (!ended || left > 0) throw new Error(`${archive} ends in the middle of a file`);
    renameSync(root, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

function readHeader(block: Buffer, root: string) {
  const text = (from: number, length: number) => {
    const field = block.subarray(from, from + length);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const octal = (from: number, length: number) => {
    const value = text(from, length).trim();
    if (!/^[0-7]*$/.test(value)) throw new Error('Not a tar archive (a header field is not octal)');
    return value === '' ? 0 : parseInt(value, 8);
  };
  const sum = block.reduce(
    (total, byte, index) => total + (index >= 148 && index < 156 ? 32 : byte),
    0,
  );
  if (sum !== octal(148, 8)) throw new Error('Not a tar archive (a header checksum is wrong)');
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const resolved = path.resolve(root, `.${path.posix.sep}${name}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep))
    throw new Error(`The archive names a file outside the folder: ${name}`);
  const flag = String.fromCharCode(block[156]!);
  const mode = octal(100, 8) & 0o777;
  if (flag === '5') return { type: 'directory' as const, path: resolved, mode, size: 0 };
  if (flag === '0' || flag === '\0')
    return { type: 'file' as const, path: resolved, mode, size: octal(124, 12) };
  throw new Error(`The archive holds an entry of a kind not expected here (${flag}): ${name}`);
}
