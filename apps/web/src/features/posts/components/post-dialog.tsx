import type { Company, NetworkId, Post } from '@cadence/shared';
import { Suspense } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { lazyComponent } from '../../../lib/lazy-component';
import { PostAuthor } from './post-dates';
import { PostForm } from './post-form';

// Only an existing post with something to act on shows it: its own chunk, off the page's.
const PostPublications = lazyComponent(() =>
  import('./post-publications').then((module) => module.PostPublications),
);
// A post's review (entities with approval), in its own chunk too.
const PostReviewPanel = lazyComponent(() =>
  import('../../../components/approvals/post-review-panel').then(
    (module) => module.PostReviewPanel,
  ),
);

// The publications' numbers, for a post that has gone out: their own chunk too.
const PostMetrics = lazyComponent(() =>
  import('./post-metrics').then((module) => module.PostMetrics),
);

/** Which post the modal edits: null writes a new one (for the filtered entity, if any). */
export interface PostEditor {
  post: Post | null;
  defaultCompanyId: string;
  /** Opens with this network's own text started from the shared one ('Customize for X'). */
  customizeFor?: NetworkId;
}

interface PostDialogProps {
  editor: PostEditor | null;
  companies: readonly Company[];
  onClose: () => void;
}

/** 'Create New Post' or 'Edit Post': the form beside its live preview. */
export function PostDialog({ editor, companies, onClose }: PostDialogProps) {
  return (
    <Dialog
      open={editor !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={editor?.post != null ? 'Edit Post' : 'Create New Post'}
      size="2xl"
      isModalStrict
    >
      {editor?.post != null && <PostAuthor post={editor.post} className="-mt-2 mb-3" />}
      {editor !== null && (
        <PostForm
          key={editor.post?.id ?? 'new'}
          post={editor.post}
          defaultCompanyId={editor.defaultCompanyId}
          customizeFor={editor.customizeFor}
          companies={companies}
          onCancel={onClose}
          onSaved={onClose}
        />
      )}
      {/* Outside the form: an action here never submits the post's edits. */}
      {editor?.post != null && (
        <Suspense fallback={null}>
          <PostPublications postId={editor.post.id} />
          {/* A post never scheduled has nothing out to read numbers of. */}
          {editor.post.has_schedules && <PostMetrics postId={editor.post.id} />}
          <PostReviewPanel postId={editor.post.id} />
        </Suspense>
      )}
    </Dialog>
  );
}
