import { z } from 'zod/mini';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PasswordSchema, requiredText } from './auth.js';
import { PageNumberSchema } from './posts.js';

// ---- Update Profile (spec 001: name, email read only, profile image, gender, address) -------

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
};
export const ADDRESS_MAX_LENGTH = 500;

/** An empty string means "not set", as a cleared form field or multipart field sends it. */
const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

export const GenderSchema = z.pipe(
  z.transform(emptyToNull),
  z.nullable(z.enum(GENDERS, { error: 'Gender must be male, female, other or not set' })),
);

export const AddressSchema = z.pipe(
  z.transform(emptyToNull),
  z.nullable(
    z
      .string({ error: 'Address must be text' })
      .check(z.trim())
      .check(
        z.maxLength(ADDRESS_MAX_LENGTH, `Address must be at most ${ADDRESS_MAX_LENGTH} characters`),
      ),
  ),
);

/** The text fields of `PUT /customer/update`; the optional `profile_image` file rides along. */
export const ProfileUpdateSchema = z.object({
  name: requiredText('Name').check(
    z.maxLength(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  ),
  gender: z._default(GenderSchema, null),
  address: z._default(AddressSchema, null),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const ProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The avatar's URL, or null for the placeholder. */
  profile_image: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  address: z.nullable(z.string()),
});
export type Profile = z.infer<typeof ProfileSchema>;

// ---- Avatar -------------------------------------------------------------------------------

/**
 * The avatar types taken, for the browser's picker and check and the server's check of the
 * bytes: each MIME type with the file-name extensions that name it (the first is the name
 * the server's image reader, image-size, gives the type).
 */
export const AVATAR_FILE_TYPES = [
  { mime: 'image/png', extensions: ['png'] },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { mime: 'image/webp', extensions: ['webp'] },
  { mime: 'image/gif', extensions: ['gif'] },
] as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIN_PIXELS = 32;
/** Declared dimensions above this are refused before any decoding (decompression bombs). */
export const AVATAR_MAX_PIXELS = 40_000_000;
/** Every avatar is stored re-encoded as a square of this many pixels. */
export const AVATAR_SIZE = 256;

export const PROFILE_MESSAGES = {
  fetched: 'Customer Fetched Successfully',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  fetchFailed: 'Failed to fetch customer data',
  avatarType: 'Please upload a PNG, JPEG, WebP or GIF image',
  avatarSize: 'The image must be 2 MB or smaller',
  avatarTooSmall: `The image must be at least ${AVATAR_MIN_PIXELS}x${AVATAR_MIN_PIXELS} pixels`,
  avatarTooLarge: 'The image has too many pixels. Please upload one under 40 megapixels.',
  avatarUnreadable: 'This image could not be read. Please save it again or choose another one.',
  unknownField: (name: string) => `Unexpected field "${name}"`,
} as const;

// ---- Security -----------------------------------------------------------------------------

const CurrentPasswordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Old password is required' : 'Old password must be text',
  })
  .check(z.minLength(1, 'Old password is required'))
  .check(z.maxLength(PASSWORD_MAX_LENGTH, 'Old password is incorrect'));

export const PasswordChangeSchema = z
  .object({ previous_password: CurrentPasswordSchema, new_password: PasswordSchema })
  .check(
    z.refine((body) => body.previous_password !== body.new_password, {
      message: 'The new password must be different from the old one',
      path: ['new_password'],
    }),
  );
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const PASSWORD_CHANGE_MESSAGES = {
  updated: 'Password updated successfully',
  failed: 'Failed to update password',
  mismatch: 'New password and confirm password do not match',
  wrongOld:
    'Your old password is incorrect. Enter the password you sign in with, or sign out and use "Forgot password" to reset it.',
} as const;

/** The Security form in the browser: the same rules plus the confirmation, checked before any call. */
export const PasswordChangeFormSchema = z
  .object({
    previous_password: CurrentPasswordSchema,
    new_password: PasswordSchema,
    confirm_password: z.string(),
  })
  .check(
    z.refine((form) => form.new_password === form.confirm_password, {
      message: PASSWORD_CHANGE_MESSAGES.mismatch,
      path: ['confirm_password'],
    }),
  )
  .check(
    z.refine((form) => form.previous_password !== form.new_password, {
      message: 'The new password must be different from the old one',
      path: ['new_password'],
    }),
  );
export type PasswordChangeForm = z.infer<typeof PasswordChangeFormSchema>;

// ---- Developer Info: the AI call log --------------------------------------------------------

export const API_LOGS_LIMIT_DEFAULT = 25;
export const API_LOGS_LIMIT_MAX = 100;

/** `page` and `limit`, as the other logs take them. */
export function pagingQuery(defaultLimit: number, maxLimit: number) {
  return {
    page: PageNumberSchema,
    limit: z._default(
      z.coerce
        .number({ error: 'limit must be a whole number' })
        .check(z.int('limit must be a whole number'))
        .check(z.gte(1, 'limit must be 1 or more'))
        .check(z.lte(maxLimit, `limit must be at most ${maxLimit}`)),
      defaultLimit,
    ),
  };
}

export const ApiLogListQuerySchema = z.object(
  pagingQuery(API_LOGS_LIMIT_DEFAULT, API_LOGS_LIMIT_MAX),
);

export const ApiLogSchema = z.object({
  id: z.string(),
  platform: z.string(),
  model: z.string(),
  purpose: z.string(),
  responseTime: z.number().check(z.int()),
  inputTokens: z.nullable(z.number().check(z.int())),
  outputTokens: z.nullable(z.number().check(z.int())),
  timestamp: z.string(),
  error: z.nullable(z.string()),
  warning: z.nullable(z.string()),
  prompt: z.string(),
  response: z.nullable(z.string()),
});
export type ApiLog = z.infer<typeof ApiLogSchema>;

export const ApiLogListSchema = z.object({
  rows: z.array(ApiLogSchema),
  /** Exact up to a few pages past the one asked for; beyond that see `count_is_exact`. */
  count: z.number().check(z.int()),
  /** False when more rows match than were counted (decision 041): more pages follow. */
  count_is_exact: z.optional(z.boolean()),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  /** This calendar month (UTC) of the account's calls. */
  month: z.object({
    calls: z.number().check(z.int()),
    errors: z.number().check(z.int()),
    input_tokens: z.number().check(z.int()),
    output_tokens: z.number().check(z.int()),
  }),
});
export type ApiLogList = z.infer<typeof ApiLogListSchema>;

export const DEVELOPER_MESSAGES = {
  fetched: 'API logs fetched successfully',
  failed: 'Failed to load API logs',
  copied: 'Copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
} as const;
