import { COMPANY_TOASTS } from '@cadence/shared';
import { Building2, LoaderCircle, Plus, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';

const SKELETON_ROWS = 3;

/** While the list loads: the spec's text plus rows shaped like the ones to come. */
export function CompaniesLoading() {
  return (
    <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xs">
      <div role="status" className="flex items-center gap-2 px-5 py-3 text-sm text-gray-600">
        <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
        Loading entities...
      </div>
      <ul aria-hidden="true" className="divide-y divide-gray-100 border-t border-gray-100">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index} className="flex animate-pulse items-center gap-4 px-5 py-4">
            <span className="size-10 shrink-0 rounded-lg bg-gray-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-40 max-w-full rounded bg-gray-200" />
              <span className="block h-3 w-24 rounded bg-gray-100" />
            </span>
            <span className="hidden h-3 w-1/3 rounded bg-gray-100 md:block" />
            <span className="hidden h-8 w-28 rounded-lg bg-gray-100 sm:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** No companies at all: say what an entity is for and offer to add the first one. */
export function CompaniesEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <StatePanel
      icon={Building2}
      title="No entities yet"
      action={
        // Not named 'Add Entity': the header's button keeps that name to itself.
        <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={onAdd}>
          Add your first entity
        </Button>
      }
    >
      Add the companies you post for. Each entity keeps its website, industry, description and
      connected social networks.
    </StatePanel>
  );
}

/** Companies exist, but the search or the selector hides all of them. */
export function CompaniesNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <StatePanel
      icon={SearchX}
      tone="neutral"
      title="No entities match your search."
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      Try another word, or show all entities again.
    </StatePanel>
  );
}

interface CompaniesErrorProps {
  detail: string | null;
  isRetrying: boolean;
  onRetry: () => void;
}

/** The list could not be loaded (a 401 never gets here: it ends the session instead). */
export function CompaniesError({ detail, isRetrying, onRetry }: CompaniesErrorProps) {
  return (
    <StatePanel
      icon={TriangleAlert}
      tone="danger"
      role="alert"
      title={COMPANY_TOASTS.fetchFailed}
      action={
        <Button
          variant="secondary"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          isLoading={isRetrying}
          loadingText="Retrying..."
          onClick={onRetry}
        >
          Retry
        </Button>
      }
    >
      {detail ?? 'Check your connection and try again.'}
    </StatePanel>
  );
}
