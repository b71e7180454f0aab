import {
  LOGO_FILE_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  LOGO_MIN_PIXELS,
  type LogoExtension,
} from '@cadence/shared';
import { imageSize } from 'image-size';
import { AppError } from '../../errors.js';
import { readTag } from '../../lib/markup/svg-scan.js';

export interface CheckedLogo {
  extension: LogoExtension;
  width: number | undefined;
  height: number | undefined;
}

/** The shared list's raster types, by image-size's name for them (their stored extension). */
const RASTER_TYPES = new Map<string, LogoExtension>(
  LOGO_FILE_TYPES.flatMap(({ extensions: [name] }) => (name === 'svg' ? [] : [[name, name]])),
);

/** The root `<svg` must start within this many bytes. */
const SVG_HEAD_BYTES = 4096;
/** image-size only reads a root tag that ends within its first 1,000 characters. */
const ROOT_TAG_MAX = 1000;

const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\r' || char === '\t' || char === '\f';

/**
 * Where the root `<svg` starts after an optional XML declaration, comments and an SVG
 * doctype, or -1 when the text does not start as an SVG. Steps from one piece to the next
 * (no backtracking: a pattern with a repeated lazy comment took exponential time on a file
 * of empty comments).
 */
function svgRootStart(head: string): number {
  let at = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipSpace = () => {
    while (isSpace(head[at])) at++;
  };
  const skipPast = (close: string, from: number) => {
    const end = head.indexOf(close, from);
    if (end < 0) return false;
    at = end + close.length;
    skipSpace();
    return true;
  };
  skipSpace();
  if (head.startsWith('<?xml', at) && !skipPast('>', at)) return -1;
  while (head.startsWith('<!--', at)) if (!skipPast('-->', at + 4)) return -1;
  if (head.slice(at, at + 13).toUpperCase() === '<!DOCTYPE SVG' && !skipPast('>', at)) return -1;
  return /^<svg[\s>]/i.test(head.slice(at, at + 5)) ? at : -1;
}

/** The SVG's size from its root tag, when it states one (an SVG without one scales). */
function measureSvg(head: string, rootStart: number): { width?: number; height?: number } {
  const tag = readTag(head, rootStart + 1);
  if (!tag || tag.end - rootStart > ROOT_TAG_MAX) return {};
  try {
    return imageSize(Buffer.from(`${head.slice(rootStart, tag.end)}</svg>`));
  } catch {
    return {};
  }
}

/**
 * Judges an uploaded logo by its bytes, never its name or declared type: PNG, JPEG or SVG,
 * under 2 MB, at least 10x10 pixels. Reads only the head of an SVG: its content is judged
 * and cleaned in the markup worker (`cleanSvg`), off the event loop.
 */
export function checkLogo(bytes: Buffer): CheckedLogo {
  if (bytes.length === 0) throw AppError.badRequest(LOGO_MESSAGES.missing, 'LOGO_MISSING');
  if (bytes.length >= LOGO_MAX_BYTES)
    throw AppError.payloadTooLarge(LOGO_MESSAGES.size, 'LOGO_TOO_LARGE');

  let extension: CheckedLogo['extension'];
  let width: number | undefined;
  let height: number | undefined;
  // The root tag may run past the first 4 KB; a little more text lets it be read whole.
  const head = bytes.subarray(0, SVG_HEAD_BYTES + ROOT_TAG_MAX).toString('utf8');
  const rootStart = svgRootStart(head);
  if (rootStart >= 0 && Buffer.byteLength(head.slice(0, rootStart)) < SVG_HEAD_BYTES) {
    extension = 'svg';
    ({ width, height } = measureSvg(head, rootStart));
  } else {
    let type: string | undefined;
    try {
      ({ type, width, height } = imageSize(bytes));
    } catch {
      type = undefined;
    }
    const raster = type ? RASTER_TYPES.get(type) : undefined;
    if (!raster) throw AppError.badRequest(LOGO_MESSAGES.type, 'LOGO_TYPE');
    extension = raster;
  }
  if (
    (width !== undefined && width < LOGO_MIN_PIXELS) ||
    (height !== undefined && height < LOGO_MIN_PIXELS)
  ) {
    throw AppError.badRequest(LOGO_MESSAGES.dimensions, 'LOGO_TOO_SMALL');
  }
  return { extension, width, height };
}
