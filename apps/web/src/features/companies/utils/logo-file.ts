import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_MIN_PIXELS } from '@cadence/shared';

export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** For the file picker: the types the server takes, with extensions for systems without MIME types. */
export const LOGO_ACCEPT = [...LOGO_MIME_TYPES, '.png', '.jpg', '.jpeg', '.svg'].join(',');

const EXTENSION_TYPES: Record<string, (typeof LOGO_MIME_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** The part of a File the checks read, so they run without a browser. */
export interface LogoFileInfo {
  name: string;
  type: string;
  size: number;
}

/**
 * The logo's type as the server will see it, or null when it is not PNG, JPEG or SVG.
 * Some systems hand over an empty MIME type; the extension decides then.
 */
export function getLogoType(file: LogoFileInfo): (typeof LOGO_MIME_TYPES)[number] | null {
  const type = file.type.toLowerCase();
  const known = LOGO_MIME_TYPES.find((mime) => mime === type);
  if (known !== undefined) return known;
  if (type !== '') return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? null;
}

/** The checks the browser can make before uploading: the server's type and size messages, or null. */
export function checkLogoFile(file: LogoFileInfo): string | null {
  if (getLogoType(file) === null) return LOGO_MESSAGES.type;
  if (file.size >= LOGO_MAX_BYTES) return LOGO_MESSAGES.size;
  return null;
}

/** A decoded raster image must be at least 10x10 pixels; SVGs are left to the server. */
export function checkLogoDimensions(width: number, height: number): string | null {
  return width < LOGO_MIN_PIXELS || height < LOGO_MIN_PIXELS ? LOGO_MESSAGES.dimensions : null;
}

export function isRasterLogo(file: LogoFileInfo): boolean {
  const type = getLogoType(file);
  return type === 'image/png' || type === 'image/jpeg';
}
