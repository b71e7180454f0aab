import { ApprovalModeSchema } from './approval-basics.js';
import { z } from 'zod/mini';
import { normalizeWebsite } from './web-address.js';
import { NETWORK_IDS } from './networks.js';

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Financial Services',
  'Manufacturing',
  'Retail',
  'Education',
  'Real Estate',
  'Entertainment',
  'Transportation',
  'Energy',
  'Agriculture',
  'Construction',
  'Hospitality',
  'Professional Services',
  'Media & Communications',
] as const;
/** The value of the 'Other (Custom)' choice; the free text goes in `custom_industry`. */
export const CUSTOM_INDUSTRY = 'custom';
export const CUSTOM_INDUSTRY_LABEL = 'Other (Custom)';
export const IndustrySchema = z.enum([...INDUSTRIES, CUSTOM_INDUSTRY], {
  error: 'Choose an industry from the list, or Other (Custom)',
});

/** Entity tones steer AI only; they are not stored with the company. */
export const ENTITY_TONES = [
  'marketing',
  'professional',
  'friendly',
  'technical',
  'casual',
  'enthusiastic',
  'authoritative',
  'innovative',
  'trustworthy',
  'educational',
] as const;
export const DEFAULT_ENTITY_TONE = 'marketing';
export const EntityToneSchema = z.enum(ENTITY_TONES, { error: 'Choose a tone from the list' });
export type EntityTone = z.infer<typeof EntityToneSchema>;

export const COMPANY_NAME_MAX = 100;
export const COMPANY_WEBSITE_MAX = 2048;
export const COMPANY_DESCRIPTION_MAX = 2000;
export const CUSTOM_INDUSTRY_MAX = 100;

/**
 * The logo types taken (spec 000 section 5), for the browser's picker and check and the
 * server's check of the bytes: each MIME type with the file-name extensions that name it.
 * The first extension is the one the file is stored under, and the name the server's image
 * reader (image-size) gives the type.
 */
export const LOGO_FILE_TYPES = [
  { mime: 'image/png', extensions: ['png'] },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { mime: 'image/svg+xml', extensions: ['svg'] },
] as const;
export type LogoMimeType = (typeof LOGO_FILE_TYPES)[number]['mime'];
export type LogoExtension = (typeof LOGO_FILE_TYPES)[number]['extensions'][0];

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIN_PIXELS = 10;
export const LOGO_MESSAGES = {
  type: 'Please upload a PNG, JPG, or SVG file',
  size: 'File size must be less than 2MB',
  dimensions: 'Image must be at least 10x10 pixels',
  svgScript: 'SVG logos must not contain scripts or event handlers',
  svgTooComplex:
    'This SVG is too complex to accept (too many or too deeply nested elements). Export the logo as a PNG and upload that instead.',
  missing: 'Please choose a logo file to upload',
} as const;

const text = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  });

export const WebsiteSchema = z.pipe(
  text('Website')
    .check(z.trim())
    .check(z.minLength(1, 'Website is required'))
    .check(z.maxLength(COMPANY_WEBSITE_MAX, 'Website is too long')),
  z.transform((value, ctx) => {
    const normalized = normalizeWebsite(value);
    if (!normalized) {
      ctx.issues.push({
        input: value,
        code: 'custom',
        message: 'Enter a valid website address, like example.com',
      });
      return z.NEVER;
    }
    return normalized;
  }),
);

const optionalText = (label: string, max: number) =>
  z.pipe(
    z.nullish(
      text(label)
        .check(z.trim())
        .check(z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    z.transform((value) => (value ? value : null)),
  );

export const CompanyInputSchema = z.pipe(
  z
    .object({
      name: text('Name')
        .check(z.trim())
        .check(z.minLength(1, 'Name is required'))
        .check(
          z.maxLength(COMPANY_NAME_MAX, `Name must be at most ${COMPANY_NAME_MAX} characters`),
        ),
      website: WebsiteSchema,
      industry: z.pipe(
        z.nullish(
          z.enum([...INDUSTRIES, CUSTOM_INDUSTRY, ''], {
            error: 'Choose an industry from the list, or Other (Custom)',
          }),
        ),
        z.transform((value) => (value ? value : null)),
      ),
      custom_industry: optionalText('Custom industry', CUSTOM_INDUSTRY_MAX),
      description: optionalText('Description', COMPANY_DESCRIPTION_MAX),
      logo_url: z.pipe(
        z.nullish(
          z
            .string({ error: 'Logo URL must be text' })
            .check(z.trim())
            .check(z.maxLength(COMPANY_WEBSITE_MAX, 'Logo URL is too long'))
            .check(
              z.refine(
                (value) =>
                  value === '' || value.startsWith('/uploads/') || /^https?:\/\//.test(value),
                {
                  message: 'Logo URL must be an uploaded logo or a web address',
                },
              ),
            ),
        ),
        z.transform((value) => (value ? value : null)),
      ),
      /** Left out: unchanged on an update, 'none' on a new entity. */
      approval: z.optional(ApprovalModeSchema),
    })
    .check(
      z.superRefine((company, ctx) => {
        if (company.industry === CUSTOM_INDUSTRY && !company.custom_industry) {
          ctx.addIssue({
            code: 'custom',
            path: ['custom_industry'],
            message: 'Please enter your industry',
          });
        }
      }),
    ),
  z.transform((company) => ({
    ...company,
    custom_industry: company.industry === CUSTOM_INDUSTRY ? company.custom_industry : null,
  })),
);
export type CompanyInput = z.input<typeof CompanyInputSchema>;
export type CompanyFields = z.output<typeof CompanyInputSchema>;

export const SocialCredentialSummarySchema = z.object({
  social_account: z.object({ key: z.enum(NETWORK_IDS), name: z.string() }),
  account_name: z.nullable(z.string()),
  connected_at: z.string(),
  /** The token's expiry when only a reconnect renews it ('Reconnect before {date}'). */
  reconnect_before: z.nullable(z.string()),
});

export const CompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string(),
  industry: z.nullable(z.string()),
  custom_industry: z.nullable(z.string()),
  description: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
  /** Who approves its posts before they go out (always answered; optional for older callers). */
  approval: z.optional(ApprovalModeSchema),
  social_credentials: z.array(SocialCredentialSummarySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyListSchema = z.object({
  rows: z.array(CompanySchema),
  supported_social_accounts: z.array(z.enum(NETWORK_IDS)),
  /** The plan's company limit (null: unlimited), so the screen can say why Add is refused. */
  company_limit: z.nullable(z.number().check(z.int())),
  /**
   * The plan's network limit (null: unlimited): how many networks the customer's entities
   * may use between them, each network counted once (`networksInUse`).
   */
  network_limit: z.nullable(z.number().check(z.int())),
});
export type CompanyList = z.infer<typeof CompanyListSchema>;

export const CompanyIdParamsSchema = z.object({
  id: z.uuid({ error: 'Entity not found' }),
});

export const LogoUploadSchema = z.object({ logo_url: z.string() });

export const CompanyDescriptionRequestSchema = z.object({
  website: z.pipe(
    z
      .string({ error: 'Please enter a website URL' })
      .check(z.trim())
      .check(z.minLength(1, 'Please enter a website URL'))
      .check(z.maxLength(COMPANY_WEBSITE_MAX, 'Website is too long')),
    z.transform((value, ctx) => {
      const normalized = normalizeWebsite(value);
      if (!normalized) {
        ctx.issues.push({ input: value, code: 'custom', message: 'Please enter a website URL' });
        return z.NEVER;
      }
      return normalized;
    }),
  ),
  tone: z._default(EntityToneSchema, DEFAULT_ENTITY_TONE),
  industry: z.nullish(z.string().check(z.trim()).check(z.maxLength(CUSTOM_INDUSTRY_MAX))),
  name: z.nullish(z.string().check(z.trim()).check(z.maxLength(COMPANY_NAME_MAX))),
});
export type CompanyDescriptionRequest = z.input<typeof CompanyDescriptionRequestSchema>;

export const CompanyDescriptionSchema = z.object({ description: z.string() });

export const COMPANY_TOASTS = {
  added: 'Company added successfully',
  updated: 'Entity updated successfully',
  deleted: 'Company deleted successfully',
  deleteFailed: 'Failed to delete company',
  fetchFailed: 'Failed to fetch companies',
  logoUploaded: 'Logo uploaded successfully',
  logoFailed: 'Failed to upload logo',
  websiteScanned: 'Website scanned successfully',
  scanFailed: 'Failed to scan website',
  addFailed: 'Failed to add entity',
  updateFailed: 'Failed to update entity',
} as const;

export const COMPANY_MESSAGES = {
  // The spec's texts where it fixes them (added, deleted); ours say entity.
  notFound: 'Entity not found',
  created: 'Company added successfully',
  updated: 'Entity updated successfully',
  deleted: 'Company deleted successfully',
  fetched: 'Entities fetched successfully',
  limitReached: (limit: number, tierName: string) =>
    `Your ${tierName} plan allows ${limit} ${limit === 1 ? 'entity' : 'entities'}. Upgrade your plan on the Subscription Plans page to add more.`,
} as const;

export const DELETE_COMPANY_DIALOG = {
  title: 'Delete Company',
  message: 'Are you sure you want to delete this company? This action cannot be undone.',
} as const;
