import {
  APPROVAL_MESSAGES,
  measurePostLength,
  NETWORK_NAMES,
  type ReviewPage as ReviewPageData,
} from '@cadence/shared';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import toast from 'react-hot-toast';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { NetworkMark } from '../../../components/entities/network-mark';
import { Button } from '../../../components/ui/button';
import { toastApiError } from '../../../components/ui/error-toast';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiRequestError } from '../../../lib/api-error';
import { formatInZone } from '../../../lib/zoned-time';
import { useClientAnswer, useReviewPage } from '../../../components/approvals/review-api';

type ReviewPost = ReviewPageData['posts'][number];

/** The reader's own zone: a client has no account and no saved zone. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `/review/<token>`: a client reviews the posts waiting for them, with no account. */
export function ReviewPage() {
  const { token = '' } = useParams();
  const page = useReviewPage(token);
  const [name, setName] = useState('');

  if (page.isPending) {
    return <div className="min-h-dvh bg-gray-50" aria-busy="true" />;
  }
  if (page.isError) {
    const gone = page.error instanceof ApiRequestError && page.error.status === 404;
    return (
      <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4">
        <div className="max-w-md rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
          <h1 className="text-lg font-semibold text-gray-900">
            {gone
              ? APPROVAL_MESSAGES.reviewLinkExpired
              : 'The review could not be loaded. Try again.'}
          </h1>
        </div>
      </main>
    );
  }

  const { brand, entity, posts } = page.data;
  return (
    <div className="min-h-dvh bg-gray-50">
      <header className="border-b-4 bg-white" style={{ borderBottomColor: brand.accent_color }}>
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          {brand.logo_url !== null && (
            <img src={brand.logo_url} alt="" className="size-8 rounded object-contain" />
          )}
          <p className="text-base font-semibold" style={{ color: brand.accent_color }}>
            {brand.name}
          </p>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-5 px-4 py-6">
        <div className="flex items-center gap-3">
          <CompanyAvatar name={entity.name} logoUrl={entity.logo_url} className="size-12" />
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold text-gray-900">{entity.name}</h1>
            <p className="text-sm text-gray-600">
              {page.data.label !== null ? `${page.data.label} · ` : ''}
              {posts.length === 1
                ? '1 post waits for your review'
                : `${posts.length} posts wait for your review`}
            </p>
          </div>
        </div>
        <TextField
          id="reviewer-name"
          label="Your name"
          hint="Shown with your answers."
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        {posts.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-sm text-gray-600 ring-1 ring-gray-200">
            Nothing waits for your review right now.
          </p>
        ) : (
          <ul className="space-y-5">
            {posts.map((post) => (
              <li key={post.id}>
                <ReviewCard post={post} token={token} name={name} accent={brand.accent_color} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function ReviewCard({
  post,
  token,
  name,
  accent,
}: {
  post: ReviewPost;
  token: string;
  name: string;
  accent: string;
}) {
  const answer = useClientAnswer(token);
  const [isAsking, setIsAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const headingId = useId();
  const zone = browserZone();

  const approve = () =>
    answer.mutate(
      { action: 'approve', postId: post.id, name },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (failure) => toastApiError(failure, 'The answer could not be sent. Try again.'),
      },
    );
  const askForChanges = () => {
    if (comment.trim() === '') return setError('Comment is required');
    if (name.trim() === '') return setError('Your name is required');
    setError(undefined);
    answer.mutate(
      { action: 'request_changes', postId: post.id, name, comment },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (failure) => toastApiError(failure, 'The answer could not be sent. Try again.'),
      },
    );
  };

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-gray-200 sm:p-5"
    >
      <h2 id={headingId} className="sr-only">
        {`Post: ${post.content.slice(0, 60)}`}
      </h2>
      <p className="text-sm whitespace-pre-wrap text-gray-900">{post.content}</p>
      {post.url !== null && <p className="mt-2 truncate text-sm text-gray-700">{post.url}</p>}
      {post.media !== null &&
        (post.media.mime_type.startsWith('video/') ? (
          <video src={post.media.url} controls className="mt-3 max-h-72 w-full rounded-lg" />
        ) : (
          <img
            src={post.media.url}
            alt="The post's image"
            className="mt-3 max-h-72 w-full rounded-lg object-contain"
          />
        ))}
      <ul aria-label="Where and when it goes out" className="mt-4 space-y-2">
        {post.previews.map((preview) => {
          const length = measurePostLength(preview.network, post.content, {
            link: post.url ?? undefined,
          });
          return (
            <li
              key={preview.network}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 text-sm"
            >
              <NetworkMark network={preview.network} size="sm" isDecorative />
              <span className="font-medium text-gray-900">{NETWORK_NAMES[preview.network]}</span>
              <span className="flex items-center gap-1 text-gray-700">
                <CalendarClock aria-hidden="true" className="size-4" />
                {preview.scheduled_for !== null
                  ? formatInZone(preview.scheduled_for, zone)
                  : 'Not scheduled yet'}
              </span>
              <span className={length.isOver ? 'text-red-700' : 'text-gray-600'}>
                {`${length.length}/${length.limit} characters`}
              </span>
            </li>
          );
        })}
      </ul>
      {post.comments.length > 0 && (
        <ul aria-label="Comments" className="mt-4 space-y-2 border-t border-gray-100 pt-3">
          {post.comments.map((entry) => (
            <li key={entry.id} className="text-sm text-gray-700">
              <span className="font-medium text-gray-900">{entry.author_name}: </span>
              {entry.body}
            </li>
          ))}
        </ul>
      )}
      {isAsking && (
        <TextareaField
          id={`changes-${post.id}`}
          label="What should change?"
          className="mt-4"
          rows={3}
          value={comment}
          error={error}
          onChange={(event) => setComment(event.target.value)}
        />
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {isAsking ? (
          <>
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              Cancel
            </Button>
            <Button onClick={askForChanges} isLoading={answer.isPending}>
              Send changes
            </Button>
          </>
        ) : (
          <>
            <Button
              onClick={approve}
              isLoading={answer.isPending}
              style={{ backgroundColor: accent }}
            >
              Approve
            </Button>
            <Button variant="secondary" onClick={() => setIsAsking(true)}>
              Request changes
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
