import type { ServiceStatus } from '@cadence/shared';
import { cn } from '../../../lib/cn';

const TONES: Record<ServiceStatus | 'success' | 'pending', string> = {
  running: 'bg-green-50 text-green-800 ring-green-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  stopped: 'bg-gray-100 text-gray-700 ring-gray-300',
  pending: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  error: 'bg-red-50 text-red-800 ring-red-200',
};

/** A status word in its colour: green running/success, yellow pending, red error. */
export function StatusBadge({ status }: { status: ServiceStatus | 'success' | 'pending' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        TONES[status],
      )}
    >
      {status}
    </span>
  );
}
