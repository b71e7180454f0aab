import {
  LOGO_FILE_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  LOGO_MIN_PIXELS,
  type LogoMimeType,
} from '@cadence/shared';

const LOGO_MIME_TYPES: readonly LogoMimeType[] = LOGO_FILE_TYPES.map((type) => type.mime);
/** For the file picker: the types the server takes, with extensions for systems without MIME types. */
export const LOGO_ACCEPT = [
  ...LOGO_MIME_TYPES,
  ...LOGO_FILE_TYPES.flatMap((type) => type.extensions.map((extension) => `.${extension}`)),
].join(',');

const EXTENSION_TYPES = new Map<string, LogoMimeType>(
  LOGO_FILE_TYPES.flatMap((type) => type.extensions.map((extension) => [extension, type.mime])),
);

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
export function getLogoType(file: LogoFileInfo): LogoMimeType | null {
  const type = file.type.toLowerCase();
  const known = LOGO_MIME_TYPES.find((mime) => mime === type);
  if (known !== undefined) return known;
  if (type !== '') return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES.get(extension) ?? null;
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
