import {
  ROUTES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@cadence/shared';
import { Webhook as WebhookIcon } from 'lucide-react';
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
import { formatInZone } from '../../../lib/zoned-time';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';
import { checkboxClasses, EntityCheckboxes, ShownOnceDialog, toggled } from './developer-controls';

/** Settings > Developer Info: the endpoints told of posts, publications and connections. */
export function WebhooksPanel() {
  const features = useFeatures();
  return (
    <section aria-labelledby="webhooks-title" className="space-y-4">
      <h3 id="webhooks-title" className="flex items-center gap-2 text-base font-semibold">
        <WebhookIcon className="size-4 text-brand-700" aria-hidden="true" />
        Webhooks
      </h3>
      {features.api ? (
        <WebhooksManager />
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

/** A secret to show once: a new endpoint's, or a rotated one's. */
interface ShownSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

function WebhooksManager() {
  const webhooks = useWebhooks();
  const companies = useCompanies();
  const { timeZone } = useTimeZone();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const entities = companies.data?.rows.map(({ id, name }) => ({ id, name })) ?? [];
  const entityName = (id: string) =>
    entities.find((entity) => entity.id === id)?.name ?? 'Removed entity';
  const showSecret = (hook: WebhookWithSecret, rotated: boolean) =>
    setShown({ url: hook.url, secret: hook.secret, rotated });
  return (
    <>
      <p className="text-sm text-gray-600">
        Cadence POSTs each event to your URL, signed the Standard Webhooks way (headers webhook-id,
        webhook-timestamp and webhook-signature). Failed deliveries are retried for about a day; an
        endpoint failing for 3 days is turned off and you are told.
      </p>
      <AddEndpointForm entities={entities} onCreated={(hook) => showSecret(hook, false)} />
      {webhooks.isPending ? (
        <p className="text-sm text-gray-600">Loading webhook endpoints...</p>
      ) : webhooks.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(
            webhooks.error,
            'The webhook endpoints could not be loaded. Reload to try again.',
          )}
        </p>
      ) : webhooks.data.length === 0 ? (
        <p className="text-sm text-gray-600">No webhook endpoints yet.</p>
      ) : (
        <ul aria-label="Webhook endpoints" className="space-y-3">
          {webhooks.data.map((hook) => (
            <EndpointRow
              key={hook.id}
              hook={hook}
              timeZone={timeZone}
              entityName={entityName}
              onRotated={(rotated) => showSecret(rotated, true)}
            />
          ))}
        </ul>
      )}
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}

function AddEndpointForm({
  entities,
  onCreated,
}: {
  entities: Array<{ id: string; name: string }>;
  onCreated: (hook: WebhookWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const formId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [entityIds, setEntityIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '')
      return setError('Give the endpoint a URL, such as https://example.com/webhooks/cadence');
    if (events.length === 0) return setError('Choose at least one event');
    setError(null);
    create.mutate(
      { url: url.trim(), events, entity_ids: entityIds.length === 0 ? null : entityIds },
      {
        onSuccess: (hook) => {
          setUrl('');
          setEvents([]);
          setEntityIds([]);
          onCreated(hook);
        },
        onError: (failure) =>
          setError(getErrorMessage(failure, 'The webhook endpoint could not be added.')),
      },
    );
  };

  return (
    <form
      aria-label="Add a webhook endpoint"
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-gray-200 p-4"
    >
      <TextField
        id={`${formId}-url`}
        label="Endpoint URL"
        type="url"
        value={url}
        placeholder="https://example.com/webhooks/cadence"
        maxLength={2000}
        onChange={(e) => setUrl(e.target.value)}
        error={error ?? undefined}
      />
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Events</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-start gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className={`${checkboxClasses} mt-0.5`}
                checked={events.includes(name)}
                onChange={(e) => setEvents(toggled(events, name, e.target.checked))}
              />
              <span>
                <code className="text-xs">{name}</code>
                <span className="block text-xs text-gray-600">{WEBHOOK_EVENT_LABELS[name]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <EntityCheckboxes entities={entities} selected={entityIds} onChange={setEntityIds} />
      <Button type="submit" isLoading={create.isPending} loadingText="Adding...">
        Add endpoint
      </Button>
    </form>
  );
}

function statusText(hook: Webhook) {
  if (hook.status === 'enabled') return hook.failing_since ? 'Enabled (failing)' : 'Enabled';
  return hook.failing_since ? 'Disabled after failures' : 'Disabled';
}

function EndpointRow({
  hook,
  timeZone,
  entityName,
  onRotated,
}: {
  hook: Webhook;
  timeZone: string;
  entityName: (id: string) => string;
  onRotated: (hook: WebhookWithSecret) => void;
}) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const [confirming, setConfirming] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = useId();
  const isDisabled = hook.status === 'disabled';
  return (
    <li className="rounded-xl border border-gray-200 p-4" data-testid="webhook">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium break-all text-gray-900">{hook.url}</p>
          <p className={`mt-0.5 text-xs ${isDisabled ? 'text-red-700' : 'text-gray-600'}`}>
            Status: {statusText(hook)}
            {hook.disabled_at && ` since ${formatInZone(hook.disabled_at, timeZone)}`}
          </p>
          <p className="mt-0.5 text-xs text-gray-600">
            Events: {hook.events.join(', ')} · Entities:{' '}
            {hook.entity_ids === null ? 'All' : hook.entity_ids.map(entityName).join(', ')}
          </p>
          {hook.previous_secret_expires_at && (
            <p className="mt-0.5 text-xs text-gray-600">
              The previous secret also signs until{' '}
              {formatInZone(hook.previous_secret_expires_at, timeZone)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {isDisabled && (
            <Button
              size="sm"
              isLoading={update.isPending}
              loadingText="Turning on..."
              aria-label={`Turn on ${hook.url}`}
              onClick={() =>
                update.mutate(
                  { id: hook.id, body: { enabled: true } },
                  {
                    onSuccess: () => toast.success('Webhook endpoint turned on'),
                    onError: (failure) =>
                      toastApiError(failure, 'The endpoint could not be turned on.'),
                  },
                )
              }
            >
              Turn on
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            isLoading={test.isPending}
            loadingText="Sending..."
            aria-label={`Send test to ${hook.url}`}
            onClick={() =>
              test.mutate(hook.id, {
                onSuccess: () => toast.success('Test event queued: it is sent within seconds'),
                onError: (failure) => toastApiError(failure, 'The test event could not be sent.'),
              })
            }
          >
            Send test
          </Button>
          <Button
            variant="secondary"
            size="sm"
            isLoading={rotate.isPending}
            loadingText="Rotating..."
            aria-label={`Rotate secret of ${hook.url}`}
            onClick={() =>
              rotate.mutate(hook.id, {
                onSuccess: onRotated,
                onError: (failure) => toastApiError(failure, 'The secret could not be rotated.'),
              })
            }
          >
            Rotate secret
          </Button>
          <Button
            variant="danger-outline"
            size="sm"
            aria-label={`Delete ${hook.url}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </div>
      </div>
      <button
        type="button"
        aria-expanded={showDeliveries}
        aria-controls={deliveriesId}
        onClick={() => setShowDeliveries(!showDeliveries)}
        className="mt-2 rounded text-sm font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {showDeliveries ? 'Hide recent deliveries' : 'Show recent deliveries'}
      </button>
      <div id={deliveriesId}>
        {showDeliveries && <RecentDeliveries id={hook.id} timeZone={timeZone} />}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false);
        }}
        title="Delete webhook endpoint?"
        description={`${hook.url} stops receiving events, and its delivery history is deleted. This cannot be undone.`}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => setConfirming(false)}
            disabled={remove.isPending}
          >
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            loadingText="Deleting..."
            onClick={() =>
              remove.mutate(hook.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success('Webhook endpoint deleted');
                },
                onError: (failure) =>
                  toastApiError(failure, 'The webhook endpoint could not be deleted.'),
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function RecentDeliveries({ id, timeZone }: { id: string; timeZone: string }) {
  const deliveries = useWebhookDeliveries(id);
  if (deliveries.isPending) return <p className="mt-2 text-sm text-gray-600">Loading...</p>;
  if (deliveries.isError)
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        {getErrorMessage(deliveries.error, 'The deliveries could not be loaded.')}
      </p>
    );
  if (deliveries.data.length === 0)
    return <p className="mt-2 text-sm text-gray-600">No deliveries yet.</p>;
  return (
    <table className="mt-2 w-full text-left text-xs">
      <caption className="sr-only">Recent deliveries</caption>
      <thead className="text-gray-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Event
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Attempt
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Result
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Duration
          </th>
          <th scope="col" className="py-1 font-medium">
            Time
          </th>
        </tr>
      </thead>
      <tbody className="text-gray-800">
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id} className="border-t border-gray-100">
            <td className="py-1 pr-2">
              <code>{delivery.event}</code>
            </td>
            <td className="py-1 pr-2">{delivery.attempt}</td>
            <td className={`py-1 pr-2 ${delivery.success ? 'text-green-700' : 'text-red-700'}`}>
              {delivery.status_code ?? delivery.error ?? 'No answer'}
            </td>
            <td className="py-1 pr-2">{delivery.duration_ms} ms</td>
            <td className="py-1">{formatInZone(delivery.created_at, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={shown?.secret ?? null}
      inputId="new-webhook-secret"
      label={shown?.url ?? ''}
      title={shown?.rotated ? 'Your new signing secret' : 'Your webhook signing secret'}
      description={
        shown?.rotated
          ? "Copy it now: it won't be shown again. The old secret keeps signing for 24 hours."
          : "Copy it now: it won't be shown again."
      }
      copyLabel="Copy secret"
      copied="Signing secret copied"
      notCopied="The secret could not be copied. Select it and copy it by hand."
      onClose={onClose}
    />
  );
}
