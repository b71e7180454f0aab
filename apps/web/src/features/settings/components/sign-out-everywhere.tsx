import { SIGN_OUT_MESSAGES } from '@cadence/shared';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSignOut } from '../../../hooks/use-sign-out';
import { getErrorMessage } from '../../../lib/api-error';
import { endSessionOnServer } from '../../../lib/sign-out';

/** Settings > Security: end every session of the account, after a confirmation. */
export function SignOutEverywhere() {
  const [isOpen, setIsOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { endHere } = useSignOut();

  function close() {
    if (isPending) return;
    setError(null);
    setIsOpen(false);
  }

  async function confirm() {
    setError(null);
    setIsPending(true);
    try {
      // Only once the server confirmed: otherwise the other devices would look signed out
      // but not be. Then this page goes to /login and the dialog with it.
      await endSessionOnServer(true);
      endHere(SIGN_OUT_MESSAGES.signedOutEverywhere);
    } catch (failure) {
      setError(getErrorMessage(failure, SIGN_OUT_MESSAGES.everywhereFailed));
      setIsPending(false);
    }
  }

  return (
    <div className="border-t border-gray-200 pt-5">
      <h3 className="text-sm font-semibold text-gray-900">Sign out everywhere</h3>
      <p className="mt-1 text-sm text-gray-600">
        Signed in on a computer you no longer use, or lost a phone? This ends every session of your
        account, this one included.
      </p>
      <Button variant="danger-outline" className="mt-3" onClick={() => setIsOpen(true)}>
        <LogOut className="size-4" aria-hidden="true" />
        Sign out everywhere
      </Button>
      <Dialog
        open={isOpen}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={SIGN_OUT_MESSAGES.everywhereTitle}
        description={SIGN_OUT_MESSAGES.everywhereBody}
      >
        {error !== null && (
          <p role="alert" className="mb-4 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={isPending}
            loadingText="Signing out..."
            onClick={() => void confirm()}
          >
            Sign out everywhere
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
