import { ACCOUNT_MESSAGES, DELETE_ACCOUNT_WORD, ROUTES } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-error';
import { removeToken } from '../../../lib/session';
import { useDeleteAccount } from '../api/your-data';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** The button that opened it: focus goes back there on close. */
}

/** Asks for the password and the word DELETE, then deletes the account and signs out. */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isConfirmed = confirm === DELETE_ACCOUNT_WORD && password !== '';

  function close() {
    if (remove.isPending) return;
    setPassword('');
    setConfirm('');
    setError(null);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isConfirmed) return;
    setError(null);
    remove.mutate(
      { password, confirm: DELETE_ACCOUNT_WORD },
      {
        onSuccess: () => {
          removeToken();
          queryClient.clear();
          toast.success(ACCOUNT_MESSAGES.accountDeleted);
          void navigate(ROUTES.login, { replace: true });
        },
        onError: (failure) =>
          setError(getErrorMessage(failure, ACCOUNT_MESSAGES.accountDeleteFailed)),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title="Delete your account?"
      description="Your account and everything it owns will be removed for good, and you will be signed out."
      isModalStrict
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          id="delete-account-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <TextField
          id="delete-account-confirm"
          label={`Type ${DELETE_ACCOUNT_WORD} to confirm`}
          value={confirm}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => setConfirm(event.target.value)}
          required
        />
        {error !== null && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!isConfirmed}
            isLoading={remove.isPending}
            loadingText="Deleting..."
          >
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
