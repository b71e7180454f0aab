import { BrandSchema } from './approval-basics.js';
import { TEAM_ROLES } from './roles.js';
import { z } from 'zod/mini';

export const OTP_LENGTH = 6;
/** A code lives this long after it is sent, and a new one can be asked for only after it. */
export const OTP_TTL_SECONDS = 120;
export const OTP_RESEND_LOCK_SECONDS = 120;
/** The fifth wrong try from one client burns the code for that client (docs/decisions/104). */
export const OTP_MAX_ATTEMPTS = 5;
/** Wrong tries from all clients together that burn a code for everyone. */
export const OTP_MAX_ATTEMPTS_PER_CODE = 20;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes whatever it is given; a cap keeps a huge password from costing us seconds. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
/** The same rule as a field's hint, under a new password (Settings > Security). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

export const OtpPurposeSchema = z.enum(['registration', 'reset_password'], {
  error: 'Purpose must be registration or reset_password',
});
export type OtpPurpose = z.infer<typeof OtpPurposeSchema>;

export function requiredText(label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .check(z.trim())
    .check(z.minLength(1, `${label} is required`));
}

export const EmailSchema = z.pipe(
  z.pipe(
    requiredText('Email').check(z.maxLength(EMAIL_MAX_LENGTH, 'Email is too long')),
    z.email('Enter a valid email address'),
  ),
  z.transform((email) => email.toLowerCase()),
);

export const PasswordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Password is required' : 'Password must be text',
  })
  .check(z.minLength(1, 'Password is required'))
  .check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_RULE))
  .check(
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/** Sign-in checks presence only: the length rule is for choosing a password, not for using one. */
const ExistingPasswordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Password is required' : 'Password must be text',
  })
  .check(z.minLength(1, 'Password is required'))
  .check(z.maxLength(PASSWORD_MAX_LENGTH, 'Email or password is incorrect'));

export const OtpCodeSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Code is required' : 'Code must be text'),
  })
  .check(z.regex(/^\d{6}$/, `The code must be ${OTP_LENGTH} digits`));

const NameSchema = requiredText('Name').check(
  z.maxLength(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
);

export const SignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignUp = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: ExistingPasswordSchema,
  /**
   * The mailed code, once a sign-in was answered SIGN_IN_CODE_REQUIRED: past the attempt
   * limits a correct password alone does not sign in (docs/decisions/104).
   */
  otp_code: z.optional(OtpCodeSchema),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const SubmitOtpSchema = z
  .object({
    purpose: OtpPurposeSchema,
    email: EmailSchema,
    otp_code: OtpCodeSchema,
    new_password: z.optional(PasswordSchema),
    /**
     * Registration only: the password the account opens with. The code proves the mailbox,
     * the password comes from the browser that holds the code, so nobody who merely signed
     * up with someone else's address can set the password the owner verifies into
     * (docs/decisions/090).
     */
    password: z.optional(PasswordSchema),
    /**
     * Registration only, optional: the name typed on the sign-up form. A pending account's
     * name changes only together with its code (docs/decisions/104).
     */
    name: z.optional(NameSchema),
  })
  .check(
    z.refine((body) => body.purpose !== 'reset_password' || body.new_password !== undefined, {
      message: 'New password is required',
      path: ['new_password'],
    }),
  )
  .check(
    z.refine((body) => body.purpose !== 'registration' || body.password !== undefined, {
      message: 'Password is required',
      path: ['password'],
    }),
  );
export type SubmitOtp = z.infer<typeof SubmitOtpSchema>;

export const ResendOtpSchema = z.object({
  purpose: OtpPurposeSchema,
  email: EmailSchema,
});
export type ResendOtp = z.infer<typeof ResendOtpSchema>;

export const OtpSentSchema = z.object({
  email: z.string(),
  purpose: OtpPurposeSchema,
  expires_in: z.number().check(z.int()),
  resend_in: z.number().check(z.int()),
});
export type OtpSent = z.infer<typeof OtpSentSchema>;

export const AccessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const MeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  /** The avatar's URL, or null for the placeholder. */
  profile_image: z.nullable(z.string()),
  /** True on a demo instance whose networks are local fakes (`npm run demo`). */
  simulated_networks: z.boolean(),
  /**
   * The caller's role in the workspace the request named (`X-Workspace-Id`; their own:
   * owner), and the only entities they may see there (null: all). The web offers what the
   * role allows (`can`, shared/roles.ts), the server's route rules decide.
   */
  role: z._default(z.enum(TEAM_ROLES), 'owner'),
  entity_ids: z._default(z.nullable(z.array(z.string())), null),
  /** The workspace's brand (white label) for the top bar; absent or Cadence's: the product's own. */
  brand: z.optional(BrandSchema),
  /**
   * What this customer can use here: AI ('on', 'not_on_plan': shown locked with the way to
   * upgrade, 'off': the server has no AI key, so not shown), and the article searches.
   */
  features: z.optional(
    z.object({
      ai: z.enum(['on', 'not_on_plan', 'off']),
      news_search: z.boolean(),
      web_search: z.boolean(),
      /** The Schedule dialog offers 'In 1 minute' first (SCHEDULE_IN_A_MINUTE; the demo). */
      schedule_in_a_minute: z._default(z.boolean(), false),
      /** The plan includes the public API: Settings > Developer Info offers API keys. */
      api: z._default(z.boolean(), false),
      /** The plan includes bulk scheduling: Posts offers the import from a file. */
      bulk_scheduling: z._default(z.boolean(), false),
    }),
  ),
  /**
   * Where this server is told a network's website is, when not the real one (the demo's
   * stand-ins): a link there is a post's link for 'mark published' (`postLinkProblem`).
   */
  post_link_origins: z.optional(
    z
      // `network` is a network id; a plain string, so the session check's schema (on every
      // page, /login included) does not load the networks module.
      .array(z.object({ network: z.string(), origin: z.string() })),
  ),
  /** Admins only: one line naming what the server lacks, for the person who runs it. */
  setup_hint: z.optional(z.nullable(z.string())),
});
export type Me = z.infer<typeof MeSchema>;
