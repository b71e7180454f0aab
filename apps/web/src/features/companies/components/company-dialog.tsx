import type { Company } from '@cadence/shared';
import { Dialog } from '../../../components/ui/dialog';
import { CompanyForm } from './company-form';

/** Which entity the modal edits: null adds a new one. */
export interface CompanyEditor {
  company: Company | null;
}

interface CompanyDialogProps {
  editor: CompanyEditor | null;
  onClose: () => void;
}

/** The Entity modal: 'Add New Entity' or 'Edit Entity'. */
export function CompanyDialog({ editor, onClose }: CompanyDialogProps) {
  const isEditing = editor?.company != null;
  return (
    <Dialog
      open={editor !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={isEditing ? 'Edit Entity' : 'Add New Entity'}
      size="xl"
      // Typed fields should not vanish with a stray click beside the dialog.
      isModalStrict
    >
      {editor !== null && (
        <CompanyForm
          key={editor.company?.id ?? 'new'}
          company={editor.company}
          onCancel={onClose}
          onSaved={onClose}
        />
      )}
    </Dialog>
  );
}
