import type { Company, NetworkId, Post } from '@cadence/shared';
import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { Dialog } from '../../../components/ui/dialog';
import { ScheduleForm } from './schedule-form';

interface SchedulePostDialogProps {
  post: Post | null;
  companies: readonly Company[];
  timeZone: string;
  onClose: () => void;
}

/** The networks a post can go to: those connected for its entity, in the usual order. */
function connectedNetworks(post: Post, companies: readonly Company[]): NetworkId[] {
  const company = companies.find((item) => item.id === post.company_id);
  return company?.social_credentials.map((credential) => credential.social_account.key) ?? [];
}

export function SchedulePostDialog({
  post,
  companies,
  timeZone,
  onClose,
}: SchedulePostDialogProps) {
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Schedule Post"
      size="lg"
    >
      {post !== null && (
        <ScheduleForm
          // A fresh form (and a fresh default time) for every post opened.
          key={post.id}
          post={post}
          networks={connectedNetworks(post, companies)}
          blockedReason={post.company_id === null ? SCHEDULE_MESSAGES.postHasNoEntity : null}
          timeZone={timeZone}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}
