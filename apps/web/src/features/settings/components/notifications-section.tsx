import { ACCOUNT_MESSAGES, type NotificationSettings } from '@cadence/shared';
import toast from 'react-hot-toast';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
} from '../../../lib/queries/notifications';
import { toastApiError } from '../../../components/ui/error-toast';

const OPTIONS: Array<{ key: keyof NotificationSettings; label: string; hint: string }> = [
  {
    key: 'email_publication_failures',
    label: 'E-mail me when a post fails to publish',
    hint: 'When a publication fails for good, or ends unconfirmed (it may or may not be out).',
  },
  {
    key: 'email_reconnect',
    label: 'E-mail me when a connection needs reconnecting',
    hint: 'When a network refuses the saved credentials of one of your entities.',
  },
  {
    key: 'email_reviews',
    label: 'E-mail me about reviews',
    hint: 'When a post is submitted for your review, or yours is approved or needs changes.',
  },
];

/** The body of Settings > Notifications: which e-mails the publisher sends. */
export function NotificationsSection() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load notification settings
      </p>
    );
  }
  if (settings.isPending) return <p className="text-sm text-gray-600">Loading...</p>;
  const current = save.isPending && save.variables ? save.variables : settings.data;

  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="sr-only">Notification e-mails</legend>
        {OPTIONS.map((option) => (
          <label
            key={option.key}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-gray-50"
          >
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              checked={current[option.key]}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(
                  { ...settings.data, [option.key]: event.target.checked },
                  {
                    onSuccess: () => toast.success(ACCOUNT_MESSAGES.notificationsSaved),
                    onError: (error) =>
                      toastApiError(error, ACCOUNT_MESSAGES.notificationsSaveFailed),
                  },
                )
              }
            />
            <span>
              <span className="block text-sm font-medium text-gray-900">{option.label}</span>
              <span className="block text-sm text-gray-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-gray-600">
        Mails are grouped: a burst of failures comes as one digest, and one connection sends at most
        one mail an hour. The bell at the top lists every event either way.
      </p>
    </div>
  );
}
