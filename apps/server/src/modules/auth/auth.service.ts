import {
  AUTH_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  type PasswordChange,
  OTP_RESEND_LOCK_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
  type ResendOtp,
  type SignIn,
  type SignUp,
  type SubmitOtp,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../integrations/mail.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { RateLimit } from '../../lib/rate-limiter.js';
import * as repo from './auth.repository.js';
import { otpEmail } from './otp-email.js';
import { passwordChangedEmail } from './password-changed-email.js';
import { generateOtpCode, hashOtpCode, judgeOtp, otpTimes, secondsUntilResend } from './otp.js';
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
 * Counted in the database, so they hold across processes (docs/decisions/020).
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

export type AuthAction = 'sign-up' | 'sign-in' | 'submit-otp' | 'resend-otp' | 'password-change';

/**
 * Counts one attempt of `action` by a client for an account: the client first, then the
 * account from that client, then the account from everyone (see AttemptLimiter.hit).
 */
export function throttleAuth(
  limiter: AttemptLimiter,
  limits: AuthLimits,
  action: AuthAction,
  ip: string,
  account: string,
) {
  return limiter.hit(
    { key: `${action}:ip:${ip}`, limit: limits.perIp },
    { key: `${action}:account:${account}:ip:${ip}`, limit: limits.perEmail },
    { key: `${action}:account:${account}`, limit: limits.perEmailTotal },
  );
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;

  const throttle = async (action: AuthAction, ip: string, email: string) =>
    throttleAuth(deps.limiter, await deps.limits(), action, ip, email);

  function otpSent(email: string, purpose: OtpPurpose) {
    return { email, purpose, expires_in: OTP_TTL_SECONDS, resend_in: OTP_RESEND_LOCK_SECONDS };
  }

  /**
   * Stores a new code unless the previous one for the same email and purpose is younger
   * than the resend lock; answers the code in clear for mailing, or undefined while locked.
   */
  async function tryIssueOtp(
    executor: Parameters<typeof repo.replaceOtp>[0],
    email: string,
    purpose: OtpPurpose,
    userId: string | null,
  ) {
    const code = generateOtpCode();
    const stored = await repo.replaceOtp(executor, {
      email,
      purpose,
      userId,
      codeHash: hashOtpCode(deps.otpKey, email, purpose, code),
      ...otpTimes(clock()),
      lockSeconds: OTP_RESEND_LOCK_SECONDS,
    });
    return stored ? { code, otpId: stored.id } : undefined;
  }

  /** Seconds until a new code may be sent (at least 1: it is asked while the lock holds). */
  async function lockedFor(
    executor: Parameters<typeof repo.findOtp>[0],
    email: string,
    purpose: OtpPurpose,
  ) {
    return secondsUntilResend(await repo.findOtp(executor, email, purpose), clock()) || 1;
  }

  /**
   * Stores a new code (subject to the resend lock) and answers it in clear for mailing.
   * Throws 429 while the previous code for the same email and purpose is younger than the lock.
   */
  async function issueOtp(
    executor: Parameters<typeof repo.replaceOtp>[0],
    email: string,
    purpose: OtpPurpose,
    userId: string | null,
  ) {
    const issued = await tryIssueOtp(executor, email, purpose, userId);
    if (!issued) {
      const seconds = await lockedFor(executor, email, purpose);
      throw AppError.tooManyRequests(
        AUTH_MESSAGES.resendLocked(seconds),
        seconds,
        'OTP_RESEND_LOCKED',
      );
    }
    return issued;
  }

  async function mailOtp(to: string, name: string, purpose: OtpPurpose, code: string) {
    await deps.mailer.send({
      to,
      ...otpEmail({ name, purpose, code, lifetimeSeconds: OTP_TTL_SECONDS }),
    });
  }

  /** A code that could not be mailed must not hold the resend lock against a retry. */
  async function mailOrRelease(
    otpId: string,
    to: string,
    name: string,
    purpose: OtpPurpose,
    code: string,
  ) {
    try {
      await mailOtp(to, name, purpose, code);
    } catch (error) {
      deps.logger.error({ err: error, to }, 'could not send the one-time code');
      await repo.deleteOtp(db, otpId);
      throw AppError.unavailable(
        'We could not send the email with your code. Please try again in a moment.',
        'MAIL_FAILED',
      );
    }
  }

  return {
    async signUp(input: SignUp, ip: string) {
      await throttle('sign-up', ip, input.email);
      const existing = await repo.findUserByEmail(db, input.email);
      if (existing?.isVerified) throw AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
      const passwordHash = await hashPassword(input.password);
      // A repeat sign-up for a pending address may change its name and password (so its
      // author can sign in to reopen the code dialog), but that grants nothing: the account
      // opens with the password sent alongside the code, and only the mailbox has the code.
      const issued = await db.transaction(async (tx) => {
        const user = await repo.upsertPendingUser(tx, { ...input, passwordHash, now: clock() });
        if (!user) throw AppError.conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
        return tryIssueOtp(tx, input.email, 'registration', user.id);
      });
      // Signing up again while the last code is fresh is not an error: that code still works.
      if (!issued) {
        const resendIn = await lockedFor(db, input.email, 'registration');
        return { ...otpSent(input.email, 'registration'), resend_in: resendIn };
      }
      await mailOrRelease(issued.otpId, input.email, input.name, 'registration', issued.code);
      return otpSent(input.email, 'registration');
    },

    async resendOtp(input: ResendOtp, ip: string) {
      await throttle('resend-otp', ip, input.email);
      const user = await repo.findUserByEmail(db, input.email);
      if (input.purpose === 'registration') {
        if (!user)
          throw AppError.notFound(
            'No sign-up is waiting for this email. Please sign up first.',
            'NO_PENDING_SIGN_UP',
          );
        if (user.isVerified)
          throw AppError.badRequest(AUTH_MESSAGES.alreadyVerified, 'ALREADY_VERIFIED');
        const { code, otpId } = await issueOtp(db, input.email, 'registration', user.id);
        await mailOrRelease(otpId, input.email, user.name, 'registration', code);
        return { message: AUTH_MESSAGES.otpSent, data: otpSent(input.email, 'registration') };
      }
      // Reset: the same answer, lock and timing whether or not the account exists. A code
      // row is kept for unknown emails too (nobody knows its code), and mail goes out in
      // the background so its latency does not tell the two cases apart.
      const { code } = await issueOtp(db, input.email, 'reset_password', user?.id ?? null);
      if (user) {
        mailOtp(input.email, user.name, 'reset_password', code).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'could not send the password reset code'),
        );
      }
      return { message: AUTH_MESSAGES.resetCodeSent, data: otpSent(input.email, 'reset_password') };
    },

    async submitOtp(input: SubmitOtp, ip: string) {
      await throttle('submit-otp', ip, input.email);
      // Reset: the new password. Registration: the password of the browser holding the
      // code, whatever a later (or earlier) sign-up for the same address chose.
      const chosenPassword =
        input.purpose === 'reset_password' ? input.new_password : input.password;
      const newPasswordHash = chosenPassword ? await hashPassword(chosenPassword) : undefined;
      const submittedHash = hashOtpCode(deps.otpKey, input.email, input.purpose, input.otp_code);
      // Decide and record inside one transaction (the row is locked), throw after it commits,
      // so a wrong try is counted even though the request fails.
      let changedUserId: string | undefined;
      const outcome = await db.transaction(async (tx) => {
        const now = clock();
        const otp = await repo.findOtp(tx, input.email, input.purpose, { forUpdate: true });
        const verdict = judgeOtp(otp, submittedHash, now);
        if (!otp || verdict.kind === 'missing' || verdict.kind === 'expired') return verdict;
        if (verdict.kind !== 'accepted') {
          await repo.recordWrongOtp(tx, otp.id);
          return verdict;
        }
        await repo.consumeOtp(tx, otp.id, now);
        // A reset code for an email with no account can only be "accepted" by a lucky guess.
        if (!otp.userId) return { kind: 'wrong', attemptsLeft: 0 } as const;
        await repo.markVerified(tx, otp.userId, now);
        if (input.purpose === 'registration') await repo.promoteIfFirstAdmin(tx, otp.userId);
        if (newPasswordHash) await repo.replacePassword(tx, otp.userId, newPasswordHash, now);
        changedUserId = otp.userId;
        return verdict;
      });
      // After the commit: a request in between must not re-read the old token version.
      if (changedUserId) deps.sessions.forget(changedUserId);
      switch (outcome.kind) {
        case 'accepted':
          return input.purpose === 'registration'
            ? AUTH_MESSAGES.accountVerified
            : AUTH_MESSAGES.passwordReset;
        case 'missing':
          throw AppError.badRequest(AUTH_MESSAGES.otpMissing, 'OTP_MISSING');
        case 'expired':
          throw AppError.badRequest(AUTH_MESSAGES.otpExpired, 'OTP_EXPIRED');
        case 'burned':
          throw AppError.badRequest(AUTH_MESSAGES.otpBurned, 'OTP_BURNED');
        case 'wrong':
          throw AppError.badRequest(AUTH_MESSAGES.otpInvalid, 'OTP_INVALID');
      }
    },

    async signIn(input: SignIn, ip: string) {
      await throttle('sign-in', ip, input.email);
      const user = await repo.findUserByEmail(db, input.email);
      if (!user) {
        await spendPasswordCheck(input.password);
        throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      if (!user.isVerified) {
        // The way back into a pending sign-up: a fresh code when the lock allows, and the
        // seconds until Resend in retry-after, so the app opens the code dialog.
        const issued = await tryIssueOtp(db, user.email, 'registration', user.id);
        if (issued)
          await mailOrRelease(issued.otpId, user.email, user.name, 'registration', issued.code);
        const resendIn = issued
          ? OTP_RESEND_LOCK_SECONDS
          : await lockedFor(db, user.email, 'registration');
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.notVerified(user.email), {
          'retry-after': String(resendIn),
        });
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
      await throttle('password-change', ip, `user:${userId}`);
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
