import type { OtpSent, SignUp } from '@cadence/shared';
import { PASSWORD_RULE, SignUpSchema, TOASTS } from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSignUp } from '../api/sign-up';
import { toastApiError } from '../../../components/ui/error-toast';

interface SignUpFormProps {
  /**
   * `password` and `name` travel with the code, so the account opens with what was typed
   * here (a pending account changes only with its code).
   */
  onCodeSent: (sent: OtpSent, password: string, name: string) => void;
}

export function SignUpForm({ onCodeSent }: SignUpFormProps) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SignUpSchema>, unknown, SignUp>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((account) => {
    signUp.mutate(account, {
      onSuccess: (sent) => {
        toast.success(TOASTS.otpSent);
        onCodeSent(sent, account.password, account.name);
      },
      onError: (error) => {
        toastApiError(error, TOASTS.requestFailed);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        id="signup-name"
        label="Name"
        autoComplete="name"
        placeholder="Jane Doe"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="signup-email"
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isLoading={signUp.isPending}
        loadingText="Signing up..."
      >
        Sign up
      </Button>
    </form>
  );
}
