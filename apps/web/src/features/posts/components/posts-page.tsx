import type { Post, PostSort, PostStatusFilter } from '@cadence/shared';
import {
  NETWORK_IDS,
  POST_CUSTOMIZE_PARAM,
  POST_MESSAGES,
  POST_QUERY_PARAM,
  POSTS_PAGE_SIZE_DEFAULT,
  ROUTES,
  type NetworkId,
} from '@cadence/shared';
import { Upload, Newspaper, Plus } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFeatures } from '../../../hooks/use-features';
import { PageHeader } from '../../../components/layout/page-header';
import type { ScreenHeader } from '../../../components/layout/page-header';
import { PostUsageMeter } from './post-usage-meter';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useCan } from '../../../hooks/use-can';
import { Pagination } from '../../../components/ui/pagination';
import { totalPagesOf } from '../../../components/ui/page-items';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ApiRequestError } from '../../../lib/api-error';
import { useCompanies } from '../../../lib/queries/companies';
import { usePostById } from '../../../lib/queries/post';
import { usePosts } from '../api/get-posts';
import { lazyComponent, useOpenedOnce, whenIdle } from '../../../lib/lazy-component';
import type { PostEditor } from './post-dialog';
import { PostsContent } from './posts-content';
import { PostsToolbar } from './posts-toolbar';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

// The dialogs (the post form and its preview, the article picker: most of the screen's code)
// load on first open or once the page is idle, not before the list's first render.
const PostDialog = lazyComponent(() => import('./post-dialog').then((m) => m.PostDialog));
const DeletePostDialog = lazyComponent(() =>
  import('./delete-post-dialog').then((m) => m.DeletePostDialog),
);
const ArticlePickerDialog = lazyComponent(() =>
  import('./article-picker-dialog').then((m) => m.ArticlePickerDialog),
);

/** Tailwind's md breakpoint: narrower screens get cards instead of the table. */
const WIDE_SCREEN = '(min-width: 768px)';
const SEARCH_DEBOUNCE_MS = 300;

/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const POSTS_HEADER: ScreenHeader = {
  title: 'Posts',
  description: 'Write, edit and organise the posts of every entity.',
};

export function PostsPage() {
  // A viewer writes nothing (shared/roles.ts): no way to a new post is offered.
  const canWrite = useCan('writePosts');
  const isWide = useMediaQuery(WIDE_SCREEN);
  const companiesQuery = useCompanies();
  const companies = companiesQuery.data?.rows ?? [];
  // Other screens link here with ?q= (a post log row names its post this way).
  const [search, setSearch] = useState(
    () => new URLSearchParams(window.location.search).get('q') ?? '',
  );
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState('');
  const features = useFeatures();
  const [status, setStatus] = useState<PostStatusFilter | ''>('');
  const [sort, setSort] = useState<PostSort>('newest');
  const [page, setPage] = useState(1);
  const [editor, setEditor] = useState<PostEditor | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [isPickingArticles, setIsPickingArticles] = useState(false);
  const hasEditor = useOpenedOnce(editor !== null);
  const hasDeleting = useOpenedOnce(deleting !== null);
  const hasArticlePicker = useOpenedOnce(isPickingArticles);

  // A filter on an entity that has since been deleted no longer applies.
  const companyId = companies.some((company) => company.id === selectedId) ? selectedId : '';
  const postsQuery = usePosts({ page, q, companyId, status, sort });
  const { data, error, isError } = postsQuery;
  // The list renders its new rows as a background render React can pause (the query's own
  // update is urgent and renders at once, in one task): a tap meanwhile is answered at once.
  const shownData = useDeferredValue(data);
  const totalPages = data === undefined ? 1 : totalPagesOf(data.count, POSTS_PAGE_SIZE_DEFAULT);
  const isFiltered = q !== '' || companyId !== '' || status !== '';

  // After a delete empties the last page, step back to the new last one.
  if (data !== undefined && !postsQuery.isPlaceholderData && page > totalPages) {
    setPage(totalPages);
  }

  const changeSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  const changeCompany = (id: string) => {
    setSelectedId(id);
    setPage(1);
  };
  const changeStatus = (next: PostStatusFilter | '') => {
    setStatus(next);
    setPage(1);
  };
  const changeSort = (next: PostSort) => {
    setSort(next);
    setPage(1);
  };
  const clearFilters = () => {
    setSearch('');
    setSelectedId('');
    setStatus('');
    setPage(1);
  };
  const openCreate = () => setEditor({ post: null, defaultCompanyId: companyId });

  // `?post=<id>` (links in notifications and logs) opens that post's editor once it loads.
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get(POST_QUERY_PARAM);
  const linked = usePostById(linkedId);
  const [openedLinkId, setOpenedLinkId] = useState<string | null>(null);
  if (linkedId !== null && linkedId !== openedLinkId && linked.data) {
    setOpenedLinkId(linkedId);
    // `&customize=<network>` (the Schedule dialog's 'Customize for X') opens that network's own text.
    const customize = searchParams.get(POST_CUSTOMIZE_PARAM);
    const customizeFor = NETWORK_IDS.find((network): network is NetworkId => network === customize);
    setEditor({
      post: linked.data,
      defaultCompanyId: '',
      ...(customizeFor ? { customizeFor } : {}),
    });
  }
  useQueryErrorToast(linked, POST_MESSAGES.notFound, { id: 'linked-post-missing' });

  useEffect(
    () =>
      whenIdle(() => {
        void PostDialog.preload();
        void DeletePostDialog.preload();
        void ArticlePickerDialog.preload();
      }),
    [],
  );

  return (
    <>
      <PageHeader
        {...POSTS_HEADER}
        actions={
          <div className="flex flex-col items-start gap-2 sm:items-end">
            <div className="flex flex-wrap gap-3">
              {/* Articles to posts needs a search and AI: not offered where either is missing. */}
              {canWrite && features.ai === 'on' && (features.newsSearch || features.webSearch) && (
                <Button
                  variant="secondary"
                  icon={<Newspaper className="size-4" aria-hidden="true" />}
                  onClick={() => setIsPickingArticles(true)}
                >
                  From Articles
                </Button>
              )}
              {canWrite && (
                <>
                  <Link to={ROUTES.postsImport} className={buttonClasses('secondary')}>
                    <Upload className="size-4" aria-hidden="true" />
                    Import
                  </Link>
                  <Button
                    icon={<Plus className="size-4" aria-hidden="true" />}
                    onClick={openCreate}
                  >
                    Create Post
                  </Button>
                </>
              )}
            </div>
            <PostUsageMeter />
          </div>
        }
      />

      <div className="mt-6">
        <PostsToolbar
          search={search}
          onSearchChange={changeSearch}
          companies={companies}
          selectedId={companyId}
          onSelectedIdChange={changeCompany}
          status={status}
          onStatusChange={changeStatus}
          sort={sort}
          onSortChange={changeSort}
        />
      </div>

      <div className="mt-5">
        <PostsContent
          status={shownData !== undefined ? 'loaded' : isError ? 'failed' : 'loading'}
          posts={shownData?.rows ?? []}
          companies={companies}
          isFiltered={isFiltered}
          isWide={isWide}
          errorDetail={error instanceof ApiRequestError ? error.serverMessage : null}
          isRetrying={postsQuery.isFetching}
          onRetry={() => void postsQuery.refetch()}
          onCreate={openCreate}
          onClearFilters={clearFilters}
          onEdit={(post) => setEditor({ post, defaultCompanyId: '' })}
          onDelete={setDeleting}
        />
      </div>

      <Pagination
        className="mt-6"
        label="Posts pages"
        page={Math.min(page, totalPages)}
        totalPages={totalPages}
        hasMore={data?.count_is_exact === false}
        onPageChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
      />

      {hasEditor && (
        <Suspense fallback={null}>
          <PostDialog editor={editor} companies={companies} onClose={() => setEditor(null)} />
        </Suspense>
      )}
      {hasDeleting && (
        <Suspense fallback={null}>
          <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
      {hasArticlePicker && (
        <Suspense fallback={null}>
          <ArticlePickerDialog
            open={isPickingArticles}
            companies={companies}
            onClose={() => setIsPickingArticles(false)}
          />
        </Suspense>
      )}
    </>
  );
}
