import { z } from 'zod/mini';

/** Ending sessions on the server: this one (the app's Sign out) or every one of the account. */
export const SignOutSchema = z.pipe(
  z.transform((value) => value ?? {}),
  z.object({
    /** true: every session of the account ends, this one included (Settings > Security). */
    everywhere: z.optional(z.boolean({ error: 'everywhere must be true or false' })),
  }),
);
export type SignOut = z.output<typeof SignOutSchema>;

/** Signing out on the server: this session (Logout) or every one (Settings > Security). */
export const SIGN_OUT_MESSAGES = {
  signedOut: 'You are signed out.',
  signedOutEverywhere: 'You are signed out on every device.',
  everywhereFailed: 'Could not sign out everywhere. Please try again.',
  everywhereTitle: 'Sign out everywhere?',
  everywhereBody:
    'Every browser and device signed in to this account, this one included, will have to sign in again.',
} as const;
