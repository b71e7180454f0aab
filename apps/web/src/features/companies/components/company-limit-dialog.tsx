import { ROUTES } from '@cadence/shared';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface CompanyLimitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan's entity limit; null when there is none. */
  limit: number | null;
  count: number;
}

/** 'Entity limit reached': Add Entity at the plan's limit says so before any typing. */
export function CompanyLimitDialog({ open, onOpenChange, limit, count }: CompanyLimitDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Entity limit reached"
      description={
        limit === null
          ? undefined
          : `Your plan allows ${limit} ${limit === 1 ? 'entity' : 'entities'}, and you have ${count}. Upgrade your plan to add more, or delete an entity you no longer need.`
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Link to={ROUTES.subscriptions} className={buttonClasses('primary', 'md')}>
          See plans
        </Link>
      </div>
    </Dialog>
  );
}
