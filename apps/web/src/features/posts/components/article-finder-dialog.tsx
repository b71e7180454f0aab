import { POST_MESSAGES, SEARCH_MESSAGES } from '@cadence/shared';
import { Globe, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { searchNews, searchWeb } from '../api/search';
import { SearchPanel, type SearchHit } from './search-panel';

export type ArticleSource = 'news' | 'web';

/** The finder's two sources, each with the spec's own texts (Search News, Search Web). */
const SOURCES = {
  news: {
    label: 'News',
    icon: Newspaper,
    heading: 'Search News',
    inputLabel: 'News keywords',
    placeholder: 'Keywords, e.g. retail forecasting',
    startText: SEARCH_MESSAGES.startNews,
    failedText: POST_MESSAGES.newsFailed,
    search: searchNews,
  },
  web: {
    label: 'Web',
    icon: Globe,
    heading: 'Search Web',
    inputLabel: 'Web search',
    placeholder: 'Search the web',
    startText: SEARCH_MESSAGES.startWeb,
    failedText: POST_MESSAGES.webFailed,
    search: searchWeb,
  },
} as const;

interface ArticleFinderDialogProps {
  open: boolean;
  /** The sources this server has set up, in the order shown; the first is chosen at first. */
  sources: readonly ArticleSource[];
  onClose: () => void;
  onSelect: (hit: SearchHit) => void;
}

/**
 * The post form's one way to an article: news and the web are its two sources, chosen at
 * the top; picking a result fills the post's URL (and its words start an empty post).
 */
export function ArticleFinderDialog({
  open,
  sources,
  onClose,
  onSelect,
}: ArticleFinderDialogProps) {
  const [chosen, setChosen] = useState<ArticleSource | null>(null);
  const source = chosen !== null && sources.includes(chosen) ? chosen : (sources[0] ?? 'news');
  const current = SOURCES[source];
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title="Find an Article"
      description="Search the news or the web, then select a result: its link becomes the post's URL."
      size="xl"
    >
      {sources.length > 1 && (
        <div
          role="group"
          aria-label="Source"
          className="mb-4 inline-flex rounded-lg bg-gray-100 p-1"
        >
          {sources.map((id) => {
            const Icon = SOURCES[id].icon;
            const isChosen = id === source;
            return (
              <button
                key={id}
                type="button"
                aria-pressed={isChosen}
                onClick={() => setChosen(id)}
                className={cn(
                  'inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
                  isChosen
                    ? 'bg-white text-gray-900 shadow-xs'
                    : 'text-gray-600 hover:text-gray-900',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {SOURCES[id].label}
              </button>
            );
          })}
        </div>
      )}
      <section aria-labelledby={`finder-${source}-heading`}>
        <h3 id={`finder-${source}-heading`} className="mb-2 text-sm font-semibold text-gray-900">
          {current.heading}
        </h3>
        {/* Keyed by source: switching starts that source's search afresh. */}
        <SearchPanel<SearchHit>
          key={source}
          id={`search-${source}`}
          inputLabel={current.inputLabel}
          placeholder={current.placeholder}
          startText={current.startText}
          failedText={current.failedText}
          search={current.search}
          onSelect={(hit) => {
            onSelect(hit);
            onClose();
          }}
        />
      </section>
    </Dialog>
  );
}
