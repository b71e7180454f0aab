import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  brand: 'bg-brand-50 text-brand-600 ring-brand-100',
  neutral: 'bg-gray-100 text-gray-500 ring-gray-200',
  danger: 'bg-red-50 text-red-600 ring-red-100',
} as const;

interface StatePanelProps {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
}

/** A list's empty, no-match or error state: an icon, what happened, and what to do. */
export function StatePanel({
  icon: Icon,
  tone = 'brand',
  title,
  children,
  action,
  role,
}: StatePanelProps) {
  return (
    <section
      role={role}
      className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center"
    >
      <span className={cn('grid size-12 place-items-center rounded-xl ring-1', TONES[tone])}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-gray-900">{title}</h2>
      {children !== undefined && (
        <div className="mt-1.5 max-w-sm text-sm text-gray-600">{children}</div>
      )}
      {action !== undefined && <div className="mt-6">{action}</div>}
    </section>
  );
}
