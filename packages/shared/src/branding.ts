import { z } from 'zod/mini';

// ---- White label: a workspace's own brand --------------------------------------------------

/** The least contrast an accent colour must have against white (WCAG AA for normal text). */
export const MIN_ACCENT_CONTRAST = 4.5;
export const BRAND_NAME_MAX = 60;

const HEX = /^#([0-9a-f]{6})$/i;

/** The relative luminance of a '#rrggbb' colour (WCAG 2.x); null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = match[1];
  const channel = (offset: number) => {
    const c = parseInt(value.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The contrast ratio of two '#rrggbb' colours (1 to 21); null when either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether an accent colour is readable on white: white text on it, it as text on white. */
export function isAccentReadable(hex: string): boolean {
  const ratio = contrastRatio(hex, '#ffffff');
  return ratio !== null && ratio >= MIN_ACCENT_CONTRAST;
}

export const BRANDING_MESSAGES = {
  colourFormat: 'Accent colour must be a colour like #4f46e5',
  contrast: (ratio: number) =>
    `This accent colour has a contrast of ${ratio.toFixed(2)}:1 with white; it needs at least ${MIN_ACCENT_CONTRAST}:1. Choose a darker colour.`,
  planRequired: 'White label is on the Enterprise plan: Upgrade',
  ownerOnly: 'Only the workspace owner can change its branding.',
  saved: 'Branding saved',
} as const;

export const BrandingInputSchema = z.object({
  name: z
    .string({ error: 'Brand name must be text' })
    .check(z.trim())
    .check(z.minLength(1, 'Brand name is required'))
    .check(z.maxLength(BRAND_NAME_MAX, `Brand name must be at most ${BRAND_NAME_MAX} characters`)),
  logo_url: z.pipe(
    z.nullish(
      z
        .string({ error: 'Logo URL must be text' })
        .check(z.trim())
        .check(z.maxLength(2048, 'Logo URL is too long'))
        .check(
          z.refine((value) => value === '' || value.startsWith('/uploads/'), {
            message: 'Logo must be an uploaded logo',
          }),
        ),
    ),
    z.transform((value) => (value ? value : null)),
  ),
  accent_color: z
    .string({ error: BRANDING_MESSAGES.colourFormat })
    .check(z.trim())
    .check(z.regex(HEX, BRANDING_MESSAGES.colourFormat)),
});
export type BrandingInput = z.input<typeof BrandingInputSchema>;

export const BrandingSchema = z.object({
  /** The plan includes white label. */
  available: z.boolean(),
  /** The brand set (null: none yet). */
  brand: z.nullable(
    z.object({ name: z.string(), logo_url: z.nullable(z.string()), accent_color: z.string() }),
  ),
  /** What members and clients see now: the brand when set and the plan allows it, else Cadence. */
  effective: z.object({
    name: z.string(),
    logo_url: z.nullable(z.string()),
    accent_color: z.string(),
  }),
});
export type Branding = z.infer<typeof BrandingSchema>;
