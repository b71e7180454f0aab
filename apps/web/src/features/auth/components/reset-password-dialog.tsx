import type { OtpSent } from '@cadence/shared';
import { ResendOtpSchema, TOASTS } from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useResendOtp } from '../api/resend-otp';
import { toastApiError } from '../../../components/ui/error-toast';

const ResetRequestSchema = z.pick(ResendOtpSchema, { email: true });

interface ResetPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
  onCodeSent: (sent: OtpSent) => void;
}

export function ResetPasswordDialog({
  open,
  onOpenChange,
  defaultEmail,
  onCodeSent,
}: ResetPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset Password"
      description="Enter the email address of your account and we will send you a code to reset your password."
    >
      {open && (
        <ResetPasswordForm
          defaultEmail={defaultEmail}
          onCancel={() => onOpenChange(false)}
          onCodeSent={onCodeSent}
        />
      )}
    </Dialog>
  );
}

interface ResetPasswordFormProps {
  defaultEmail: string;
  onCancel: () => void;
  onCodeSent: (sent: OtpSent) => void;
}

function ResetPasswordForm({ defaultEmail, onCancel, onCodeSent }: ResetPasswordFormProps) {
  const resendOtp = useResendOtp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ResetRequestSchema>, unknown, z.output<typeof ResetRequestSchema>>({
    resolver: zodResolver(ResetRequestSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(({ email }) => {
    resendOtp.mutate(
      { purpose: 'reset_password', email },
      {
        onSuccess: (sent) => {
          toast.success(TOASTS.otpSent);
          onCodeSent(sent);
        },
        onError: (error) => {
          toastApiError(error, TOASTS.sendOtpFailed);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        id="reset-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={resendOtp.isPending} loadingText="Sending...">
          Send OTP
        </Button>
      </div>
    </form>
  );
}
