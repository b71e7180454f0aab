import { APPROVAL_MODE_LABELS, type Company } from '@cadence/shared';
import { Info, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { ApiRequestError } from '../../../lib/api-error';
import { useReviewLinks } from '../api/review-links';
import { NewReviewLinkForm } from './review-link-form';
import { ReviewLinkRow } from './review-link-row';

interface ReviewLinksDialogProps {
  /** The entity whose links are shown; null: closed. */
  company: Pick<Company, 'id' | 'name' | 'approval'> | null;
  onClose: () => void;
}

/** An entity's review links for clients (the Entities page's 'Review links' action). */
export function ReviewLinksDialog({ company, onClose }: ReviewLinksDialogProps) {
  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={company === null ? 'Review links' : `Review links: ${company.name}`}
      description="A link shows a client this entity's posts waiting for them, to approve or ask for changes, without an account."
      size="xl"
    >
      {company !== null && <ReviewLinks key={company.id} company={company} />}
    </Dialog>
  );
}

function ReviewLinks({ company }: { company: NonNullable<ReviewLinksDialogProps['company']> }) {
  const links = useReviewLinks(company.id);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const approval = company.approval ?? 'none';
  return (
    <div className="space-y-6">
      {approval !== 'team_and_client' && (
        <p className="flex gap-2 rounded-lg bg-gray-50 p-3 text-sm text-gray-700 ring-1 ring-gray-200">
          <Info className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <span>
            Posts wait for the client only when the entity&apos;s approval is &lsquo;
            {APPROVAL_MODE_LABELS.team_and_client}&rsquo;. This entity&apos;s approval:{' '}
            {APPROVAL_MODE_LABELS[approval]} (change it with Edit).
          </span>
        </p>
      )}
      <NewReviewLinkForm companyId={company.id} onCreated={setCreatedId} />
      <section aria-labelledby={`links-${company.id}`} className="space-y-2">
        <h3 id={`links-${company.id}`} className="text-sm font-semibold text-gray-900">
          Links
        </h3>
        {links.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
            <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
            Loading the links…
          </p>
        ) : links.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {links.error instanceof ApiRequestError && links.error.serverMessage !== null
              ? links.error.serverMessage
              : 'The links could not be loaded. Try again.'}
          </p>
        ) : links.data.length === 0 ? (
          <p className="text-sm text-gray-600">No review links yet.</p>
        ) : (
          <ul
            aria-label="Review links"
            className="divide-y divide-gray-200 rounded-lg border border-gray-200"
          >
            {links.data.map((link) => (
              <ReviewLinkRow
                key={link.id}
                companyId={company.id}
                link={link}
                isNew={link.id === createdId}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
