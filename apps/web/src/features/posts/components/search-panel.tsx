import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-error';
import { SearchBox } from './search-box';
import { SearchResultItem } from './search-result-item';
import { toastApiError, toastFailure } from '../../../components/ui/error-toast';

/** What every search shows of a hit. */
export interface SearchHit {
  id: string;
  title: string;
  description: string;
  url: string;
  source?: string | null;
  published_at?: string | null;
}

interface SearchPanelProps<T extends SearchHit> {
  /** Makes the search box's id unique: 'search-news'. */
  id: string;
  inputLabel: string;
  placeholder: string;
  /** 'Start typing to search news'. */
  startText: string;
  /** The toast when a search fails, unless the server says why (e.g. 503 not configured). */
  failedText: string;
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  onSelect: (hit: T) => void;
}

/**
 * The Search News and Search Web sources of the article finder: search on Enter or
 * 'Search', then 'Select' one result (the finder closes with it).
 */
export function SearchPanel<T extends SearchHit>({
  id,
  inputLabel,
  placeholder,
  startText,
  failedText,
  search,
  onSelect,
}: SearchPanelProps<T>) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<T[] | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const controller = useRef<AbortController | null>(null);

  function changeText(value: string) {
    setText(value);
    // The spec: a blank query clears the results and makes no call.
    if (value.trim() === '') {
      controller.current?.abort();
      setResults(null);
      setIsSearching(false);
    }
  }

  async function runSearch() {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setIsSearching(true);
    try {
      const hits = await search(text.trim(), current.signal);
      if (!current.signal.aborted) setResults(hits);
    } catch (error) {
      if (current.signal.aborted) return;
      setResults([]);
      const isNotConfigured = error instanceof ApiRequestError && error.status === 503;
      if (isNotConfigured) toastApiError(error, failedText);
      else toastFailure(error, failedText);
    } finally {
      if (controller.current === current) setIsSearching(false);
    }
  }

  // A search still running when the finder closes or the source changes is dropped.
  useEffect(() => () => controller.current?.abort(), []);

  return (
    <div>
      <SearchBox
        id={`${id}-input`}
        label={inputLabel}
        placeholder={placeholder}
        value={text}
        onChange={changeText}
        onSearch={() => void runSearch()}
        isSearching={isSearching}
      />
      <div className="mt-4 max-h-[60vh] overflow-y-auto">
        {isSearching && results === null ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 py-10 text-sm text-gray-500"
          >
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Searching...
          </p>
        ) : results === null ? (
          <p className="py-10 text-center text-sm text-gray-500">{startText}</p>
        ) : results.length === 0 ? (
          <p className="py-10 text-center text-sm text-gray-500">No results found</p>
        ) : (
          <ul aria-label="Results" className="space-y-2">
            {results.map((hit) => (
              <SearchResultItem
                key={hit.id}
                title={hit.title}
                description={hit.description}
                origin={hit.source != null && hit.source !== '' ? hit.source : hit.url}
                publishedAt={hit.published_at ?? null}
                action={
                  <Button size="sm" variant="soft" onClick={() => onSelect(hit)}>
                    Select
                  </Button>
                }
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
