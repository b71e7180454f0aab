import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** Shown under the input until there is an error to show instead. */
  hint?: string;
  error?: string | undefined;
  /** Sits at the right end of the label row, e.g. a 'Forgot password?' action. */
  labelAction?: ReactNode;
}

export function TextField({
  id,
  label,
  hint,
  error,
  labelAction,
  className,
  ...inputProps
}: TextFieldProps) {
  const messageId = `${id}-message`;
  const message = error ?? hint;

  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        {labelAction}
      </div>
      <input
        id={id}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={message !== undefined ? messageId : undefined}
        className={cn(
          'mt-1.5 block h-10 w-full rounded-lg border bg-white px-3 text-sm text-gray-900 shadow-xs transition-colors',
          'placeholder:text-gray-400 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
          'focus:ring-3 focus:outline-none',
          error !== undefined
            ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
            : 'border-gray-300 focus:border-brand-500 focus:ring-brand-500/20',
        )}
        {...inputProps}
      />
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
