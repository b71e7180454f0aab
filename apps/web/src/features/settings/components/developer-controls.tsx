import { Copy } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** The checkboxes of the Developer Info forms (scopes, events, entities). */
export const checkboxClasses = 'size-4 rounded border-gray-300 accent-brand-600';

/** The list with `item` added (on) or taken out (off). */
export function toggled<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((entry) => entry !== item);
}

/**
 * The entities a key or an endpoint may be limited to; none chosen means all of them.
 * Nothing is shown for a customer without entities.
 */
export function EntityCheckboxes({
  entities,
  selected,
  onChange,
}: {
  entities: ReadonlyArray<{ id: string; name: string }>;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  if (entities.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">
        Entities (optional: none chosen means all of them)
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-4">
        {entities.map((entity) => (
          <label key={entity.id} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className={checkboxClasses}
              checked={selected.includes(entity.id)}
              onChange={(e) => onChange(toggled(selected, entity.id, e.target.checked))}
            />
            {entity.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A secret shown once (a new API key, a webhook signing secret): in a dialog that only its
 * buttons close, with a copy button.
 */
export function ShownOnceDialog({
  value,
  inputId,
  label,
  title,
  description,
  copyLabel,
  copied,
  notCopied,
  onClose,
}: {
  /** null: the dialog is closed. */
  value: string | null;
  inputId: string;
  label: string;
  title: string;
  description: string;
  copyLabel: string;
  copied: string;
  notCopied: string;
  onClose: () => void;
}) {
  const copy = async () => {
    if (value === null) return;
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copied);
    } catch {
      toast.error(notCopied);
    }
  };
  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      isModalStrict
    >
      <label htmlFor={inputId} className="block text-sm font-medium break-all text-gray-800">
        {label}
        <input
          id={inputId}
          readOnly
          value={value ?? ''}
          onFocus={(e) => e.target.select()}
          className="mt-1.5 h-10 w-full rounded-lg border border-gray-300 bg-gray-50 px-3 font-mono text-xs"
        />
      </label>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
        <Button icon={<Copy className="size-4" aria-hidden="true" />} onClick={() => void copy()}>
          {copyLabel}
        </Button>
      </div>
    </Dialog>
  );
}
