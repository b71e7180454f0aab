import { ROUTES } from '@cadence/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { cn } from '../../../lib/cn';

interface PaymentResultProps {
  icon: LucideIcon;
  tone: 'success' | 'failure' | 'pending';
  title: string;
  message: string;
  /** What the order says (the plan now active, the reason it failed). */
  details?: ReactNode;
  /** Extra actions beside 'Back to Home'. */
  actions?: ReactNode;
}

const TONES = {
  success: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  failure: 'bg-red-50 text-red-600 ring-red-100',
  pending: 'bg-brand-50 text-brand-600 ring-brand-100',
} as const;

/** Where the payment provider sends the customer back to. */
export function PaymentResult({
  icon: Icon,
  tone,
  title,
  message,
  details,
  actions,
}: PaymentResultProps) {
  useDocumentTitle(title);
  return (
    <section
      aria-live="polite"
      className="mx-auto mt-6 max-w-lg rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-gray-200 sm:mt-12 sm:px-10 sm:py-12"
    >
      <span
        className={cn('mx-auto grid size-16 place-items-center rounded-full ring-8', TONES[tone])}
      >
        <Icon className={cn('size-8', tone === 'pending' && 'animate-spin')} aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-3 text-sm leading-6 text-gray-600">{message}</p>
      {details !== undefined && <div className="mt-4 text-sm text-gray-800">{details}</div>}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {actions}
        <Link
          to={ROUTES.companies}
          className={buttonClasses(actions ? 'secondary' : 'primary', 'md')}
        >
          Back to Home
        </Link>
      </div>
    </section>
  );
}
