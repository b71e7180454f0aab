import type { Db, DbExecutor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './auth.repository.js';
import {
  generateOtpCode,
  hashClient,
  hashOtpCode,
  judgeOtp,
  otpTimes,
  secondsUntilResend,
  type CodePurpose,
  type OtpVerdict,
} from './otp.js';

/**
 * The one-time codes of every purpose (docs/decisions/104): one live code per address,
 * purpose and client that asked for it. A client waits out only its own resend lock, a new
 * code replaces only that client's earlier one, and wrong tries burn a code for the client
 * that made them (5) before they burn it for everyone (20).
 */
export function createOtpCodes(deps: { db: Db; clock: Clock; otpKey: Buffer }) {
  const { db, clock } = deps;
  const clientKeyOf = (client: string) => hashClient(deps.otpKey, client);

  return {
    /**
     * A new code for this client, unless its resend lock holds: then the seconds left. The
     * code is answered in clear for mailing; `otpId` releases it if the mail fails.
     */
    async issue(input: {
      email: string;
      purpose: CodePurpose;
      client: string;
      userId: string | null;
    }): Promise<{ code: string; otpId: string } | { waitSeconds: number }> {
      const clientKey = clientKeyOf(input.client);
      return db.transaction(async (tx) => {
        const now = clock();
        await repo.lockCodes(tx, input.email, input.purpose);
        const codes = await repo.findCodes(tx, input.email, input.purpose, clientKey);
        const waitSeconds = secondsUntilResend(codes, clientKey, now);
        if (waitSeconds > 0) return { waitSeconds };
        await repo.deleteStaleCodes(tx, { ...input, clientKey, now });
        const code = generateOtpCode();
        const { id } = await repo.insertCode(tx, {
          email: input.email,
          purpose: input.purpose,
          userId: input.userId,
          clientKey,
          codeHash: hashOtpCode(deps.otpKey, input.email, input.purpose, code),
          ...otpTimes(now),
        });
        return { code, otpId: id };
      });
    },

    /** A code that could not be mailed must not hold the resend lock against a retry. */
    async release(otpId: string) {
      await repo.deleteOtp(db, otpId);
    },

    /**
     * Judges a submitted code and records a wrong try, all in one transaction. On an
     * accepted code every code of the address and purpose is used up and `onAccepted` runs
     * inside the same transaction.
     */
    async submit(
      input: { email: string; purpose: CodePurpose; client: string; code: string },
      onAccepted: (tx: DbExecutor, code: repo.StoredCode) => Promise<void> = () =>
        Promise.resolve(),
    ): Promise<OtpVerdict<repo.StoredCode>> {
      const clientKey = clientKeyOf(input.client);
      const submittedHash = hashOtpCode(deps.otpKey, input.email, input.purpose, input.code);
      return db.transaction(async (tx) => {
        const now = clock();
        await repo.lockCodes(tx, input.email, input.purpose);
        const codes = await repo.findCodes(tx, input.email, input.purpose, clientKey);
        const { verdict, wrongOn } = judgeOtp(codes, submittedHash, now);
        await repo.recordWrongTries(
          tx,
          wrongOn.map((code) => code.id),
          clientKey,
        );
        if (verdict.kind === 'accepted') {
          await repo.consumeCodes(tx, input.email, input.purpose, now);
          await onAccepted(tx, verdict.code);
        }
        return verdict;
      });
    },
  };
}

export type OtpCodes = ReturnType<typeof createOtpCodes>;
