import { yearlySavingPercent, type PreviewResponse, type PublicPlan } from '@cadence/shared';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import type { ScreenHeader } from '../../../components/layout/page-header';
import { StatePanel } from '../../../components/ui/state-panel';
import { usePlans } from '../../../lib/queries/plans';
import { useCreateOrder, usePreview } from '../api/billing';
import { isExternalUrl } from '../utils/format';
import { IntervalSwitch, type IntervalChoice } from './interval-switch';
import { PlanCard } from './plan-card';
import { PreviewDialog } from './preview-dialog';
import { toastApiError } from '../../../components/ui/error-toast';

const detailFor = (plan: PublicPlan, interval: IntervalChoice) =>
  plan.subscription_plan_details.find((detail) => detail.interval === interval) ?? null;

/** The best yearly saving among the plans, for the switch's label. */
function bestSaving(plans: PublicPlan[]) {
  return Math.max(
    0,
    ...plans.map((plan) => {
      const month = detailFor(plan, 'month');
      const year = detailFor(plan, 'year');
      return month && year ? yearlySavingPercent(month.price_cents, year.price_cents) : 0;
    }),
  );
}

/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const SUBSCRIPTIONS_HEADER: ScreenHeader = {
  title: 'Choose Your Subscription Plan',
  description:
    'Prices in USD. Upgrades start at once with the unused part of your plan credited; downgrades and cancellations take effect at the end of the period you paid for.',
};

export function SubscriptionsPage() {
  const plansQuery = usePlans();
  const preview = usePreview();
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const [interval, setBillingInterval] = useState<IntervalChoice>('month');
  const [chosen, setChosen] = useState<{ plan: PublicPlan; intervalId: string } | null>(null);
  const [previewData, setPreviewData] = useState<PreviewResponse | null>(null);

  const rows = plansQuery.data?.rows ?? [];
  const active = plansQuery.data?.activeSubscription ?? null;
  const activePlan = rows.find((plan) => plan.id === active?.subscription_plan_id);
  const hasPaidPlan = activePlan !== undefined && !activePlan.is_free;

  const subscribe = (plan: PublicPlan) => {
    const detail = detailFor(plan, interval);
    if (!detail) return;
    setChosen({ plan, intervalId: detail.id });
    preview.mutate(
      { planId: plan.id, intervalId: detail.id },
      {
        onSuccess: (data) => setPreviewData(data),
        onError: (error) => {
          setChosen(null);
          toastApiError(error, 'Could not prepare the payment. Please try again.');
        },
      },
    );
  };

  const confirm = () => {
    if (!chosen) return;
    createOrder.mutate(
      { planId: chosen.plan.id, intervalId: chosen.intervalId },
      {
        onSuccess: ({ payment_url }) => {
          if (isExternalUrl(payment_url)) {
            window.location.assign(payment_url);
            return;
          }
          setPreviewData(null);
          setChosen(null);
          void navigate(payment_url);
        },
        onError: (error) => toastApiError(error, 'Could not create the order. Please try again.'),
      },
    );
  };

  const closePreview = () => {
    setPreviewData(null);
    setChosen(null);
  };

  return (
    <>
      <PageHeader {...SUBSCRIPTIONS_HEADER} />
      {plansQuery.isPending ? (
        <div role="status" className="grid place-items-center py-24 text-gray-600">
          <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
          <span className="sr-only">Loading plans</span>
        </div>
      ) : plansQuery.isError ? (
        <div className="mt-8">
          <StatePanel
            icon={CircleAlert}
            tone="danger"
            title="The plans could not be loaded"
            role="alert"
          >
            Please reload the page in a moment.
          </StatePanel>
        </div>
      ) : (
        <>
          <div className="mt-8 flex justify-center">
            <IntervalSwitch
              value={interval}
              onChange={setBillingInterval}
              savingPercent={bestSaving(rows)}
            />
          </div>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            {rows.map((plan) => {
              const detail = detailFor(plan, interval);
              const isActive = plan.is_free
                ? !hasPaidPlan
                : active?.subscription_plan_id === plan.id &&
                  (detail === null || active.interval_id === detail.id);
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  detail={detail}
                  isActive={isActive}
                  hasPaidPlan={hasPaidPlan}
                  isFeatured={plan.tier === 'pro'}
                  isBusy={preview.isPending && chosen?.plan.id === plan.id}
                  isDisabled={preview.isPending || createOrder.isPending}
                  onSubscribe={() => subscribe(plan)}
                />
              );
            })}
          </div>
        </>
      )}
      <PreviewDialog
        preview={previewData}
        planName={chosen?.plan.name ?? ''}
        isConfirming={createOrder.isPending}
        onCancel={closePreview}
        onConfirm={confirm}
      />
    </>
  );
}
