import type { ScheduleData } from '@cadence/shared';
import { NETWORK_NAMES, PUBLICATION_ACTION_LABELS, PUBLICATION_MESSAGES } from '@cadence/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useFeatures } from '../../hooks/use-features';
import { linkError } from './link-error';

interface MarkPublishedDialogProps {
  open: boolean;
  publication: ScheduleData;
  isSaving: boolean;
  /** The server's refusal of the link (wrong network, not a link), shown under the field. */
  serverError: string | undefined;
  onSubmit: (url: string) => void;
  /** The link was edited: a server refusal shown for the old one no longer applies. */
  onEdit: () => void;
  onClose: () => void;
}

/**
 * 'It is there, mark published': asks for the post's link. The dialog keeps focus inside,
 * closes on Escape and gives focus back to the button that opened it (components/ui/dialog).
 */
export function MarkPublishedDialog({
  open,
  publication,
  isSaving,
  serverError,
  onSubmit,
  onEdit,
  onClose,
}: MarkPublishedDialogProps) {
  const network = NETWORK_NAMES[publication.network];
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isSaving) onClose();
      }}
      title={PUBLICATION_MESSAGES.dialogTitle}
      description={PUBLICATION_MESSAGES.dialogDescription(network)}
    >
      {open && (
        <LinkForm
          publication={publication}
          isSaving={isSaving}
          serverError={serverError}
          onSubmit={onSubmit}
          onEdit={onEdit}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function LinkForm({
  publication,
  isSaving,
  serverError,
  onSubmit,
  onEdit,
  onCancel,
}: {
  publication: ScheduleData;
  isSaving: boolean;
  serverError: string | undefined;
  onSubmit: (url: string) => void;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const { postLinkOrigins } = useFeatures();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Rendered in a portal, but React still bubbles submit to an enclosing form: stop here.
    event.stopPropagation();
    const problem = linkError(publication.network, value, postLinkOrigins);
    setError(problem);
    if (problem === undefined) onSubmit(value.trim());
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        id={`${id}-link`}
        label={PUBLICATION_MESSAGES.linkLabel}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
          onEdit();
        }}
        error={error ?? serverError}
        disabled={isSaving}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSaving} loadingText="Saving...">
          {PUBLICATION_ACTION_LABELS['mark-published']}
        </Button>
      </div>
    </form>
  );
}
