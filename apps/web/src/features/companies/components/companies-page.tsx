import type { Company } from '@cadence/shared';
import { COMPANY_TOASTS, ROUTES } from '@cadence/shared';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ApiRequestError, isUnauthorizedError } from '../../../lib/api-error';
import { useCompanies } from '../../../lib/queries/companies';
import { filterCompanies } from '../utils/filter-companies';
import { CompaniesContent } from './companies-content';
import { CompaniesToolbar } from './companies-toolbar';
import type { CompanyEditor } from './company-dialog';
import { CompanyDialog } from './company-dialog';
import { CompanyLimitHint } from './company-limit-hint';
import { ConnectSocialsDialog } from './connect-socials-dialog';
import { DeleteCompanyDialog } from './delete-company-dialog';
import { FirstSteps } from './first-steps';
import { Dialog } from '../../../components/ui/dialog';
import { buttonClasses } from '../../../components/ui/button';

/** Tailwind's md breakpoint: narrower screens get cards instead of the table. */
const WIDE_SCREEN = '(min-width: 768px)';

export function CompaniesPage() {
  const companiesQuery = useCompanies();
  const { data, error, isError, errorUpdatedAt } = companiesQuery;
  const isWide = useMediaQuery(WIDE_SCREEN);
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState('');
  const [editor, setEditor] = useState<CompanyEditor | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  // `?socials=<entityId>` opens that entity's Socials dialog (links from Scheduling, Posts
  // and the getting-started list); closing it drops the parameter.
  const [searchParams, setSearchParams] = useSearchParams();
  const socialsId = searchParams.get('socials');
  const setSocialsId = (id: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === null) next.delete('socials');
        else next.set('socials', id);
        return next;
      },
      { replace: true },
    );
  const [isLimitOpen, setIsLimitOpen] = useState(false);

  const rows = data?.rows ?? [];
  // A selected company that has since been deleted no longer filters anything.
  const companyId = rows.some((row) => row.id === selectedId) ? selectedId : '';
  const visible = filterCompanies(rows, { query, companyId });
  // Looked up on every render, so the dialog follows connections made or removed in it.
  const socialsCompany = rows.find((row) => row.id === socialsId) ?? null;

  useEffect(() => {
    // A 401 has already sent the person to /login with its own message.
    if (!isError || isUnauthorizedError(error)) return;
    toast.error(COMPANY_TOASTS.fetchFailed, { id: 'companies-fetch-failed' });
  }, [isError, error, errorUpdatedAt]);

  const limit = data?.company_limit ?? null;
  const isAtLimit = limit !== null && rows.length >= limit;
  // At the plan's limit the form would only end in a refusal: say so before any typing.
  const openCreate = () => (isAtLimit ? setIsLimitOpen(true) : setEditor({ company: null }));
  const clearFilters = () => {
    setQuery('');
    setSelectedId('');
  };

  return (
    <>
      <PageHeader
        title="Entities"
        description="The companies you post for, with their websites, industries and connected social networks."
        actions={
          <div className="flex flex-col items-start gap-1.5 sm:items-end">
            <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={openCreate}>
              Add Entity
            </Button>
            {data !== undefined && (
              <CompanyLimitHint count={data.rows.length} limit={data.company_limit} />
            )}
          </div>
        }
      />

      {data !== undefined && (
        <div className="mt-6">
          <FirstSteps companies={rows} onAddEntity={openCreate} />
        </div>
      )}

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
          status={data !== undefined ? 'loaded' : isError ? 'failed' : 'loading'}
          totalCount={rows.length}
          companies={visible}
          isWide={isWide}
          errorDetail={error instanceof ApiRequestError ? error.serverMessage : null}
          isRetrying={companiesQuery.isFetching}
          onRetry={() => void companiesQuery.refetch()}
          onAdd={openCreate}
          onClearFilters={clearFilters}
          onEdit={(company) => setEditor({ company })}
          onSocials={(company) => setSocialsId(company.id)}
          onDelete={setDeleting}
        />
      </div>

      <CompanyDialog editor={editor} onClose={() => setEditor(null)} />
      <DeleteCompanyDialog company={deleting} onClose={() => setDeleting(null)} />
      <Dialog
        open={isLimitOpen}
        onOpenChange={setIsLimitOpen}
        title="Entity limit reached"
        description={
          limit === null
            ? undefined
            : `Your plan allows ${limit} ${limit === 1 ? 'entity' : 'entities'}, and you have ${rows.length}. Upgrade your plan to add more, or delete an entity you no longer need.`
        }
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setIsLimitOpen(false)}>
            Cancel
          </Button>
          <Link to={ROUTES.subscriptions} className={buttonClasses('primary', 'md')}>
            See plans
          </Link>
        </div>
      </Dialog>
      <ConnectSocialsDialog
        company={socialsCompany}
        supportedNetworks={data?.supported_social_accounts ?? []}
        onClose={() => setSocialsId(null)}
      />
    </>
  );
}
