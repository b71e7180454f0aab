import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { controlClasses, Field } from './field';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  labelAction?: ReactNode;
}

/** A native select (keyboard, screen readers and phones handle it well) in the form's look. */
export function SelectField({
  id,
  label,
  hint,
  error,
  labelAction,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
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
        <div className="relative mt-1.5">
          <select
            {...control}
            className={controlClasses(error !== undefined, 'h-10 appearance-none pr-9 pl-3')}
            {...selectProps}
          >
            {children}
          </select>
          <ChevronDown
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-400"
            aria-hidden="true"
          />
        </div>
      )}
    </Field>
  );
}
