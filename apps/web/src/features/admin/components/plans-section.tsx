import type { ReactNode } from 'react';
import { ADMIN_TOASTS, type AdminPlan } from '@cadence/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { formatInZone, fromLocalDateTime, toLocalDateTime } from '../../../lib/zoned-time';
import { useAdminPlans, useUpdatePlan } from '../api/admin-api';
import { savePercent } from '../utils/format';
import { toastApiError } from '../../../components/ui/error-toast';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const inputClasses =
  'mt-1.5 h-10 w-full rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

const priceOf = (text: string) => (text.trim() === '' ? null : Number(text));

function PlanCard({ plan, timeZone }: { plan: AdminPlan; timeZone: string }) {
  const update = useUpdatePlan();
  const [price, setPrice] = useState(plan.price === null ? '' : String(plan.price));
  const [salePrice, setSalePrice] = useState(
    plan.sale_price === null ? '' : String(plan.sale_price),
  );
  const [saleEnd, setSaleEnd] = useState(toLocalDateTime(plan.sale_end_date, timeZone));
  const [points, setPoints] = useState<string[]>(plan.highlight_points);
  const [hasApi, setHasApi] = useState(plan.has_api);
  const [hasBulk, setHasBulk] = useState(plan.has_bulk_scheduling);
  // Empty: unlimited.
  const [maxMembers, setMaxMembers] = useState(
    plan.max_members === null ? '' : String(plan.max_members),
  );
  const [hasWhiteLabel, setHasWhiteLabel] = useState(plan.has_white_label);
  const save = savePercent(plan.price, plan.sale_price);
  const id = (field: string) => `plan-${plan.id}-${field}`;

  return (
    <form
      className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-label={`${plan.name} plan`}
      onSubmit={(event) => {
        event.preventDefault();
        // A saved price re-keys this card (fresh form state), which unmounts it: the toast
        // hangs on the promise, not on mutate's callbacks, which an unmounted card never runs.
        update
          .mutateAsync({
            planId: plan.id,
            body: {
              price: priceOf(price),
              sale_price: priceOf(salePrice),
              // The picker shows and reads the sale's end in the customer's zone.
              sale_end_date: fromLocalDateTime(saleEnd, timeZone),
              highlight_points: points.filter((point) => point.trim() !== ''),
              has_api: hasApi,
              has_bulk_scheduling: hasBulk,
              max_members: maxMembers.trim() === '' ? null : Number(maxMembers),
              has_white_label: hasWhiteLabel,
            },
          })
          .then(
            () => toast.success(ADMIN_TOASTS.planUpdated),
            (error: unknown) => toastApiError(error, ADMIN_TOASTS.updatePlanFailed),
          );
      }}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-gray-900">{plan.name}</h3>
        <span className="text-xs font-medium text-gray-600 uppercase">{plan.tier}</span>
      </div>
      {(save !== null || plan.sale_end_date !== null) && (
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          {save !== null && (
            <span className="rounded-full bg-green-50 px-2 py-0.5 font-semibold text-green-800">
              Save {save}%
            </span>
          )}
          {plan.sale_end_date !== null && (
            <span className="text-gray-600">
              Sale ends {formatInZone(plan.sale_end_date, timeZone, 'MMM d, yyyy')}
            </span>
          )}
        </p>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label htmlFor={id('price')} className="text-sm font-medium text-gray-800">
          Regular Price
          <input
            id={id('price')}
            type="number"
            step="0.01"
            min="0"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            className={inputClasses}
          />
        </label>
        <label htmlFor={id('sale')} className="text-sm font-medium text-gray-800">
          Sale Price
          <input
            id={id('sale')}
            type="number"
            step="0.01"
            min="0"
            value={salePrice}
            onChange={(e) => setSalePrice(e.target.value)}
            className={inputClasses}
          />
        </label>
        <label htmlFor={id('end')} className="text-sm font-medium text-gray-800 sm:col-span-2">
          Sale End Date
          <input
            id={id('end')}
            type="datetime-local"
            value={saleEnd}
            onChange={(e) => setSaleEnd(e.target.value)}
            className={inputClasses}
          />
        </label>
        <PlanFlag id={id('api')} checked={hasApi} onChange={setHasApi}>
          API access (API keys and the public API)
        </PlanFlag>
        <PlanFlag id={id('bulk')} checked={hasBulk} onChange={setHasBulk}>
          Bulk scheduling (import posts from a CSV file)
        </PlanFlag>
        <label htmlFor={id('members')} className="text-sm font-medium text-gray-800 sm:col-span-2">
          Team members (empty: unlimited)
          <input
            id={id('members')}
            type="number"
            step="1"
            min="1"
            value={maxMembers}
            onChange={(e) => setMaxMembers(e.target.value)}
            className={inputClasses}
          />
        </label>
        <PlanFlag id={id('white-label')} checked={hasWhiteLabel} onChange={setHasWhiteLabel}>
          White label (the workspace&apos;s own brand)
        </PlanFlag>
      </div>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-gray-800">Highlight Points</legend>
        <ul className="mt-1.5 space-y-2">
          {points.map((point, index) => (
            <li key={index} className="flex gap-2">
              <input
                aria-label={`Highlight point ${index + 1}`}
                value={point}
                onChange={(e) =>
                  setPoints((all) => all.map((p, i) => (i === index ? e.target.value : p)))
                }
                className="h-9 min-w-0 flex-1 rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove highlight point ${index + 1}`}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={() => setPoints((all) => all.filter((_p, i) => i !== index))}
              />
            </li>
          ))}
        </ul>
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          icon={<Plus className="size-4" aria-hidden="true" />}
          onClick={() => setPoints((all) => [...all, ''])}
        >
          Add point
        </Button>
      </fieldset>
      <div className="mt-auto flex justify-end pt-4">
        <Button type="submit" isLoading={update.isPending} loadingText="Saving...">
          Save Changes
        </Button>
      </div>
    </form>
  );
}

export function PlansSection({ timeZone }: { timeZone: string }) {
  const plans = useAdminPlans();
  useQueryErrorToast(plans, ADMIN_TOASTS.loadPlansFailed);
  if (plans.isPending) return <p className="text-sm text-gray-600">Loading plans...</p>;
  if (plans.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {ADMIN_TOASTS.loadPlansFailed}
      </p>
    );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {plans.data.map((plan) => (
        <PlanCard
          key={`${plan.id}-${plan.price}-${plan.sale_price}-${plan.sale_end_date}-${plan.has_api}-${plan.has_bulk_scheduling}-${plan.max_members}-${plan.has_white_label}`}
          plan={plan}
          timeZone={timeZone}
        />
      ))}
    </div>
  );
}

/** One of a plan's on/off features (API access, bulk scheduling, white label). */
function PlanFlag({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className="flex items-center gap-2 text-sm font-medium text-gray-800 sm:col-span-2"
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded border-gray-300 accent-brand-600"
      />
      {children}
    </label>
  );
}
