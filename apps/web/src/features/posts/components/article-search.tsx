import type { ArticleResult } from '@cadence/shared';
import { SEARCH_DEBOUNCE_MS, SEARCH_MESSAGES } from '@cadence/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { searchArticles } from '../api/search';
import { SearchBox } from './search-box';
import { SearchResultItem } from './search-result-item';

interface ArticleSearchProps {
  selectedIds: ReadonlySet<string>;
  /** The most that may be selected: 5, or 1 in single mode. */
  max: number;
  onToggle: (article: ArticleResult) => void;
}

/**
 * The picker's search: runs 500 ms after typing stops, on Enter or with 'Search'. A failed
 * search shows no articles (the spec), unless the server says search is not set up.
 */
export function ArticleSearch({ selectedIds, max, onToggle }: ArticleSearchProps) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<ArticleResult[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const controller = useRef<AbortController | null>(null);

  async function runSearch(query: string) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setIsSearching(true);
    try {
      const hits = await searchArticles(query, current.signal);
      if (current.signal.aborted) return;
      setResults(hits);
      setNotice(null);
    } catch (error) {
      if (current.signal.aborted) return;
      setResults([]);
      setNotice(
        error instanceof ApiRequestError && error.status === 503 ? error.serverMessage : null,
      );
    } finally {
      if (controller.current === current) setIsSearching(false);
    }
  }

  function changeText(value: string) {
    setText(value);
    // The spec: a blank query clears the results and makes no call.
    if (value.trim() === '') {
      controller.current?.abort();
      setResults(null);
      setNotice(null);
      setIsSearching(false);
    }
  }

  useEffect(() => {
    const query = text.trim();
    if (query === '') return undefined;
    const timer = setTimeout(() => void runSearch(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => () => controller.current?.abort(), []);

  const isFull = selectedIds.size >= max;
  return (
    <div>
      <SearchBox
        id="article-search-input"
        label="Search articles"
        placeholder="Search articles, e.g. electric bikes"
        value={text}
        onChange={changeText}
        onSearch={() => void runSearch(text.trim())}
        isSearching={isSearching}
      />
      <div className="mt-4 max-h-[50vh] overflow-y-auto">
        {isSearching && results === null ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 py-10 text-sm text-gray-500"
          >
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Searching...
          </p>
        ) : results === null ? (
          <p className="py-10 text-center text-sm text-gray-500">{SEARCH_MESSAGES.startArticles}</p>
        ) : results.length === 0 ? (
          <div className="py-10 text-center text-sm text-gray-500">
            <p>{SEARCH_MESSAGES.noArticles}</p>
            {notice !== null && <p className="mx-auto mt-1 max-w-sm text-xs">{notice}</p>}
          </div>
        ) : (
          <ul aria-label="Articles" className="space-y-2">
            {results.map((article) => {
              const isSelected = selectedIds.has(article.id);
              return (
                <SearchResultItem
                  key={article.id}
                  title={article.title}
                  description={article.description}
                  origin={article.source ?? article.url}
                  publishedAt={article.published_at}
                  isSelected={isSelected}
                  action={
                    <input
                      type="checkbox"
                      aria-label={`Select ${article.title}`}
                      checked={isSelected}
                      disabled={!isSelected && isFull && max > 1}
                      onChange={() => onToggle(article)}
                      className="mt-1 size-5 rounded border-gray-300 text-brand-600 accent-brand-600"
                    />
                  }
                />
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
