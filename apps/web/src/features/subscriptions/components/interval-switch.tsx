import { cn } from '../../../lib/cn';

export type IntervalChoice = 'month' | 'year';

interface IntervalSwitchProps {
  value: IntervalChoice;
  onChange: (value: IntervalChoice) => void;
  /** The yearly saving in percent (0 hides it). */
  savingPercent: number;
}

const OPTIONS: Array<{ value: IntervalChoice; label: string }> = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
];

/** Monthly / Yearly, as a pair of radio buttons (arrow keys move between them). */
export function IntervalSwitch({ value, onChange, savingPercent }: IntervalSwitchProps) {
  return (
    <fieldset className="inline-flex rounded-full bg-gray-100 p-1 ring-1 ring-gray-200">
      <legend className="sr-only">Billing interval</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex min-h-9 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            value === option.value
              ? 'bg-white text-gray-900 shadow-sm'
              : 'text-gray-600 hover:text-gray-900',
          )}
        >
          <input
            type="radio"
            name="billing-interval"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
          {option.value === 'year' && savingPercent > 0 && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              Save {savingPercent}%
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
