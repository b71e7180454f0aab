import type { Company, NetworkId } from '@cadence/shared';
import {
  COMPANY_TOASTS,
  CONNECTION_MESSAGES,
  NETWORK_NAMES,
  QUEUE_QUERY_PARAM,
  SOCIALS_QUERY_PARAM,
} from '@cadence/shared';
import { Plus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import type { ScreenHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../../hooks/use-can';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ApiRequestError } from '../../../lib/api-error';
import { useCompanies } from '../../../lib/queries/companies';
import { filterCompanies } from '../utils/filter-companies';
import { readOAuthLanding } from '../utils/oauth-landing';
import { CompaniesContent } from './companies-content';
import { CompaniesLoading } from './companies-states';
import { CompaniesToolbar } from './companies-toolbar';
import type { CompanyEditor } from './company-dialog';
import { CompanyLimitHint } from './company-limit-hint';
import { NetworkLimitHint } from './network-limit-hint';
import type { PendingOAuthChoice } from './connect-socials-dialog';
import { FirstSteps } from './first-steps';
import { lazyComponent, useOpenedOnce, whenIdle } from '../../../lib/lazy-component';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

// The dialogs (the entity form, the networks, most of the screen's code) load on first open
// or once the page is idle, not before the list's first render.
const CompanyDialog = lazyComponent(() => import('./company-dialog').then((m) => m.CompanyDialog));
const DeleteCompanyDialog = lazyComponent(() =>
  import('./delete-company-dialog').then((m) => m.DeleteCompanyDialog),
);
const CompanyLimitDialog = lazyComponent(() =>
  import('./company-limit-dialog').then((m) => m.CompanyLimitDialog),
);
const QueueEditorDialog = lazyComponent(() =>
  import('../../../components/queue/queue-editor-dialog').then((m) => m.QueueEditorDialog),
);
const ConnectSocialsDialog = lazyComponent(() =>
  import('./connect-socials-dialog').then((m) => m.ConnectSocialsDialog),
);
const ReviewLinksDialog = lazyComponent(() =>
  import('./review-links-dialog').then((m) => m.ReviewLinksDialog),
);

/** Tailwind's md breakpoint: narrower screens get cards instead of the table. */
const WIDE_SCREEN = '(min-width: 768px)';

/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const COMPANIES_HEADER: ScreenHeader = {
  title: 'Entities',
  description:
    'The entities you post for (brands, shops, clients), with their websites, industries and connected social networks.',
};

export function CompaniesPage() {
  const canManage = useCan('manageEntities');
  const companiesQuery = useCompanies();
  const { data, error, isError } = companiesQuery;
  const isWide = useMediaQuery(WIDE_SCREEN);
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState('');
  const [editor, setEditor] = useState<CompanyEditor | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  // Back from a network's consent page: the entity's Socials dialog opens with the outcome.
  const [searchParams, setSearchParams] = useSearchParams();
  const [landing] = useState(() => readOAuthLanding(searchParams));
  // `?socials=<id>` (links in notification mails and the bell) opens that entity's Socials.
  const [socialsId, setSocialsId] = useState<string | null>(
    () => landing?.companyId ?? searchParams.get(SOCIALS_QUERY_PARAM),
  );
  const [socialsNetwork, setSocialsNetwork] = useState<NetworkId | null>(landing?.network ?? null);
  const [choice, setChoice] = useState<PendingOAuthChoice | null>(landing?.choice ?? null);
  // `?queue=<id>` (the Add to queue dialog's 'Open the queue editor') opens that entity's queue.
  const [queueId, setQueueId] = useState<string | null>(() => searchParams.get(QUEUE_QUERY_PARAM));
  const [reviewLinksId, setReviewLinksId] = useState<string | null>(null);
  useEffect(() => {
    if (landing === null) return;
    if (landing.error !== null) toast.error(landing.error, { id: 'oauth-result' });
    else if (landing.isConnected && landing.network !== null)
      toast.success(CONNECTION_MESSAGES.connected(NETWORK_NAMES[landing.network]), {
        id: 'oauth-result',
      });
    setSearchParams({}, { replace: true });
  }, [landing, setSearchParams]);

  const rows = data?.rows ?? [];
  // A selected company that has since been deleted no longer filters anything.
  const companyId = rows.some((row) => row.id === selectedId) ? selectedId : '';
  const visible = filterCompanies(rows, { query, companyId });
  // Looked up on every render, so the dialog follows connections made or removed in it.
  const socialsCompany = rows.find((row) => row.id === socialsId) ?? null;
  const queueCompany = rows.find((row) => row.id === queueId) ?? null;
  const reviewLinksCompany = rows.find((row) => row.id === reviewLinksId) ?? null;

  // A 401 has already sent the person to /login with its own message.
  useQueryErrorToast(companiesQuery, COMPANY_TOASTS.fetchFailed, { id: 'companies-fetch-failed' });

  const [isLimitOpen, setIsLimitOpen] = useState(false);
  const limit = data?.company_limit ?? null;
  const isAtLimit = limit !== null && rows.length >= limit;
  // At the plan's limit the form would only end in a refusal: say so before any typing.
  const openCreate = () => (isAtLimit ? setIsLimitOpen(true) : setEditor({ company: null }));
  const openSocials = (companyId: string) => {
    setSocialsNetwork(null);
    setSocialsId(companyId);
  };
  const clearFilters = () => {
    setQuery('');
    setSelectedId('');
  };
  const hasEditor = useOpenedOnce(editor !== null);
  const hasDeleting = useOpenedOnce(deleting !== null);
  const hasLimit = useOpenedOnce(isLimitOpen);
  const hasSocials = useOpenedOnce(socialsCompany !== null);
  const hasQueue = useOpenedOnce(queueCompany !== null);
  const hasReviewLinks = useOpenedOnce(reviewLinksCompany !== null);
  useEffect(
    () =>
      whenIdle(() => {
        void CompanyDialog.preload();
        void DeleteCompanyDialog.preload();
        void CompanyLimitDialog.preload();
        void ConnectSocialsDialog.preload();
        void QueueEditorDialog.preload();
        void ReviewLinksDialog.preload();
      }),
    [],
  );

  return (
    <>
      <PageHeader
        {...COMPANIES_HEADER}
        actions={
          <div className="flex flex-col items-start gap-1.5 sm:items-end">
            {canManage && (
              <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={openCreate}>
                Add Entity
              </Button>
            )}
            {data !== undefined && (
              <>
                <CompanyLimitHint count={data.rows.length} limit={data.company_limit} />
                <NetworkLimitHint companies={data.rows} limit={data.network_limit} />
              </>
            )}
          </div>
        }
      />

      {data === undefined && !isError ? (
        <div className="mt-6">
          <CompaniesLoading />
        </div>
      ) : (
        <>
          <div className="mt-6">
            <CompaniesToolbar
              query={query}
              onQueryChange={setQuery}
              companies={rows}
              selectedId={companyId}
              onSelectedIdChange={setSelectedId}
            />
          </div>

          <div className="mt-5">
            <CompaniesContent
              status={data !== undefined ? 'loaded' : 'failed'}
              totalCount={rows.length}
              companies={visible}
              isWide={isWide}
              errorDetail={error instanceof ApiRequestError ? error.serverMessage : null}
              isRetrying={companiesQuery.isFetching}
              onRetry={() => void companiesQuery.refetch()}
              onAdd={openCreate}
              onClearFilters={clearFilters}
              onEdit={(company) => setEditor({ company })}
              onSocials={(company) => openSocials(company.id)}
              onQueue={(company) => setQueueId(company.id)}
              onReviewLinks={(company) => setReviewLinksId(company.id)}
              onDelete={setDeleting}
            />
          </div>
        </>
      )}

      {/* After the list, so the list shows as soon as it arrives and the checklist, whose
          posts request may answer later, pushes nothing down when it appears. Mounted from
          the start, so that request runs beside the list's. */}
      <FirstSteps
        companies={data?.rows}
        onAddEntity={openCreate}
        onOpenSocials={openSocials}
        className="mt-6"
      />

      {hasEditor && (
        <Suspense fallback={null}>
          <CompanyDialog editor={editor} onClose={() => setEditor(null)} />
        </Suspense>
      )}
      {hasDeleting && (
        <Suspense fallback={null}>
          <DeleteCompanyDialog company={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
      {hasLimit && (
        <Suspense fallback={null}>
          <CompanyLimitDialog
            open={isLimitOpen}
            onOpenChange={setIsLimitOpen}
            limit={limit}
            count={rows.length}
          />
        </Suspense>
      )}
      {hasQueue && (
        <Suspense fallback={null}>
          <QueueEditorDialog
            company={queueCompany}
            onClose={() => {
              setQueueId(null);
              if (searchParams.has(QUEUE_QUERY_PARAM)) setSearchParams({}, { replace: true });
            }}
          />
        </Suspense>
      )}
      {hasReviewLinks && (
        <Suspense fallback={null}>
          <ReviewLinksDialog company={reviewLinksCompany} onClose={() => setReviewLinksId(null)} />
        </Suspense>
      )}
      {hasSocials && (
        <Suspense fallback={null}>
          <ConnectSocialsDialog
            company={socialsCompany}
            supportedNetworks={data?.supported_social_accounts ?? []}
            networkUsage={
              data === undefined ? undefined : { companies: data.rows, limit: data.network_limit }
            }
            choice={choice}
            initialNetwork={socialsNetwork}
            onChoiceDone={() => setChoice(null)}
            onClose={() => {
              setSocialsId(null);
              setSocialsNetwork(null);
              setChoice(null);
              if (searchParams.has(SOCIALS_QUERY_PARAM)) setSearchParams({}, { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
