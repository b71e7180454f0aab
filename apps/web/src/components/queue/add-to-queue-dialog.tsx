import type { Company, NetworkId, Post } from '@cadence/shared';
import {
  QUEUE_MESSAGES,
  queueEditorPath,
  SCHEDULE_MESSAGES,
  WEEKDAY_NAMES,
  wallClockAt,
} from '@cadence/shared';
import { CalendarClock, PlugZap } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-error';
import { getConnectedNetworkIds } from '../../lib/connected-networks';
import { socialsHref } from '../../lib/entity-links';
import { useAddToQueue, useEntityQueue } from '../../lib/queries/queue';
import { formatInZone } from '../../lib/zoned-time';
import { PlatformPicker, unavailableReason } from '../entities/platform-picker';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { toastApiError } from '../ui/error-toast';

interface AddToQueueDialogProps {
  /** The post to queue; null: closed. */
  post: Pick<Post, 'id' | 'content' | 'company_id' | 'attachments'> | null;
  companies: readonly Company[];
  onClose: () => void;
}

/** When a queued post goes out, as the toast says it: in the queue's zone, named. */
export function goesOutText(instant: string, zone: string): string {
  const wall = wallClockAt(Date.parse(instant), zone);
  const weekday =
    WEEKDAY_NAMES[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()];
  return `${weekday ?? ''}, ${formatInZone(instant, zone)} (${zone})`;
}

/**
 * 'Add to queue': the networks to post to (those connected for the post's entity, as in the
 * Schedule dialog), then the entity's next open slot takes the post.
 */
export function AddToQueueDialog({ post, companies, onClose }: AddToQueueDialogProps) {
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Add to queue"
      size="lg"
    >
      {post !== null && (
        <AddToQueueForm key={post.id} post={post} companies={companies} onClose={onClose} />
      )}
    </Dialog>
  );
}

function AddToQueueForm({
  post,
  companies,
  onClose,
}: {
  post: NonNullable<AddToQueueDialogProps['post']>;
  companies: readonly Company[];
  onClose: () => void;
}) {
  const company = companies.find((item) => item.id === post.company_id) ?? null;
  const networks = company === null ? [] : getConnectedNetworkIds(company);
  const hasMedia = post.attachments.length > 0;
  const queue = useEntityQueue(post.company_id);
  const addToQueue = useAddToQueue();
  const [platforms, setPlatforms] = useState<NetworkId[]>(() =>
    networks.filter((network) => unavailableReason(network, hasMedia) === null),
  );
  const [platformError, setPlatformError] = useState<string | undefined>();
  const [noSlot, setNoSlot] = useState<string | null>(null);
  const zone = queue.data?.timezone ?? null;
  const blocked =
    post.company_id === null
      ? SCHEDULE_MESSAGES.postHasNoEntity
      : networks.length === 0
        ? SCHEDULE_MESSAGES.noNetworks
        : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked !== null) return;
    if (platforms.length === 0) {
      setPlatformError(SCHEDULE_MESSAGES.selectPlatform);
      return;
    }
    setNoSlot(null);
    addToQueue.mutate(
      { postId: post.id, networks: platforms },
      {
        onSuccess: ({ data }) => {
          const at = data.instances[0]?.scheduled_for;
          const shownZone = zone ?? 'UTC';
          toast.success(
            at ? QUEUE_MESSAGES.goesOut(goesOutText(at, shownZone)) : QUEUE_MESSAGES.added,
          );
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'NO_OPEN_SLOT') {
            setNoSlot(error.serverMessage ?? QUEUE_MESSAGES.noOpenSlot);
            return;
          }
          toastApiError(error, SCHEDULE_MESSAGES.scheduleFailed);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div>
        <p className="text-sm font-medium text-gray-800">Post</p>
        <p className="mt-1.5 line-clamp-4 rounded-lg bg-gray-50 px-3 py-2 text-sm leading-6 break-words whitespace-pre-line text-gray-700 ring-1 ring-gray-200">
          {post.content}
        </p>
      </div>

      {blocked !== null ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <PlugZap className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p>{blocked}</p>
            {post.company_id !== null && (
              <Link
                to={socialsHref(post.company_id)}
                onClick={onClose}
                className="mt-1 inline-flex min-h-6 items-center font-semibold text-amber-950 underline underline-offset-2"
              >
                Connect a network for this entity
              </Link>
            )}
          </div>
        </div>
      ) : (
        <PlatformPicker
          networks={networks}
          value={platforms}
          onChange={(next) => {
            setPlatforms(next);
            setPlatformError(undefined);
          }}
          error={platformError}
          hasMedia={hasMedia}
        />
      )}

      {post.company_id !== null && (
        <p className="flex items-start gap-2 text-sm text-gray-700">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <span>
            The post takes {company?.name ?? 'the entity'}’s next open queue slot for these networks
            {zone !== null && <> (times in {zone})</>}.{' '}
            <Link
              to={queueEditorPath(post.company_id)}
              onClick={onClose}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Edit the queue
            </Link>
          </span>
        </p>
      )}

      {noSlot !== null && post.company_id !== null && (
        <div
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <p>{noSlot}</p>
          <Link
            to={queueEditorPath(post.company_id)}
            onClick={onClose}
            className="mt-1 inline-flex min-h-6 items-center font-semibold text-amber-950 underline underline-offset-2"
          >
            Open the queue editor
          </Link>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={blocked !== null}
          isLoading={addToQueue.isPending}
          loadingText="Adding..."
        >
          Add to queue
        </Button>
      </div>
    </form>
  );
}
