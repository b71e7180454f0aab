import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface SettingsSectionProps {
  id: string;
  title: string;
  description: string;
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One collapsible section of the Settings page; its id is the link target (/settings#id). */
export function SettingsSection({
  id,
  title,
  description,
  isOpen,
  onToggle,
  children,
}: SettingsSectionProps) {
  const panelId = `${id}-panel`;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 rounded-2xl border border-gray-200 bg-white shadow-xs"
    >
      <h2 id={`${id}-heading`} className="text-base">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
        >
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-gray-900">{title}</span>
            <span className="mt-0.5 block text-sm font-normal text-gray-600">{description}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-5 shrink-0 text-gray-500 transition-transform',
              isOpen && 'rotate-180',
            )}
          />
        </button>
      </h2>
      {isOpen && (
        <div id={panelId} className="border-t border-gray-200 px-4 py-5 sm:px-6">
          {children}
        </div>
      )}
    </section>
  );
}
