import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The look every text input, select and textarea shares, red when it has an error. */
export function controlClasses(hasError: boolean, className?: string): string {
  return cn(
    'block w-full rounded-lg border bg-white text-sm text-gray-900 shadow-xs transition-colors',
    'placeholder:text-gray-400 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
    'focus:ring-3 focus:outline-none',
    hasError
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
      : 'border-gray-300 focus:border-brand-500 focus:ring-brand-500/20',
    className,
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Sits at the right end of the label row, e.g. a 'Forgot password?' or 'AI Assist' action. */
  labelAction?: ReactNode;
  className?: string | undefined;
  /** The control, given the ids and aria attributes it needs. */
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A label, one control and its hint or error: the frame of every form field. */
export function Field({ id, label, hint, error, labelAction, className, children }: FieldProps) {
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={className}>
      <div className="flex min-h-5 items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        {labelAction}
      </div>
      {children({
        id,
        'aria-invalid': error !== undefined || undefined,
        'aria-describedby': message !== undefined ? messageId : undefined,
      })}
      {message !== undefined && (
        <p
          id={messageId}
          className={cn('mt-1.5 text-xs', error !== undefined ? 'text-red-600' : 'text-gray-500')}
        >
          {message}
        </p>
      )}
    </div>
  );
}
