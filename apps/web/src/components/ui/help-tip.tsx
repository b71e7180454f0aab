import { Info } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

interface HelpTipProps {
  /** What the tip is about, for screen readers: 'About size format'. */
  label: string;
  children: string;
  /** 'end' for an icon at the right edge (a label row's end), so the hint stays on screen. */
  align?: 'center' | 'end';
  className?: string;
}

/** An info icon whose hint shows on hover and on keyboard focus. */
export function HelpTip({ label, children, align = 'center', className }: HelpTipProps) {
  const tipId = useId();
  return (
    <span className={cn('group relative inline-flex', className)}>
      <button
        type="button"
        aria-label={label}
        aria-describedby={tipId}
        className="-m-1 inline-flex size-6 items-center justify-center rounded-full text-gray-500 hover:text-brand-600 focus-visible:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Info className="size-3.5" aria-hidden="true" />
      </button>
      <span
        id={tipId}
        role="tooltip"
        className={cn(
          'pointer-events-none invisible absolute bottom-full z-20 mb-2 w-60 rounded-lg',
          align === 'end' ? '-right-1' : 'left-1/2 -translate-x-1/2',
          'bg-gray-900 px-3 py-2 text-xs leading-5 font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100',
        )}
      >
        {children}
      </span>
    </span>
  );
}
