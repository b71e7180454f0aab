import { LoaderCircle } from 'lucide-react';

/** The whole screen while something the page depends on is still loading. */
export function FullPageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-gray-50 p-6">
      <div className="flex items-center gap-3 text-sm font-medium text-gray-600">
        <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden="true" />
        <span>{label}</span>
      </div>
    </div>
  );
}
