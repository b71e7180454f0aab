import { CONNECTION_MESSAGES } from '@cadence/shared';
import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { ConnectionTest } from '../hooks/use-credential-form';

const LOOKS = {
  untested: {
    Icon: CircleDashed,
    text: CONNECTION_MESSAGES.testUntested,
    className: 'text-gray-500',
  },
  success: {
    Icon: CircleCheck,
    text: CONNECTION_MESSAGES.testSuccess,
    className: 'text-emerald-700',
  },
  error: { Icon: CircleAlert, text: CONNECTION_MESSAGES.testError, className: 'text-red-600' },
} as const;

/** The connection test's outcome beside its button; a failure also shows the server's words. */
export function ConnectionTestStatus({ test }: { test: ConnectionTest }) {
  const { Icon, text, className } = LOOKS[test.status];
  return (
    <div role="status" className="min-w-0 text-sm">
      <p
        className={cn(
          'flex items-center gap-1.5',
          className,
          test.status !== 'untested' && 'font-medium',
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {text}
      </p>
      {test.status === 'error' && (
        <p className="mt-1 text-xs break-words text-red-600">{test.message}</p>
      )}
    </div>
  );
}
