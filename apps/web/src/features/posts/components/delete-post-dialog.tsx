import type { Post } from '@cadence/shared';
import { POST_MESSAGES } from '@cadence/shared';
import toast from 'react-hot-toast';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeletePost } from '../api/delete-post';
import { toastApiError } from '../../../components/ui/error-toast';

interface DeletePostDialogProps {
  post: Post | null;
  onClose: () => void;
}

export function DeletePostDialog({ post, onClose }: DeletePostDialogProps) {
  const deletePost = useDeletePost();

  function handleDelete() {
    if (post === null) return;
    deletePost.mutate(post.id, {
      onSuccess: () => {
        toast.success(POST_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => {
        toastApiError(error, POST_MESSAGES.deleteFailed);
      },
    });
  }

  return (
    <ConfirmDeleteDialog
      open={post !== null}
      title="Delete Post"
      description={POST_MESSAGES.deleteConfirm}
      isDeleting={deletePost.isPending}
      onConfirm={handleDelete}
      onClose={onClose}
    >
      {post !== null && (
        <div className="rounded-xl border border-gray-200 p-3">
          <p className="line-clamp-3 text-sm break-words text-gray-700">{post.content}</p>
        </div>
      )}
    </ConfirmDeleteDialog>
  );
}
