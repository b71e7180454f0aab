import { UsageMeter } from '../../../components/ui/usage-meter';
import { usePostUsage } from '../api/get-post-usage';

/** 'N of 5 posts this month', only on a plan with a monthly limit; drafts count. */
export function PostUsageMeter({ className }: { className?: string }) {
  const usage = usePostUsage();
  if (usage.data === undefined || usage.data.limit === null) return null;
  return (
    <UsageMeter
      label="Posts this month"
      used={usage.data.used}
      limit={usage.data.limit}
      unit="posts this month"
      note="Every post made counts, drafts and deleted ones too."
      className={className}
    />
  );
}
