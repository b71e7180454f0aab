import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_MIN_PIXELS } from '@cadence/shared';
import { imageSize } from 'image-size';
import { AppError } from '../../errors.js';

export interface CheckedLogo {
  extension: 'png' | 'jpg' | 'svg';
  width: number | undefined;
  height: number | undefined;
}

const RASTER_TYPES: Record<string, CheckedLogo['extension']> = { png: 'png', jpg: 'jpg' };

/** Script, event handlers, external documents: none of it belongs in a logo. */
const ACTIVE_SVG_CONTENT =
  /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*(?:javascript|data:text\/html)/i;

function looksLikeSvg(bytes: Buffer) {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/**
 * Judges an uploaded logo by its bytes, never its name or declared type: PNG, JPEG or SVG,
 * under 2 MB, at least 10x10 pixels, and an SVG with nothing in it that could run.
 */
export function checkLogo(bytes: Buffer): CheckedLogo {
  if (bytes.length === 0) throw AppError.badRequest(LOGO_MESSAGES.missing, 'LOGO_MISSING');
  if (bytes.length >= LOGO_MAX_BYTES)
    throw AppError.payloadTooLarge(LOGO_MESSAGES.size, 'LOGO_TOO_LARGE');

  let extension: CheckedLogo['extension'];
  let width: number | undefined;
  let height: number | undefined;
  if (looksLikeSvg(bytes)) {
    if (ACTIVE_SVG_CONTENT.test(bytes.toString('utf8'))) {
      throw AppError.badRequest(LOGO_MESSAGES.svgScript, 'LOGO_SVG_ACTIVE');
    }
    extension = 'svg';
    try {
      ({ width, height } = imageSize(bytes));
    } catch {
      // An SVG without width, height or viewBox scales to any size: nothing to measure.
    }
  } else {
    let type: string | undefined;
    try {
      ({ type, width, height } = imageSize(bytes));
    } catch {
      type = undefined;
    }
    const raster = type ? RASTER_TYPES[type] : undefined;
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
