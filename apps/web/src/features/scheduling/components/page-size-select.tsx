import { SCHEDULE_PAGE_SIZES } from '@cadence/shared';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { controlClasses } from '../../../components/ui/field';

interface PageSizeSelectProps {
  value: number;
  onChange: (pageSize: number) => void;
  /** The accessible name, e.g. 'Posts per page'. */
  label: string;
}

/** 'Show 25' with the spec's choices 5, 10, 25, 50 and 100. */
export function PageSizeSelect({ value, onChange, label }: PageSizeSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-gray-600">
      <span aria-hidden="true">Show</span>
      <div className="relative">
        <select
          id={id}
          aria-label={label}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          className={controlClasses(false, 'h-8 w-20 appearance-none pr-8 pl-2.5')}
        >
          {SCHEDULE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
