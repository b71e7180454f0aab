import type { ComponentProps, ReactNode } from 'react';
import { controlClasses, Field } from './field';

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
        <input
          {...control}
          className={controlClasses(error !== undefined, 'mt-1.5 h-10 px-3')}
          {...inputProps}
        />
      )}
    </Field>
  );
}
