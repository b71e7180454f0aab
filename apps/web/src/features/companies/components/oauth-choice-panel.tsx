import { NETWORK_NAMES, OAUTH_MESSAGES } from '@cadence/shared';
import type { NetworkId } from '@cadence/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import { useCompleteOAuth, useOAuthChoices } from '../api/oauth';
import { toastApiError } from '../../../components/ui/error-toast';

interface OAuthChoicePanelProps {
  network: NetworkId;
  pendingId: string;
  /** After the choice is connected (or has expired): back to the network list. */
  onDone: () => void;
}

/** After Facebook Login: pick the Page (or the Instagram account) to connect. */
export function OAuthChoicePanel({ network, pendingId, onDone }: OAuthChoicePanelProps) {
  const choices = useOAuthChoices(network, pendingId);
  const complete = useCompleteOAuth(network);
  const [selected, setSelected] = useState('');
  const headingId = useId();
  const title = OAUTH_MESSAGES.choose(NETWORK_NAMES[network]);
  const options = choices.data?.options ?? [];
  const chosen = selected || (options[0]?.id ?? '');

  async function connect() {
    try {
      const { message } = await complete.mutateAsync({ pending_id: pendingId, option_id: chosen });
      toast.success(message, { id: 'oauth-result' });
      onDone();
    } catch (error) {
      toastApiError(error, OAUTH_MESSAGES.choiceNotFound, { id: 'oauth-result' });
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {title}
      </h3>
      {choices.isPending && <p className="mt-2 text-sm text-gray-700">Loading...</p>}
      {choices.isError && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm text-gray-700">
            {getErrorMessage(choices.error, OAUTH_MESSAGES.choiceNotFound)}
          </p>
          <Button variant="secondary" size="sm" onClick={onDone}>
            Back
          </Button>
        </div>
      )}
      {options.length > 0 && (
        <form
          className="mt-3"
          onSubmit={(event) => {
            event.preventDefault();
            void connect();
          }}
        >
          <fieldset disabled={complete.isPending} className="space-y-2">
            <legend className="sr-only">{title}</legend>
            {options.map((option) => (
              <label
                key={option.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-white px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-200 ring-inset has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <input
                  type="radio"
                  name={`oauth-choice-${pendingId}`}
                  value={option.id}
                  checked={chosen === option.id}
                  onChange={() => setSelected(option.id)}
                  className="size-4 accent-brand-600"
                />
                {option.name}
              </label>
            ))}
          </fieldset>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              type="submit"
              size="sm"
              isLoading={complete.isPending}
              loadingText="Connecting..."
            >
              Connect
            </Button>
            <Button variant="ghost" size="sm" onClick={onDone} disabled={complete.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
