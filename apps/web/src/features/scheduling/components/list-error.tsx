import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';

interface ListErrorProps {
  error: unknown;
  isRetrying: boolean;
  onRetry: () => void;
}

/** A list that could not be loaded, with the server's reason and a way to try again. */
export function ListError({ error, isRetrying, onRetry }: ListErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <span className="grid size-11 place-items-center rounded-xl bg-red-50 text-red-600">
        <TriangleAlert className="size-5" aria-hidden="true" />
      </span>
      <p className="max-w-xs text-sm text-gray-700">
        {getErrorMessage(
          error,
          'This list could not be loaded. Check your connection and try again.',
        )}
      </p>
      <Button
        size="sm"
        variant="secondary"
        icon={<RefreshCw className="size-4" aria-hidden="true" />}
        isLoading={isRetrying}
        loadingText="Retrying..."
        onClick={onRetry}
      >
        Retry
      </Button>
    </div>
  );
}
