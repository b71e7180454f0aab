import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { makePng } from './images.js';

/** Small real files of each media type the product accepts, built from their specs. */

export const JPEG = readFileSync(new URL('../fixtures/logo-40x24.jpg', import.meta.url));

export const PNG = makePng(16, 12);

/** A 1x1 GIF89a: header, screen descriptor, 2-colour table, one image, trailer. */
export const GIF = Buffer.concat([
  Buffer.from('GIF89a', 'ascii'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]),
  Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff, 0xff]),
  Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
  Buffer.from([0x3b]),
]);

function box(type: string, body: Buffer) {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}

/** An ISO base media file: `ftyp` with the given major brand, then an `mdat` of noise. */
function isoMedia(majorBrand: string, compatible: string[]) {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from(majorBrand, 'latin1'),
      Buffer.from([0x00, 0x00, 0x02, 0x00]),
      ...compatible.map((brand) => Buffer.from(brand, 'latin1')),
    ]),
  );
  return Buffer.concat([ftyp, box('free', Buffer.alloc(0)), box('mdat', randomBytes(256))]);
}

export const MP4 = isoMedia('isom', ['isom', 'iso2', 'avc1', 'mp41']);

/** QuickTime: the major brand is 'qt  ' (two spaces). */
export const QUICKTIME = isoMedia('qt  ', ['qt  ']);

function ebml(id: number[], body: Buffer) {
  // Sizes under 127 bytes fit a one-byte variable-length integer: 0x80 | size.
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
}

/** A WebM file: the EBML header with DocType 'webm', then a Segment of unknown size. */
export const WEBM = Buffer.concat([
  ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x86], Buffer.from([1])),
      ebml([0x42, 0xf7], Buffer.from([1])),
      ebml([0x42, 0xf2], Buffer.from([4])),
      ebml([0x42, 0xf3], Buffer.from([8])),
      ebml([0x42, 0x82], Buffer.from('webm', 'ascii')),
      ebml([0x42, 0x87], Buffer.from([2])),
      ebml([0x42, 0x85], Buffer.from([2])),
    ]),
  ),
  Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  randomBytes(256),
]);

export const TEXT_FILE = Buffer.from('Just some words in a text file, nothing more.\n'.repeat(20));

/** A multipart/form-data body of text fields and at most one file, in the given order. */
export function multipartForm(
  parts: (
    | { name: string; value: string }
    | { name: string; filename: string; type: string; bytes: Buffer }
  )[],
) {
  const boundary = `----cadence${randomBytes(8).toString('hex')}`;
  const chunks = parts.map((part) => {
    const head =
      'bytes' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    const body = 'bytes' in part ? part.bytes : Buffer.from(part.value, 'utf8');
    return Buffer.concat([Buffer.from(head, 'utf8'), body, Buffer.from('\r\n')]);
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A multipart body whose file is `size` bytes starting like a PNG, produced lazily in
 * 64 KiB chunks so the test itself never holds it either.
 */
export function streamedMultipart(fields: Record<string, string>, size: number) {
  const boundary = `----cadence${randomBytes(8).toString('hex')}`;
  const chunkSize = 64 * 1024;
  const head = PNG.subarray(0, 64);
  let produced = 0;
  function* body() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    yield head;
    produced = head.length;
    while (produced < size) {
      const next = Math.min(chunkSize, size - produced);
      produced += next;
      // A fresh buffer each time: a server that kept the chunks would show in memory.
      yield Buffer.alloc(next, 0x61);
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    produced: () => produced,
  };
}
