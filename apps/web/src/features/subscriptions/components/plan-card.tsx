import {
  formatInterval,
  formatUsd,
  NETWORK_IDS,
  NETWORK_NAMES,
  ROUTES,
  type PlanDetail,
  type PublicPlan,
} from '@cadence/shared';
import { Check, Mail, Sparkles, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate } from '../utils/format';
import { useTimeZone } from '../../../hooks/use-time-zone';

interface PlanCardProps {
  plan: PublicPlan;
  /** The interval shown (the chosen Monthly / Yearly one, if the plan has it). */
  detail: PlanDetail | null;
  isActive: boolean;
  /** The customer has a paid plan (so Free is reached by cancelling). */
  hasPaidPlan: boolean;
  isBusy: boolean;
  isDisabled: boolean;
  isFeatured: boolean;
  onSubscribe: () => void;
}

export function PlanCard({
  plan,
  detail,
  isActive,
  hasPaidPlan,
  isBusy,
  isDisabled,
  isFeatured,
  onSubscribe,
}: PlanCardProps) {
  const { timeZone } = useTimeZone();
  const included = new Set(plan.subscription_social_accounts.map((account) => account.key));
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1',
        isFeatured ? 'ring-2 ring-brand-600' : 'ring-gray-200',
      )}
    >
      {isFeatured && (
        <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
          <Sparkles className="size-3" aria-hidden="true" /> Most popular
        </span>
      )}
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-gray-600">{plan.description}</p>

      <div className="mt-5 min-h-16">
        {plan.is_free ? (
          <p className="text-sm font-medium text-gray-700">Free forever</p>
        ) : detail ? (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-3xl font-bold tracking-tight text-gray-900">
                {formatUsd(detail.price_cents)}
                <span className="text-base font-medium text-gray-600">/{detail.interval}</span>
              </span>
              {detail.regular_price !== null && (
                <s className="text-base text-gray-500">
                  <span className="sr-only">Regular price </span>
                  {formatUsd(Math.round(detail.regular_price * 100))}
                </s>
              )}
            </p>
            <p className="mt-1 text-xs text-gray-600">
              {formatInterval(detail.interval_count, detail.interval)}
              {detail.sale_ends_at && ` · Sale ends ${formatDate(detail.sale_ends_at, timeZone)}`}
            </p>
          </>
        ) : plan.is_quoted ? (
          <p className="text-3xl font-bold tracking-tight text-gray-900">Custom</p>
        ) : (
          <p className="text-sm text-gray-600">Not available with this billing interval.</p>
        )}
      </div>

      <ul className="mt-5 space-y-2 text-sm" aria-label={`Social networks on ${plan.name}`}>
        {NETWORK_IDS.map((id) => {
          const has = included.has(id);
          return (
            <li key={id} className="flex items-center gap-2">
              {has ? (
                <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              ) : (
                <X className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
              )}
              <span className={has ? 'text-gray-800' : 'text-gray-500'}>
                {NETWORK_NAMES[id]}
                <span className="sr-only">{has ? ' (included)' : ' (not included)'}</span>
              </span>
            </li>
          );
        })}
      </ul>

      {plan.highlight_points.length > 0 && (
        <ul className="mt-5 space-y-2 border-t border-gray-100 pt-5 text-sm text-gray-700">
          {plan.highlight_points.map((point) => (
            <li key={point} className="flex gap-2">
              <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto pt-6">
        {plan.is_free ? (
          isActive ? (
            <Button variant="secondary" className="w-full" disabled>
              Subscribed
            </Button>
          ) : hasPaidPlan ? (
            <Link to={ROUTES.settings} className={buttonClasses('secondary', 'md', 'w-full')}>
              Cancel in Settings
            </Link>
          ) : null
        ) : plan.is_quoted ? (
          plan.contact_email ? (
            <a
              href={`mailto:${plan.contact_email}?subject=${encodeURIComponent(`${plan.name} plan`)}`}
              className={buttonClasses('secondary', 'md', 'w-full')}
            >
              <Mail className="size-4" aria-hidden="true" /> Contact us
            </a>
          ) : (
            <p className="text-center text-sm text-gray-600">Contact us for a quote</p>
          )
        ) : (
          <Button
            className="w-full"
            variant={isActive ? 'secondary' : 'primary'}
            disabled={isActive || isDisabled || !detail}
            isLoading={isBusy}
            loadingText="Processing..."
            onClick={onSubscribe}
          >
            {isActive ? 'Subscribed' : 'Subscribe Now'}
          </Button>
        )}
      </div>
    </article>
  );
}
