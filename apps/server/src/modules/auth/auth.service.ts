import {
  AUTH_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  type PasswordChange,
  OTP_RESEND_LOCK_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
  type ResendOtp,
  ROUTES,
  type SignIn,
  type SignUp,
  type SubmitOtp,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { MailMessage, Mailer } from '../../integrations/mail.js';
import type { UserRow } from '../../db/schema/auth.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptCheck, AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { RateLimit } from '../../lib/rate-limiter.js';
import { accountExistsEmail } from './account-exists-email.js';
import * as repo from './auth.repository.js';
import { clientOf } from './client-key.js';
import { createOtpCodes } from './otp-codes.js';
import { otpEmail } from './otp-email.js';
import type { CodePurpose, OtpVerdict } from './otp.js';
import { passwordChangedEmail } from './password-changed-email.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './password.js';
import type { SessionCache } from './session-cache.js';
import type { TokenService } from './tokens.js';

export interface AuthLimits {
  /** Every attempt of one action from one client (IP). */
  perIp: RateLimit;
  /** One address from one client: what a stranger's failures fill, not the customer's. */
  perEmail: RateLimit;
  /** One address from all clients together: a brake on guessing spread over many clients. */
  perEmailTotal: RateLimit;
}

/**
 * Generous for people, tight for scripts; the OTP rules themselves live in the database.
 * Counted in the database, so they hold across processes (docs/decisions/020). Sign-in
 * counts failures only, and past a limit a correct password is asked for a mailed code
 * instead of being refused (docs/decisions/104).
 */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perIp: { max: 30, windowSeconds: 600 },
  perEmail: { max: 10, windowSeconds: 600 },
  perEmailTotal: { max: 100, windowSeconds: 600 },
};

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  tokens: TokenService;
  otpKey: Buffer;
  limiter: AttemptLimiter;
  /** Read at every attempt, so the admin's setting applies without a restart. */
  limits: () => Promise<AuthLimits>;
  logger: FastifyBaseLogger;
  /** Told when an account's tokens change, so this process stops trusting old ones at once. */
  sessions: SessionCache;
  /** For links in mail (the password-changed notice points at /settings#security). */
  publicUrl: string;
}

export type AuthAction =
  | 'sign-up'
  | 'sign-in'
  /** A sign-in's `otp_code`, counted once the password was right: only its holder fills it. */
  | 'sign-in-code'
  | 'submit-otp'
  | 'resend-otp'
  | 'password-change';

/**
 * The windows one attempt of `action` by a client for an account counts in: the client
 * first, then the account from that client, then the account from everyone (see
 * AttemptLimiter.hit). `client` is `clientOf(ip)`.
 */
export function authChecks(
  limits: AuthLimits,
  action: AuthAction,
  client: string,
  account: string,
): AttemptCheck[] {
  return [
    { key: `${action}:ip:${client}`, limit: limits.perIp },
    { key: `${action}:account:${account}:ip:${client}`, limit: limits.perEmail },
    { key: `${action}:account:${account}`, limit: limits.perEmailTotal },
  ];
}

/** Counts one attempt and throws a 429 past any of its windows. */
export function throttleAuth(
  limiter: AttemptLimiter,
  limits: AuthLimits,
  action: AuthAction,
  ip: string,
  account: string,
) {
  return limiter.hit(...authChecks(limits, action, clientOf(ip), account));
}

/** The error for every verdict on a code but `accepted`. */
function codeRefused(verdict: Exclude<OtpVerdict, { kind: 'accepted' }>) {
  switch (verdict.kind) {
    case 'missing':
      return AppError.badRequest(AUTH_MESSAGES.otpMissing, 'OTP_MISSING');
    case 'expired':
      return AppError.badRequest(AUTH_MESSAGES.otpExpired, 'OTP_EXPIRED');
    case 'burned':
      return AppError.badRequest(AUTH_MESSAGES.otpBurned, 'OTP_BURNED');
    case 'wrong':
      return AppError.badRequest(AUTH_MESSAGES.otpInvalid, 'OTP_INVALID');
  }
}

/** A mail before it is addressed. */
type Mail = Omit<MailMessage, 'to'>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const codes = createOtpCodes({ db, clock, otpKey: deps.otpKey });

  const throttle = async (action: AuthAction, client: string, email: string) =>
    deps.limiter.hit(...authChecks(await deps.limits(), action, client, email));

  function otpSent(email: string, purpose: OtpPurpose, resendIn = OTP_RESEND_LOCK_SECONDS) {
    return { email, purpose, expires_in: OTP_TTL_SECONDS, resend_in: resendIn };
  }

  const codeMail = (name: string, purpose: CodePurpose, code: string) =>
    otpEmail({ name, purpose, code, lifetimeSeconds: OTP_TTL_SECONDS });
  const accountExistsMail = () =>
    accountExistsEmail({ signInUrl: `${deps.publicUrl}${ROUTES.login}` });

  /** Mails now; a code that could not be mailed must not hold the resend lock. */
  async function mailOrRelease(otpId: string, to: string, mail: Mail) {
    try {
      await deps.mailer.send({ to, ...mail });
    } catch (error) {
      deps.logger.error({ err: error, to }, 'could not send the one-time code');
      await codes.release(otpId);
      throw AppError.unavailable(
        'We could not send the email with your code. Please try again in a moment.',
        'MAIL_FAILED',
      );
    }
  }

  /** Mails after the answer, so its latency does not tell one kind of address from another. */
  function mailLater(otpId: string, to: string, mail: Mail) {
    deps.mailer.send({ to, ...mail }).catch(async (error: unknown) => {
      deps.logger.error({ err: error }, 'could not send the one-time code');
      await codes.release(otpId).catch(() => undefined);
    });
  }

  /**
   * Past the attempt limits a correct password alone does not sign in: a code goes to the
   * address (one per client and resend lock), and the sign-in is repeated with it.
   */
  async function requireSignInCode(user: UserRow, client: string): Promise<never> {
    const issued = await codes.issue({
      email: user.email,
      purpose: 'sign_in',
      client,
      userId: user.id,
    });
    if ('code' in issued) {
      await mailOrRelease(issued.otpId, user.email, codeMail(user.name, 'sign_in', issued.code));
    }
    // retry-after is the full lock exactly when a code was just mailed (the app's Resend
    // tells "sent" from "wait" by it), so a fresh one still locked says one second less.
    const resendIn =
      'code' in issued
        ? OTP_RESEND_LOCK_SECONDS
        : Math.min(issued.waitSeconds, OTP_RESEND_LOCK_SECONDS - 1);
    throw new AppError(403, 'SIGN_IN_CODE_REQUIRED', AUTH_MESSAGES.signInCodeRequired(user.email), {
      'retry-after': String(resendIn),
    });
  }

  return {
    async signUp(input: SignUp, ip: string) {
      const client = clientOf(ip);
      await throttle('sign-up', client, input.email);
      // The same answer and the same work whatever the address (docs/decisions/104): a
      // password hash, a code row and a mail each. An address with an account is mailed
      // that it has one; a pending account keeps its name and password until its code is
      // entered with them (docs/decisions/090).
      const passwordHash = await hashPassword(input.password);
      const user = await repo.insertPendingUser(db, { ...input, passwordHash });
      const issued = await codes.issue({
        email: input.email,
        purpose: 'registration',
        client,
        userId: user.isVerified ? null : user.id,
      });
      // Signing up again while this client's code is fresh is not an error: it still works.
      if ('waitSeconds' in issued) return otpSent(input.email, 'registration', issued.waitSeconds);
      const mail = user.isVerified
        ? accountExistsMail()
        : codeMail(input.name, 'registration', issued.code);
      await mailOrRelease(issued.otpId, input.email, mail);
      return otpSent(input.email, 'registration');
    },

    async resendOtp(input: ResendOtp, ip: string) {
      const client = clientOf(ip);
      await throttle('resend-otp', client, input.email);
      const user = await repo.findUserByEmail(db, input.email);
      // The same answer, lock and timing whether or not the address has an account (or a
      // pending sign-up). A code row is kept for the others too (nobody knows its code),
      // and mail goes out in the background.
      const holder = input.purpose === 'registration' && user?.isVerified ? undefined : user;
      const issued = await codes.issue({
        email: input.email,
        purpose: input.purpose,
        client,
        userId: holder?.id ?? null,
      });
      if ('waitSeconds' in issued) {
        throw AppError.tooManyRequests(
          AUTH_MESSAGES.resendLocked(issued.waitSeconds),
          issued.waitSeconds,
          'OTP_RESEND_LOCKED',
        );
      }
      if (holder) {
        mailLater(issued.otpId, input.email, codeMail(holder.name, input.purpose, issued.code));
      } else if (user) {
        mailLater(issued.otpId, input.email, accountExistsMail());
      }
      const message =
        input.purpose === 'registration' ? AUTH_MESSAGES.otpSent : AUTH_MESSAGES.resetCodeSent;
      return { message, data: otpSent(input.email, input.purpose) };
    },

    async submitOtp(input: SubmitOtp, ip: string) {
      const client = clientOf(ip);
      await throttle('submit-otp', client, input.email);
      // Reset: the new password. Registration: the password (and name) of the browser
      // holding the code, whatever a later (or earlier) sign-up for the same address chose.
      const isRegistration = input.purpose === 'registration';
      const chosenPassword = isRegistration ? input.password : input.new_password;
      const newPasswordHash = chosenPassword ? await hashPassword(chosenPassword) : undefined;
      let changedUserId: string | undefined;
      const verdict = await codes.submit(
        { email: input.email, purpose: input.purpose, client, code: input.otp_code },
        async (tx, code) => {
          // A code for an address with no account can only be "accepted" by a lucky guess.
          if (!code.userId) return;
          const now = clock();
          await repo.markVerified(tx, code.userId, now);
          if (isRegistration) {
            await repo.promoteIfFirstAdmin(tx, code.userId);
            if (input.name) await repo.renameUser(tx, code.userId, input.name, now);
          }
          if (newPasswordHash) await repo.replacePassword(tx, code.userId, newPasswordHash, now);
          changedUserId = code.userId;
        },
      );
      // After the commit: a request in between must not re-read the old token version.
      if (changedUserId) deps.sessions.forget(changedUserId);
      if (verdict.kind !== 'accepted') throw codeRefused(verdict);
      if (!verdict.code.userId) throw codeRefused({ kind: 'wrong' });
      return isRegistration ? AUTH_MESSAGES.accountVerified : AUTH_MESSAGES.passwordReset;
    },

    async signIn(input: SignIn, ip: string) {
      const client = clientOf(ip);
      // Counted before the check (so parallel guesses cannot slip past), taken back below
      // when the password is right: only failures fill the windows.
      const taken = await deps.limiter.take(
        ...authChecks(await deps.limits(), 'sign-in', client, input.email),
      );
      const user = await repo.findUserByEmail(db, input.email);
      const isRight = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await spendPasswordCheck(input.password).then(() => false);
      if (!user || !isRight) {
        if (taken.refusedFor !== undefined) {
          throw AppError.tooManyRequests(
            AUTH_MESSAGES.tooManyAttempts(taken.refusedFor),
            taken.refusedFor,
            'RATE_LIMITED',
          );
        }
        throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      await deps.limiter.refund(taken);
      if (!user.isVerified) {
        // The way back into a pending sign-up: a fresh code when the lock allows, and the
        // seconds until Resend in retry-after, so the app opens the code dialog.
        const issued = await codes.issue({
          email: user.email,
          purpose: 'registration',
          client,
          userId: user.id,
        });
        if ('code' in issued) {
          const mail = codeMail(user.name, 'registration', issued.code);
          await mailOrRelease(issued.otpId, user.email, mail);
        }
        const resendIn = 'code' in issued ? OTP_RESEND_LOCK_SECONDS : issued.waitSeconds;
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.notVerified(user.email), {
          'retry-after': String(resendIn),
        });
      }
      if (input.otp_code !== undefined) {
        // Guesses at the code are bounded like a reset code's (the right password gave its
        // attempt back above), in windows nobody without the password can fill.
        await throttle('sign-in-code', client, user.email);
        const verdict = await codes.submit({
          email: user.email,
          purpose: 'sign_in',
          client,
          code: input.otp_code,
        });
        if (verdict.kind !== 'accepted') throw codeRefused(verdict);
      } else if (taken.refusedFor !== undefined) {
        await requireSignInCode(user, client);
      }
      await repo.recordSignIn(db, user.id, clock());
      const { token, expiresAt } = await deps.tokens.issue({
        userId: user.id,
        tokenVersion: user.tokenVersion,
      });
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * The Settings page's password change: checks the old password, sets the new one and
     * bumps the token version, so every other session ends; answers a fresh token for the
     * browser that made the change, and mails a short notice.
     */
    async changePassword(userId: string, input: PasswordChange, ip: string) {
      await throttle('password-change', clientOf(ip), `user:${userId}`);
      const user = await repo.findUserById(db, userId);
      if (!user) throw AppError.unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
      if (!(await verifyPassword(user.passwordHash, input.previous_password))) {
        throw AppError.badRequest(PASSWORD_CHANGE_MESSAGES.wrongOld, 'WRONG_PASSWORD');
      }
      const now = clock();
      const passwordHash = await hashPassword(input.new_password);
      const tokenVersion = await repo.replacePassword(db, userId, passwordHash, now);
      if (tokenVersion === undefined)
        throw AppError.unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
      deps.sessions.forget(userId);
      const { token, expiresAt } = await deps.tokens.issue({ userId, tokenVersion });
      const mail = passwordChangedEmail({
        name: user.name,
        at: now,
        settingsUrl: `${deps.publicUrl}/settings#security`,
      });
      // The change stands even if the notice cannot be sent right now.
      deps.mailer.send({ to: user.email, ...mail }).catch((error: unknown) => {
        deps.logger.error({ err: error }, 'could not send the password-changed notice');
      });
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_at: expiresAt.toISOString(),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
