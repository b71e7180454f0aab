import type { Post } from '@cadence/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../../hooks/use-can';
import { cn } from '../../../lib/cn';

/** What a row's buttons open; the page owns the dialogs. */
export interface PostActionHandlers {
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

interface PostActionsProps extends PostActionHandlers {
  post: Post;
  layout: 'row' | 'card';
}

export function PostActions({ post, layout, onEdit, onDelete }: PostActionsProps) {
  const isRow = layout === 'row';
  // A viewer reads posts and changes none (shared/roles.ts): no Edit, no Delete.
  const canWrite = useCan('writePosts');
  if (!canWrite) return null;
  const variant = isRow ? 'ghost' : 'secondary';
  const buttonClass = isRow ? 'px-2.5' : 'w-full gap-1.5 px-2';
  return (
    <div className={cn(isRow ? 'flex justify-end gap-0.5' : 'grid grid-cols-2 gap-2')}>
      <Button
        variant={variant}
        size="sm"
        className={buttonClass}
        icon={<Pencil className="size-4 shrink-0" aria-hidden="true" />}
        onClick={() => onEdit(post)}
      >
        Edit
      </Button>
      <Button
        variant={variant}
        size="sm"
        className={cn(buttonClass, 'text-red-600 hover:bg-red-50 hover:text-red-700')}
        icon={<Trash2 className="size-4 shrink-0" aria-hidden="true" />}
        onClick={() => onDelete(post)}
      >
        Delete
      </Button>
    </div>
  );
}
