import { ChevronDown, Clock } from 'lucide-react';
import { PlanLockedNote, PlanLockedNotePending } from '../../../components/ui/plan-locked-note';
import { toastLimitError } from '../../../components/ui/upgrade-hint';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { cn } from '../../../lib/cn';
import { reconnectBeforeText } from '../../../lib/reconnect-before';
import type { NetworkRow, PlanOffer } from '../utils/network-rows';
import { NETWORK_LOCKED_MESSAGE } from '../utils/network-rows';
import { NetworkMark } from '../../../components/entities/network-mark';
import { NetworkPanel, type OAuthAvailability } from './network-panel';

interface NetworkRowItemProps {
  row: NetworkRow;
  /** For a locked row: which plan includes the network, if any (null: the row is not locked). */
  lockedPlan: PlanOffer | null;
  companyId: string;
  isExpanded: boolean;
  oauth: OAuthAvailability | undefined;
  onToggle: () => void;
  onConnected: () => void;
}

/** One network: its mark, name and status; expands to its details when the plan allows it. */
export function NetworkRowItem({
  row,
  lockedPlan,
  companyId,
  isExpanded,
  oauth,
  onToggle,
  onConnected,
}: NetworkRowItemProps) {
  const panelId = `network-panel-${row.id}`;
  const { timeZone } = useTimeZone();
  const reconnectBefore = row.isConnected
    ? reconnectBeforeText(row.reconnectBefore, timeZone)
    : null;

  // A locked row stays clickable (no aria-disabled): the click is how it explains the lock.
  function handleClick() {
    if (!row.isSupported) {
      toastLimitError(NETWORK_LOCKED_MESSAGE, 'network-locked');
      return;
    }
    onToggle();
  }

  return (
    <li
      className={cn(!row.isSupported && 'flex flex-col bg-gray-50/80 sm:flex-row sm:items-center')}
    >
      <button
        type="button"
        onClick={handleClick}
        aria-expanded={row.isSupported ? isExpanded : undefined}
        aria-controls={row.isSupported ? panelId : undefined}
        className={cn(
          'flex items-center gap-3 px-4 py-3 text-left transition-colors',
          row.isSupported ? 'w-full' : 'w-full min-w-0 sm:w-auto sm:flex-1',
          'focus-visible:outline-offset-[-2px]',
          row.isSupported ? 'hover:bg-gray-50' : 'cursor-not-allowed',
        )}
      >
        <NetworkMark network={row.id} isMuted={!row.isSupported} isDecorative />
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              'block text-sm font-semibold',
              row.isSupported ? 'text-gray-900' : 'text-gray-500',
            )}
          >
            {row.name}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge isConnected={row.isConnected} />
            {reconnectBefore && (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800">
                <Clock className="size-3 shrink-0" aria-hidden="true" />
                {reconnectBefore}
              </span>
            )}
          </span>
        </span>
        {row.isSupported && (
          <ChevronDown
            className={cn(
              'size-4 shrink-0 text-gray-400 transition-transform',
              isExpanded && 'rotate-180',
            )}
            aria-hidden="true"
          />
        )}
      </button>
      {/* Said before any form opens: which plan has it, and the way there. */}
      {/* Under the name on a phone (past the mark), beside the row on wider screens. */}
      {!row.isSupported &&
        (lockedPlan === null || lockedPlan.status === 'loading' ? (
          <PlanLockedNotePending className={LOCKED_NOTE} />
        ) : (
          <PlanLockedNote
            plan={lockedPlan.status === 'included' ? lockedPlan.plan : null}
            className={LOCKED_NOTE}
          />
        ))}
      {/* Collapsing only hides the panel, so typed credentials survive closing the row. */}
      {row.isSupported && (
        <div
          id={panelId}
          role="region"
          aria-label={`${row.name} settings`}
          hidden={!isExpanded}
          className="border-t border-gray-100 bg-gray-50/60 px-4 py-4"
        >
          <NetworkPanel row={row} companyId={companyId} oauth={oauth} onConnected={onConnected} />
        </div>
      )}
    </li>
  );
}

const LOCKED_NOTE = '-mt-1 pr-4 pb-3 pl-16 sm:mt-0 sm:py-3 sm:pl-0';

function StatusBadge({ isConnected }: { isConnected: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        isConnected
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
          : 'bg-gray-100 text-gray-600 ring-gray-200',
      )}
    >
      <span
        className={cn('size-1.5 rounded-full', isConnected ? 'bg-emerald-500' : 'bg-gray-400')}
        aria-hidden="true"
      />
      {isConnected ? 'Connected' : 'Not Connected'}
    </span>
  );
}
