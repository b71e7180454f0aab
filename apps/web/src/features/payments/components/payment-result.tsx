import { ROUTES } from '@cadence/shared';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { cn } from '../../../lib/cn';

interface PaymentResultProps {
  icon: LucideIcon;
  tone: 'success' | 'failure';
  title: string;
  message: string;
}

const TONES = {
  success: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  failure: 'bg-red-50 text-red-600 ring-red-100',
} as const;

/** Where the payment provider sends the customer back to. */
export function PaymentResult({ icon: Icon, tone, title, message }: PaymentResultProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto mt-6 max-w-lg rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-gray-200 sm:mt-12 sm:px-10 sm:py-12">
      <span
        className={cn('mx-auto grid size-16 place-items-center rounded-full ring-8', TONES[tone])}
      >
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-3 text-sm leading-6 text-gray-600">{message}</p>
      <Link to={ROUTES.companies} className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Home
      </Link>
    </section>
  );
}
