import type { OtpPurpose } from '@cadence/shared';
import {
  AUTH_MESSAGES,
  OTP_LENGTH,
  OTP_RESEND_LOCK_SECONDS,
  PASSWORD_RULE,
  SIGN_IN_CODE_SENT,
  SignInSchema,
  SubmitOtpSchema,
  TOASTS,
} from '@cadence/shared';
import { Clock } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatCountdown } from '../../../lib/countdown';
import { useIsDemo } from '../api/get-health';
import { ApiRequestError } from '../../../lib/api-error';
import { useResendOtp } from '../api/resend-otp';
import { useSignIn } from '../api/sign-in';
import { useSubmitOtp } from '../api/submit-otp';
import { useCountdown } from '../hooks/use-countdown';
import { SIGN_IN_TOAST_ID, useFinishSignIn } from '../hooks/use-finish-sign-in';
import { createEmptyDigits, isCodeComplete, joinDigits } from '../utils/otp-digits';
import { OtpInput } from './otp-input';
import { toastApiError } from '../../../components/ui/error-toast';

/**
 * What a code is for: the API's two purposes, and the sign-in step past the attempt limits
 * (sign_in: the code goes back with the sign-in itself, docs/decisions/104).
 */
export type CodePurpose = OtpPurpose | 'sign_in';

/** A code that was just mailed, as the dialog opens with it. */
export interface CodeSent {
  purpose: CodePurpose;
  email: string;
  /** Seconds until a new code may be asked for (the countdown's start). */
  resendIn: number;
}

/** One code sent to one address; a new `id` means a fresh dialog (boxes, countdown). */
export interface OtpSession extends CodeSent {
  id: number;
  /**
   * Registration: the password just typed (sign-up or sign-in), sent with the code so the
   * account opens with it. Sign-in: the password to sign in with. Kept in memory only.
   */
  password?: string;
  /** Registration from the sign-up form: the name typed there, set with the code. */
  name?: string;
}

interface VerifyOtpDialogProps {
  session: OtpSession | null;
  onClose: () => void;
  onVerified: (session: OtpSession) => void;
}

export function VerifyOtpDialog({ session, onClose, onVerified }: VerifyOtpDialogProps) {
  // The demo sends no mail: the code is printed where `npm run demo` runs.
  const isDemo = useIsDemo();
  const description =
    session === null ? undefined : (
      <>
        {session.purpose === 'sign_in' ? (
          <>
            {SIGN_IN_CODE_SENT.before}
            <Address email={session.email} />
            {SIGN_IN_CODE_SENT.after} Enter it here to sign in.
          </>
        ) : (
          <>
            We emailed a {OTP_LENGTH}-digit code to <Address email={session.email} />. Enter it here
            {session.purpose === 'reset_password'
              ? ', then choose a new password.'
              : ' to confirm the address.'}
          </>
        )}
        {isDemo
          ? ' Demo: no mail leaves this machine. The code is printed in the terminal running the demo.'
          : session.purpose !== 'reset_password' &&
            ' Not in your inbox? Check the spam folder, or ask for a new code when the timer ends.'}
      </>
    );

  return (
    <Dialog
      open={session !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Verify OTP"
      description={description}
      isModalStrict
    >
      {session !== null && (
        <VerifyOtpForm
          key={session.id}
          session={session}
          onCancel={onClose}
          onVerified={onVerified}
        />
      )}
    </Dialog>
  );
}

function Address({ email }: { email: string }) {
  return <strong className="font-semibold break-words text-gray-900">{email}</strong>;
}

interface VerifyOtpFormProps {
  session: OtpSession;
  onCancel: () => void;
  onVerified: (session: OtpSession) => void;
}

function VerifyOtpForm({ session, onCancel, onVerified }: VerifyOtpFormProps) {
  const [digits, setDigits] = useState(() => createEmptyDigits());
  const [newPassword, setNewPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const countdown = useCountdown(session.resendIn);
  const submitOtp = useSubmitOtp();
  const resendOtp = useResendOtp();
  // The sign-in step: the code goes back with the sign-in, and Resend is the sign-in again.
  const signInWithCode = useSignIn();
  const signInAgain = useSignIn();
  const finishSignIn = useFinishSignIn();
  const isResetting = session.purpose === 'reset_password';
  const isSigningIn = session.purpose === 'sign_in';
  const isComplete = isCodeComplete(digits);
  const isSubmitting = submitOtp.isPending || signInWithCode.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete || isSubmitting) return;
    if (isSigningIn) {
      submitSignIn();
      return;
    }
    const parsed = SubmitOtpSchema.safeParse({
      purpose: session.purpose,
      email: session.email,
      otp_code: joinDigits(digits),
      ...(isResetting
        ? { new_password: newPassword }
        : { password: session.password, name: session.name }),
    });
    if (!parsed.success) {
      const passwordIssue = parsed.error.issues.find((issue) => issue.path[0] === 'new_password');
      if (passwordIssue !== undefined) {
        setPasswordError(passwordIssue.message);
        document.getElementById('otp-new-password')?.focus();
        return;
      }
      toast.error(parsed.error.issues[0]?.message ?? TOASTS.otpVerificationFailed);
      return;
    }
    setPasswordError(undefined);
    submitOtp.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(isResetting ? TOASTS.passwordReset : TOASTS.accountVerified);
        onVerified(session);
      },
      onError: (error) => {
        toastApiError(error, TOASTS.otpVerificationFailed);
      },
    });
  }

  function submitSignIn() {
    const parsed = SignInSchema.safeParse({
      email: session.email,
      password: session.password,
      otp_code: joinDigits(digits),
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? TOASTS.otpVerificationFailed);
      return;
    }
    signInWithCode.mutate(parsed.data, {
      onSuccess: finishSignIn,
      onError: (error) => {
        toastApiError(error, TOASTS.otpVerificationFailed, { id: SIGN_IN_TOAST_ID });
      },
    });
  }

  function codeResent(resendIn: number) {
    toast.success(TOASTS.otpResent);
    setDigits(createEmptyDigits());
    countdown.restart(resendIn);
  }

  function resendSignInCode() {
    signInAgain.mutate(
      { email: session.email, password: session.password ?? '' },
      {
        // The limits' window ended meanwhile: the password alone signs in now.
        onSuccess: finishSignIn,
        onError: (error) => {
          if (!(error instanceof ApiRequestError) || error.code !== 'SIGN_IN_CODE_REQUIRED') {
            toastApiError(error, TOASTS.resendFailed);
            return;
          }
          const resendIn = error.retryAfter ?? OTP_RESEND_LOCK_SECONDS;
          // A full lock means a new code went out; a shorter one, that the last is still fresh.
          if (resendIn >= OTP_RESEND_LOCK_SECONDS) {
            codeResent(resendIn);
            return;
          }
          toast.error(AUTH_MESSAGES.resendLocked(resendIn));
          countdown.restart(resendIn);
        },
      },
    );
  }

  function handleResend() {
    const { purpose } = session;
    if (purpose === 'sign_in') {
      resendSignInCode();
      return;
    }
    resendOtp.mutate(
      { purpose, email: session.email },
      {
        onSuccess: (sent) => codeResent(sent.resend_in),
        onError: (error) => {
          toastApiError(error, TOASTS.resendFailed);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      <OtpInput digits={digits} onChange={setDigits} isDisabled={isSubmitting} />

      <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-lg bg-gray-50 px-3 py-1.5 text-sm text-gray-600">
        <p role="timer" className="flex items-center gap-2">
          <Clock className="hidden size-4 text-gray-400 sm:block" aria-hidden="true" />
          <span>
            Time remaining:{' '}
            <span className="font-semibold text-gray-900 tabular-nums">
              {formatCountdown(countdown.secondsLeft)}
            </span>
          </span>
        </p>
        {countdown.isExpired && (
          <Button
            variant="soft"
            size="sm"
            className="-mr-1.5"
            onClick={handleResend}
            isLoading={resendOtp.isPending || signInAgain.isPending}
            loadingText="Resending..."
          >
            Resend OTP
          </Button>
        )}
      </div>

      {isResetting && (
        <TextField
          id="otp-new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            if (passwordError !== undefined) setPasswordError(undefined);
          }}
          hint={PASSWORD_RULE}
          error={passwordError}
          disabled={submitOtp.isPending}
        />
      )}

      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={!isComplete}
          isLoading={isSubmitting}
          loadingText="Verifying..."
        >
          Verify OTP
        </Button>
      </div>
    </form>
  );
}
