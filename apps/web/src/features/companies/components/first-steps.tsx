import type { Company } from '@cadence/shared';
import { API_PATHS, PostListSchema, ROUTES } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

const DISMISSED_KEY = 'cadence:first-steps-dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The first page of posts: enough to tell "wrote one" and "scheduled one" for a new account. */
function useFirstPosts(enabled: boolean) {
  return useQuery({
    queryKey: [...POSTS_QUERY_KEY, 'first-steps'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${API_PATHS.posts}?page=1&pageSize=25`, {
          schema: PostListSchema,
          signal,
        })
      ).data,
    enabled,
  });
}

interface FirstStepsProps {
  /** Undefined until the list has loaded (or when it failed): no checklist then. */
  companies: readonly Company[] | undefined;
  onAddEntity: () => void;
  /** Opens an entity's Socials dialog on this page. */
  onOpenSocials: (companyId: string) => void;
  className?: string;
}

/**
 * A new account's checklist on the Entities page: add an entity, connect a network, write a
 * post, schedule it. Each step ticks itself off from real data and links to its place; the
 * list goes away when all four are done or when dismissed (remembered in this browser).
 */
export function FirstSteps({ companies, onAddEntity, onOpenSocials, className }: FirstStepsProps) {
  const [isDismissed, setIsDismissed] = useState(readDismissed);
  const posts = useFirstPosts(!isDismissed);
  if (isDismissed || companies === undefined || posts.data === undefined) return null;

  const connected = companies.find((company) => company.social_credentials.length > 0);
  const firstCompany = connected ?? companies[0];
  const steps: { done: boolean; label: string; action: ReactNode }[] = [
    {
      done: companies.length > 0,
      label: 'Add an entity',
      action: (
        <button type="button" onClick={onAddEntity} className={ACTION}>
          Add Entity
        </button>
      ),
    },
    {
      done: connected !== undefined,
      label: 'Connect a social network',
      action:
        firstCompany === undefined ? null : (
          <button type="button" onClick={() => onOpenSocials(firstCompany.id)} className={ACTION}>
            Open Socials
          </button>
        ),
    },
    {
      done: posts.data.count > 0,
      label: 'Write a post',
      action: (
        <Link to={ROUTES.posts} className={ACTION}>
          Go to Posts
        </Link>
      ),
    },
    {
      done: posts.data.rows.some((post) => post.has_schedules),
      label: 'Schedule it',
      action: (
        <Link to={ROUTES.scheduling} className={ACTION}>
          Go to Scheduling
        </Link>
      ),
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: dismissed for this visit only.
    }
    setIsDismissed(true);
  };

  return (
    <section
      aria-labelledby="first-steps-title"
      className={cn('relative rounded-2xl border border-brand-100 bg-brand-50/60 p-5', className)}
    >
      <h2 id="first-steps-title" className="text-base font-semibold text-gray-900">
        Get started: {doneCount} of {steps.length} done
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Four steps from here to your first published post.
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the getting started list"
        className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-gray-600 hover:bg-white hover:text-gray-900"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <ol className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li
            key={step.label}
            className="flex items-center gap-3 rounded-xl bg-white px-3 py-2.5 ring-1 ring-gray-200"
          >
            {step.done ? (
              <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            ) : (
              <Circle className="size-5 shrink-0 text-gray-400" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p
                className={
                  step.done
                    ? 'text-sm text-gray-600 line-through'
                    : 'text-sm font-medium text-gray-900'
                }
              >
                {index + 1}. {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </p>
              {!step.done && step.action}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

const ACTION =
  'inline-flex min-h-6 items-center rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline';
