import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  maskedApiKey,
  ROUTES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@cadence/shared';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toastApiError } from '../../../components/ui/error-toast';
import { TextField } from '../../../components/ui/text-field';
import { useFeatures } from '../../../hooks/use-features';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { getErrorMessage } from '../../../lib/api-error';
import { useCompanies } from '../../../lib/queries/companies';
import { formatInZone, todayKey, zonedDateTimeToIso } from '../../../lib/zoned-time';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { checkboxClasses, EntityCheckboxes, ShownOnceDialog, toggled } from './developer-controls';

const dateClasses =
  'mt-1.5 h-10 w-full rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

/** Settings > Developer Info: create, list and revoke the keys of the public API. */
export function ApiKeysPanel() {
  const features = useFeatures();
  return (
    <section aria-labelledby="api-keys-title" className="space-y-4">
      <h3 id="api-keys-title" className="flex items-center gap-2 text-base font-semibold">
        <KeyRound className="size-4 text-brand-700" aria-hidden="true" />
        API keys
      </h3>
      {features.api ? (
        <ApiKeysManager />
      ) : (
        <p className="text-sm text-gray-700">
          API access is available on Enterprise:{' '}
          <Link
            to={ROUTES.subscriptions}
            className="rounded font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Upgrade
          </Link>
        </p>
      )}
    </section>
  );
}

function ApiKeysManager() {
  const keys = useApiKeys();
  const companies = useCompanies();
  const { timeZone } = useTimeZone();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const entityName = (id: string) =>
    companies.data?.rows.find((company) => company.id === id)?.name ?? 'Removed entity';
  return (
    <>
      <CreateKeyForm
        entities={companies.data?.rows.map(({ id, name }) => ({ id, name })) ?? []}
        timeZone={timeZone}
        onCreated={setCreated}
      />
      {keys.isPending ? (
        <p className="text-sm text-gray-600">Loading API keys...</p>
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(keys.error, 'The API keys could not be loaded. Reload to try again.')}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-gray-600">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="space-y-3">
          {keys.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} timeZone={timeZone} entityName={entityName} />
          ))}
        </ul>
      )}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

function CreateKeyForm({
  entities,
  timeZone,
  onCreated,
}: {
  entities: Array<{ id: string; name: string }>;
  timeZone: string;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const formId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [entityIds, setEntityIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The earliest day to choose: today in the customer's zone, when the form opened.
  const [today] = useState(() => todayKey(Date.now(), timeZone));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Give the key a name, so you can tell it apart later');
    if (scopes.length === 0) return setError('Choose at least one scope: read, write or publish');
    setError(null);
    create.mutate(
      {
        name,
        scopes,
        entity_ids: entityIds.length === 0 ? null : entityIds,
        // The key stops working at the end of the chosen day, in the customer's zone.
        expires_at: expiry === '' ? null : zonedDateTimeToIso(expiry, '23:59', timeZone),
      },
      {
        onSuccess: (key) => {
          setName('');
          setScopes(['read']);
          setEntityIds([]);
          setExpiry('');
          onCreated(key);
        },
        onError: (failure) => toastApiError(failure, 'The API key could not be created.'),
      },
    );
  };

  return (
    <form
      aria-label="Create an API key"
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-gray-200 p-4"
    >
      <TextField
        id={`${formId}-name`}
        label="Key name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        error={error ?? undefined}
      />
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Scopes</legend>
        <div className="mt-1.5 flex flex-wrap gap-4">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(toggled(scopes, scope, e.target.checked))}
              />
              {API_KEY_SCOPE_LABELS[scope]}
            </label>
          ))}
        </div>
      </fieldset>
      <EntityCheckboxes entities={entities} selected={entityIds} onChange={setEntityIds} />
      <label htmlFor={`${formId}-expiry`} className="block text-sm font-medium text-gray-800">
        Expires (optional: the key stops at the end of this day)
        <input
          id={`${formId}-expiry`}
          type="date"
          min={today}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          className={dateClasses}
        />
      </label>
      <Button type="submit" isLoading={create.isPending} loadingText="Creating...">
        Create key
      </Button>
    </form>
  );
}

function ApiKeyRow({
  apiKey,
  timeZone,
  entityName,
}: {
  apiKey: ApiKey;
  timeZone: string;
  entityName: (id: string) => string;
}) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string | null, none: string) =>
    iso === null ? none : formatInZone(iso, timeZone);
  return (
    <li className="rounded-xl border border-gray-200 p-4" data-testid="api-key">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-gray-900">
            {apiKey.name}{' '}
            <code className="text-xs text-gray-600">{maskedApiKey(apiKey.prefix)}</code>
          </p>
          <p className="mt-0.5 text-xs text-gray-600">
            Scopes: {apiKey.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')} ·
            Entities:{' '}
            {apiKey.entity_ids === null ? 'All' : apiKey.entity_ids.map(entityName).join(', ')}
          </p>
          <p className="mt-0.5 text-xs text-gray-600">
            Created {when(apiKey.created_at, '')} · Last used {when(apiKey.last_used_at, 'never')}
            {apiKey.expires_at !== null && ` · Expires ${when(apiKey.expires_at, '')}`}
          </p>
        </div>
        <Button
          variant="danger-outline"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Revoke the key ${apiKey.name}`}
        >
          Revoke
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setConfirming(false);
        }}
        title="Revoke API key?"
        description={`Programs using "${apiKey.name}" (${maskedApiKey(apiKey.prefix)}) stop working at once. This cannot be undone.`}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => setConfirming(false)}
            disabled={revoke.isPending}
          >
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={revoke.isPending}
            loadingText="Revoking..."
            onClick={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success('API key revoked');
                },
                onError: (failure) => toastApiError(failure, 'The API key could not be revoked.'),
              })
            }
          >
            Revoke
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      value={created?.key ?? null}
      inputId="new-api-key"
      label={created?.name ?? ''}
      title="Your new API key"
      description="Copy it now: it won't be shown again."
      copyLabel="Copy key"
      copied="API key copied"
      notCopied="The key could not be copied. Select it and copy it by hand."
      onClose={onClose}
    />
  );
}
