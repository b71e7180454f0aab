import { POST_MESSAGES } from '@cadence/shared';
import { FileText, LoaderCircle, Plus, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';

const SKELETON_ROWS = 3;

export function PostsLoading() {
  return (
    <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xs">
      <div role="status" className="flex items-center gap-2 px-5 py-3 text-sm text-gray-600">
        <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
        {POST_MESSAGES.loading}
      </div>
      <ul aria-hidden="true" className="divide-y divide-gray-100 border-t border-gray-100">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index} className="flex animate-pulse items-center gap-4 px-5 py-4">
            <span className="size-10 shrink-0 rounded-lg bg-gray-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-3/4 max-w-full rounded bg-gray-200" />
              <span className="block h-3 w-1/2 rounded bg-gray-100" />
            </span>
            <span className="hidden size-10 rounded-lg bg-gray-100 md:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PostsEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <StatePanel
      icon={FileText}
      title={POST_MESSAGES.empty}
      action={
        // Not named 'Create Post': the header's button keeps that name to itself.
        <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={onCreate}>
          Write your first post
        </Button>
      }
    >
      Write posts by hand or let AI draft them from a link or a news article.
    </StatePanel>
  );
}

export function PostsNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <StatePanel
      icon={SearchX}
      tone="neutral"
      title="No posts match your search."
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      Try another word or another entity, or show all posts again.
    </StatePanel>
  );
}

interface PostsErrorProps {
  detail: string | null;
  isRetrying: boolean;
  onRetry: () => void;
}

export function PostsError({ detail, isRetrying, onRetry }: PostsErrorProps) {
  return (
    <StatePanel
      icon={TriangleAlert}
      tone="danger"
      role="alert"
      title="Failed to load posts"
      action={
        <Button
          variant="secondary"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          isLoading={isRetrying}
          loadingText="Retrying..."
          onClick={onRetry}
        >
          Retry
        </Button>
      }
    >
      {detail ?? 'Check your connection and try again.'}
    </StatePanel>
  );
}
