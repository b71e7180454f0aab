import type { ComponentProps, ReactNode } from 'react';
import { controlClasses, Field } from './field';

interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  labelAction?: ReactNode;
}

export function TextareaField({
  id,
  label,
  hint,
  error,
  labelAction,
  className,
  rows = 4,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      labelAction={labelAction}
      className={className}
    >
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={controlClasses(error !== undefined, 'mt-1.5 resize-y px-3 py-2 leading-6')}
          {...textareaProps}
        />
      )}
    </Field>
  );
}
