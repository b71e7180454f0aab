import type { Company } from '@cadence/shared';
import { COMPANY_TOASTS, DELETE_COMPANY_DIALOG } from '@cadence/shared';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { useDeleteCompany } from '../api/delete-company';
import { getWebsiteDisplay } from '../utils/company-display';
import { CompanyAvatar } from './company-avatar';

interface DeleteCompanyDialogProps {
  company: Company | null;
  onClose: () => void;
}

export function DeleteCompanyDialog({ company, onClose }: DeleteCompanyDialogProps) {
  const deleteCompany = useDeleteCompany();

  function handleDelete() {
    if (company === null) return;
    deleteCompany.mutate(company.id, {
      onSuccess: () => {
        toast.success(COMPANY_TOASTS.deleted);
        onClose();
      },
      onError: (error) => {
        toast.error(getErrorMessage(error, COMPANY_TOASTS.deleteFailed));
      },
    });
  }

  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={DELETE_COMPANY_DIALOG.title}
      description={DELETE_COMPANY_DIALOG.message}
    >
      {company !== null && (
        <div className="flex items-center gap-3 rounded-xl border border-gray-200 p-3">
          <CompanyAvatar name={company.name} logoUrl={company.logo_url} />
          <div className="min-w-0">
            <p className="text-sm font-semibold break-words text-gray-900">{company.name}</p>
            <p className="truncate text-xs text-gray-500">{getWebsiteDisplay(company.website)}</p>
          </div>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          isLoading={deleteCompany.isPending}
          loadingText="Deleting..."
          onClick={handleDelete}
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
