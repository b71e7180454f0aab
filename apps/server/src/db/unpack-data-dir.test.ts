import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { unpackDataDir } from './unpack-data-dir.js';

/** One tar entry (ustar header and the content padded to 512 bytes), as PGlite writes them. */
function entry(name: string, content: Buffer | null, type = content ? '0' : '5') {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write(content ? '0000600\0' : '0000750\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${(content?.length ?? 0).toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write(type, 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  header.write('        ', 148);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  if (!content) return header;
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, padding]);
}

const archiveOf = (...entries: Buffer[]) =>
  gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));

describe('unpacking the ready-made embedded database', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cadence-unpack-'));
    dirs.push(dir);
    return dir;
  };

  it('writes every folder and file, large and empty ones too, then moves it into place', async () => {
    const dir = newDir();
    // Larger than a gunzip chunk, so a file spans several of them.
    const large = Buffer.alloc(200_000, 7);
    large.write('end', large.length - 3);
    const archive = path.join(dir, 'data.tar.gz');
    writeFileSync(
      archive,
      archiveOf(
        entry('/base', null),
        entry('/base/1', null),
        entry('/base/1/1259', large),
        entry('/PG_VERSION', Buffer.from('17\n')),
        entry('/global/pg_filenode.map', Buffer.alloc(0)),
      ),
    );
    const target = path.join(dir, 'pglite');
    await unpackDataDir(archive, target);
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(target, 'base/1/1259')).equals(large)).toBe(true);
    expect(readFileSync(path.join(target, 'global/pg_filenode.map')).length).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['data.tar.gz', 'pglite']);
  });

  it.each([
    ['a name outside the folder', entry('/../outside', Buffer.from('x')), /outside the folder/],
    ['a link', entry('/link', Buffer.alloc(0), '2'), /not expected/],
    ['a damaged header', Buffer.alloc(512, 1), /Not a tar archive/],
  ])('refuses %s and leaves nothing behind', async (_label, bad, message) => {
    const dir = newDir();
    const archive = path.join(dir, 'data.tar.gz');
    writeFileSync(archive, archiveOf(entry('/PG_VERSION', Buffer.from('17\n')), bad));
    const target = path.join(dir, 'pglite');
    await expect(unpackDataDir(archive, target)).rejects.toThrow(message);
    expect(readdirSync(dir)).toEqual(['data.tar.gz']);
    expect(existsSync(path.join(path.dirname(dir), 'outside'))).toBe(false);
  });

  it('refuses an archive that stops in the middle of a file', async () => {
    const dir = newDir();
    const archive = path.join(dir, 'data.tar.gz');
    const whole = entry('/base/1/1259', Buffer.alloc(4096, 1));
    writeFileSync(archive, gzipSync(whole.subarray(0, 2048)));
    await expect(unpackDataDir(archive, path.join(dir, 'pglite'))).rejects.toThrow(/ends/);
    expect(readdirSync(dir)).toEqual(['data.tar.gz']);
  });
});
