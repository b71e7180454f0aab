import type { PublicationAction, ScheduleData } from '@cadence/shared';
import {
  PUBLICATION_ACTION_LABELS,
  PUBLICATION_MESSAGES,
  publicationActionsFor,
} from '@cadence/shared';
import { CheckCircle2, RotateCcw, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useCan } from '../../hooks/use-can';
import { ApiRequestError } from '../../lib/api-error';
import { usePublicationAction } from '../../lib/queries/publication-actions';
import { Button } from '../ui/button';
import { toastApiError } from '../ui/error-toast';
import { MarkPublishedDialog } from './mark-published-dialog';

const ICONS: Record<PublicationAction, ReactNode> = {
  retry: <RotateCcw className="size-4" aria-hidden="true" />,
  'confirm-absent': <Send className="size-4" aria-hidden="true" />,
  'mark-published': <CheckCircle2 className="size-4" aria-hidden="true" />,
  'publish-now': <Send className="size-4" aria-hidden="true" />,
};

/**
 * What can be done about one network's publication, by its status: Retry (failed, missed),
 * the two answers to 'unconfirmed', Publish now (pending). Buttons stay disabled while a
 * request runs; the server refuses a second click with a 409, shown as a toast. A viewer of
 * the workspace is offered none (the server's role table: shared/roles.ts).
 */
export function PublicationActions({
  publication,
  className,
}: {
  publication: ScheduleData;
  className?: string;
}) {
  const mutation = usePublicationAction();
  const [isMarking, setIsMarking] = useState(false);
  const [linkError, setLinkError] = useState<string | undefined>(undefined);
  const mayAct = useCan('writePosts');
  const actions = publicationActionsFor(publication.status, publication.error_code);
  if (actions.length === 0 || !mayAct) return null;

  const run = (action: PublicationAction, url?: string) => {
    mutation.mutate(
      { publicationId: publication.id, action, ...(url !== undefined ? { url } : {}) },
      {
        onSuccess: ({ message }) => {
          toast.success(message || PUBLICATION_MESSAGES.done[action]);
          setIsMarking(false);
        },
        onError: (error) => {
          // A refused link stays in the dialog, under the field; anything else is a toast.
          if (
            action === 'mark-published' &&
            error instanceof ApiRequestError &&
            error.status === 400
          ) {
            setLinkError(error.serverMessage ?? PUBLICATION_MESSAGES.linkInvalid);
            return;
          }
          toastApiError(error, PUBLICATION_MESSAGES.failed);
          setIsMarking(false);
        },
      },
    );
  };

  const accountName = publication.social_account.name;
  return (
    <div
      role="group"
      aria-label={`What to do about the post on ${accountName}`}
      className={className ?? 'flex flex-wrap gap-2'}
    >
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'mark-published' ? 'secondary' : 'soft'}
          // The long answers to 'unconfirmed' wrap on a phone instead of running off the card.
          className="h-auto! min-h-8 max-w-full py-1.5 text-left whitespace-normal!"
          icon={ICONS[action]}
          disabled={mutation.isPending}
          isLoading={mutation.isPending && mutation.variables.action === action}
          onClick={() => {
            if (action !== 'mark-published') {
              run(action);
              return;
            }
            setLinkError(undefined);
            setIsMarking(true);
          }}
        >
          {PUBLICATION_ACTION_LABELS[action]}
        </Button>
      ))}
      {actions.includes('mark-published') && (
        <MarkPublishedDialog
          open={isMarking}
          publication={publication}
          isSaving={mutation.isPending}
          serverError={linkError}
          onSubmit={(url) => run('mark-published', url)}
          onEdit={() => setLinkError(undefined)}
          onClose={() => setIsMarking(false)}
        />
      )}
    </div>
  );
}
