import type { SignIn } from '@cadence/shared';
import { OTP_RESEND_LOCK_SECONDS } from '@cadence/shared';
import { SignInSchema, TOASTS } from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-error';
import { useSignIn } from '../api/sign-in';
import { toastApiError } from '../../../components/ui/error-toast';
import { SIGN_IN_TOAST_ID, useFinishSignIn } from '../hooks/use-finish-sign-in';
import type { CodeSent } from './verify-otp-dialog';

interface SignInFormProps {
  defaultEmail: string;
  /**
   * The password just typed to sign up, once the code is verified: one click signs in. Held
   * only in memory (React state), never in storage or the address.
   */
  defaultPassword?: string;
  onForgotPassword: (email: string) => void;
  /**
   * A code was mailed, so open the code dialog: the address is not verified yet
   * (registration), or the sign-in is past the attempt limits (sign_in, decision 104).
   */
  onCodeSent: (sent: CodeSent, password: string) => void;
}

export function SignInForm({
  defaultEmail,
  defaultPassword = '',
  onForgotPassword,
  onCodeSent,
}: SignInFormProps) {
  const finishSignIn = useFinishSignIn();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof SignInSchema>, unknown, SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: defaultEmail, password: defaultPassword },
  });

  const onSubmit = handleSubmit((credentials) => {
    signIn.mutate(credentials, {
      onSuccess: finishSignIn,
      onError: (error) => {
        const resendIn =
          error instanceof ApiRequestError ? (error.retryAfter ?? OTP_RESEND_LOCK_SECONDS) : 0;
        if (error instanceof ApiRequestError && error.code === 'EMAIL_NOT_VERIFIED') {
          toast(getErrorMessage(error, TOASTS.requestFailed), { id: SIGN_IN_TOAST_ID });
          onCodeSent(
            { email: credentials.email, purpose: 'registration', resendIn },
            credentials.password,
          );
          return;
        }
        // The dialog itself says a code was sent, and why.
        if (error instanceof ApiRequestError && error.code === 'SIGN_IN_CODE_REQUIRED') {
          toast.dismiss(SIGN_IN_TOAST_ID);
          onCodeSent(
            { email: credentials.email, purpose: 'sign_in', resendIn },
            credentials.password,
          );
          return;
        }
        toastApiError(error, TOASTS.requestFailed, { id: SIGN_IN_TOAST_ID });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        id="signin-email"
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isLoading={signIn.isPending}
        loadingText="Signing in..."
      >
        Sign in
      </Button>
      {/* After Sign in, so the keyboard goes email, password, Sign in (then this link). */}
      <div className="-mt-2 flex justify-end">
        <button
          type="button"
          onClick={() => onForgotPassword(getValues('email').trim())}
          className="inline-flex min-h-6 items-center rounded px-1 py-0.5 text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          Forgot password?
        </button>
      </div>
    </form>
  );
}
