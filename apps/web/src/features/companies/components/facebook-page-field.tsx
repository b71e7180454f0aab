import type { FacebookPage } from '@cadence/shared';
import { ListRestart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';

interface FacebookPageFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown instead of the hint: Connect was pressed without a Page. */
  error?: string | undefined;
  /** Null until 'Get Page List' has answered. */
  pages: readonly FacebookPage[] | null;
  isLoading: boolean;
  onLoad: () => void;
  onChange: (pageId: string) => void;
  className?: string;
}

function getHint(pages: readonly FacebookPage[] | null): string | undefined {
  if (pages === null) return "Press 'Get Page List' to load the Pages your access token manages.";
  if (pages.length === 0) {
    return 'No Pages found. Check that the token has pages_show_list and that you manage a Page.';
  }
  return undefined;
}

/** Facebook's Page: a select filled by 'Get Page List' (a page id is never typed). */
export function FacebookPageField({
  id,
  label,
  value,
  error,
  pages,
  isLoading,
  onLoad,
  onChange,
  className,
}: FacebookPageFieldProps) {
  const hasPages = pages !== null && pages.length > 0;
  return (
    <SelectField
      id={id}
      label={label}
      className={className}
      value={hasPages ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={!hasPages}
      hint={getHint(pages)}
      error={error}
      labelAction={
        <Button
          variant="soft"
          size="sm"
          icon={<ListRestart className="size-4" aria-hidden="true" />}
          isLoading={isLoading}
          loadingText="Loading pages..."
          onClick={onLoad}
        >
          Get Page List
        </Button>
      }
    >
      {hasPages ? (
        <>
          <option value="" disabled>
            Choose a Page
          </option>
          {pages.map((page) => (
            <option key={page.id} value={page.id}>
              {page.name}
            </option>
          ))}
        </>
      ) : (
        <option value="">No Pages loaded yet</option>
      )}
    </SelectField>
  );
}
