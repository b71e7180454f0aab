import type { PasswordChangeForm } from '@cadence/shared';
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_HINT, PasswordChangeFormSchema } from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useUpdatePassword } from '../api/update-password';
import { toastApiError } from '../../../components/ui/error-toast';
import { SignOutEverywhere } from './sign-out-everywhere';

const EMPTY: PasswordChangeForm = { previous_password: '', new_password: '', confirm_password: '' };

export function SecuritySection() {
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeForm>({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: EMPTY,
  });

  // The confirmation is checked here, before any call (spec 001 section 5).
  const onSubmit = handleSubmit(
    ({ previous_password, new_password }) => {
      update.mutate(
        { previous_password, new_password },
        {
          onSuccess: () => {
            reset(EMPTY);
            toast.success(PASSWORD_CHANGE_MESSAGES.updated);
          },
          onError: (error) => toastApiError(error, PASSWORD_CHANGE_MESSAGES.failed),
        },
      );
    },
    (invalid) => {
      if (invalid.confirm_password?.message === PASSWORD_CHANGE_MESSAGES.mismatch)
        toast.error(PASSWORD_CHANGE_MESSAGES.mismatch);
    },
  );

  return (
    <div className="max-w-xl space-y-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          id="security-old"
          label="Old password"
          type="password"
          autoComplete="current-password"
          error={errors.previous_password?.message}
          {...register('previous_password')}
        />
        <TextField
          id="security-new"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <TextField
          id="security-confirm"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <p className="text-sm text-gray-600">
          Changing your password signs out every other device; this one stays signed in.
        </p>
        <div>
          <Button type="submit" isLoading={update.isPending} loadingText="Updating...">
            Update Password
          </Button>
        </div>
      </form>
      <SignOutEverywhere />
    </div>
  );
}
