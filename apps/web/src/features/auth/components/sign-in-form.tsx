import type { OtpSent, SignIn } from '@cadence/shared';
import { OTP_RESEND_LOCK_SECONDS, OTP_TTL_SECONDS } from '@cadence/shared';
import { ROUTES, SignInSchema, TOASTS } from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-error';
import { storeToken } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';
import { toastApiError } from '../../../components/ui/error-toast';

interface SignInFormProps {
  defaultEmail: string;
  onForgotPassword: (email: string) => void;
  /** The account exists but its address is not verified yet: open the code dialog. */
  onNotVerified: (sent: OtpSent, password: string) => void;
}

export function SignInForm({ defaultEmail, onForgotPassword, onNotVerified }: SignInFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof SignInSchema>, unknown, SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit((credentials) => {
    signIn.mutate(credentials, {
      // All in one callback: storing the token re-renders /login into a redirect, and a
      // later callback could run after this form is gone.
      onSuccess: (token) => {
        queryClient.clear();
        storeToken(token.access_token);
        toast.success(TOASTS.loginSuccess);
        void navigate(ROUTES.companies, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'EMAIL_NOT_VERIFIED') {
          toast(getErrorMessage(error, TOASTS.requestFailed));
          onNotVerified(
            {
              email: credentials.email,
              purpose: 'registration',
              expires_in: OTP_TTL_SECONDS,
              resend_in: error.retryAfter ?? OTP_RESEND_LOCK_SECONDS,
            },
            credentials.password,
          );
          return;
        }
        toastApiError(error, TOASTS.requestFailed);
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
        labelAction={
          <button
            type="button"
            onClick={() => onForgotPassword(getValues('email').trim())}
            className="-my-1 inline-flex min-h-6 items-center rounded px-1 py-0.5 text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Forgot password?
          </button>
        }
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
    </form>
  );
}
