import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface AdminSectionProps {
  title: string;
  icon: LucideIcon;
  defaultOpen?: boolean;
  /** The section's body; rendered only while open, so closed sections load nothing. */
  children: ReactNode;
}

/** One collapsible section of the admin panel (spec 001: System Settings and Service Monitoring start open). */
export function AdminSection({
  title,
  icon: Icon,
  defaultOpen = false,
  children,
}: AdminSectionProps) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const bodyId = useId();
  const buttonId = useId();
  return (
    <section className="rounded-2xl border border-gray-200 bg-white shadow-sm">
      <h2>
        <button
          id={buttonId}
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-600">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="flex-1 text-base font-semibold text-gray-900">{title}</span>
          <ChevronDown
            className={cn('size-5 text-gray-500 transition-transform', isOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      {isOpen && (
        <div
          id={bodyId}
          role="region"
          aria-labelledby={buttonId}
          className="border-t border-gray-100 px-4 py-5 sm:px-6"
        >
          {children}
        </div>
      )}
    </section>
  );
}
