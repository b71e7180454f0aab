import type { Company } from '@cadence/shared';
import { COMPANY_TOASTS, DELETE_COMPANY_DIALOG } from '@cadence/shared';
import toast from 'react-hot-toast';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteCompany } from '../api/delete-company';
import { getWebsiteDisplay } from '../utils/company-display';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { toastApiError } from '../../../components/ui/error-toast';

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
        toastApiError(error, COMPANY_TOASTS.deleteFailed);
      },
    });
  }

  return (
    <ConfirmDeleteDialog
      open={company !== null}
      title={DELETE_COMPANY_DIALOG.title}
      description={DELETE_COMPANY_DIALOG.message}
      isDeleting={deleteCompany.isPending}
      onConfirm={handleDelete}
      onClose={onClose}
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
    </ConfirmDeleteDialog>
  );
}
