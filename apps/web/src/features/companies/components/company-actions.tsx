import type { Company } from '@cadence/shared';
import { CalendarClock, Link2, Pencil, Share2, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../../hooks/use-can';
import { cn } from '../../../lib/cn';

/** What a row's buttons open; the page owns the dialogs. */
export interface CompanyActionHandlers {
  onEdit: (company: Company) => void;
  onSocials: (company: Company) => void;
  /** The entity's posting queue (its weekly slots and time zone). */
  onQueue: (company: Company) => void;
  /** The entity's review links for clients. */
  onReviewLinks: (company: Company) => void;
  onDelete: (company: Company) => void;
}

interface CompanyActionsProps extends CompanyActionHandlers {
  company: Company;
  /** 'row': compact, text hidden on mid-size screens (the name stays for screen readers). */
  layout: 'row' | 'card';
}

export function CompanyActions({
  company,
  layout,
  onEdit,
  onSocials,
  onQueue,
  onReviewLinks,
  onDelete,
}: CompanyActionsProps) {
  const isRow = layout === 'row';
  // What the role may not do is not offered (shared/roles.ts): an editor or viewer sees
  // neither the entity's edits nor its networks' connect and disconnect.
  const canManage = useCan('manageEntities');
  const canConnect = useCan('connectNetworks');
  // Between the card and wide layouts, the table only has room for icons.
  const buttonClass = isRow ? 'px-2 xl:px-2.5' : 'w-full gap-1.5 px-2';
  const actions: Array<{
    text: string;
    icon: typeof Pencil;
    isOffered: boolean;
    onClick: (company: Company) => void;
    className?: string;
  }> = [
    { text: 'Edit', icon: Pencil, isOffered: canManage, onClick: onEdit },
    { text: 'Socials', icon: Share2, isOffered: canConnect, onClick: onSocials },
    { text: 'Queue', icon: CalendarClock, isOffered: canManage, onClick: onQueue },
    { text: 'Review links', icon: Link2, isOffered: canManage, onClick: onReviewLinks },
    {
      text: 'Delete',
      icon: Trash2,
      isOffered: canManage,
      onClick: onDelete,
      className: cn(!isRow && 'col-span-2', 'text-red-600 hover:bg-red-50 hover:text-red-700'),
    },
  ];

  return (
    <div className={cn(isRow ? 'flex justify-end gap-0.5' : 'grid grid-cols-2 gap-2')}>
      {actions
        .filter((action) => action.isOffered)
        .map(({ text, icon: Icon, onClick, className }) => (
          <Button
            key={text}
            variant={isRow ? 'ghost' : 'secondary'}
            size="sm"
            className={cn(buttonClass, className)}
            icon={<Icon className="size-4 shrink-0" aria-hidden="true" />}
            onClick={() => onClick(company)}
          >
            <span className={cn(isRow && 'sr-only xl:not-sr-only')}>{text}</span>
          </Button>
        ))}
    </div>
  );
}
