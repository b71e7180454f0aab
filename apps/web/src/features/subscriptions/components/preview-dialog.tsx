import { formatUsd, type PreviewResponse } from '@cadence/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface PreviewDialogProps {
  preview: PreviewResponse | null;
  planName: string;
  isConfirming: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Subscription Preview': who pays, what for, and the total, before going to pay. */
export function PreviewDialog({
  preview,
  planName,
  isConfirming,
  onCancel,
  onConfirm,
}: PreviewDialogProps) {
  return (
    <Dialog
      open={preview !== null}
      onOpenChange={(open) => {
        if (!open && !isConfirming) onCancel();
      }}
      title="Subscription Preview"
      description={`${planName} plan`}
      size="lg"
      isModalStrict
    >
      {preview && (
        <div className="space-y-6">
          <section aria-labelledby="preview-customer">
            <h3 id="preview-customer" className="text-sm font-semibold text-gray-900">
              Customer Information
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-gray-600">Name</dt>
              <dd className="text-gray-900">{preview.customer.name}</dd>
              <dt className="text-gray-600">Email</dt>
              <dd className="break-all text-gray-900">{preview.customer.email}</dd>
            </dl>
          </section>
          <section aria-labelledby="preview-summary">
            <h3 id="preview-summary" className="text-sm font-semibold text-gray-900">
              Payment Summary
            </h3>
            <ul className="mt-2 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
              {preview.lines.map((line) => (
                <li
                  key={`${line.description}-${line.range}`}
                  className="flex items-start justify-between gap-4 px-3 py-2.5 text-sm"
                >
                  <div>
                    <p className="font-medium text-gray-900">{line.description}</p>
                    <p className="text-xs text-gray-600">{line.range}</p>
                  </div>
                  <p className="font-medium whitespace-nowrap text-gray-900">
                    {formatUsd(line.amount_cents)}
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex items-baseline justify-between text-base font-semibold text-gray-900">
              <span>Total Amount</span>
              <span>{formatUsd(preview.netTotal_cents)}</span>
            </p>
          </section>
          <p className="rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900">
            {preview.messageToCustomer}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={isConfirming}>
              Cancel
            </Button>
            <Button onClick={onConfirm} isLoading={isConfirming} loadingText="Processing...">
              Confirm Payment
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
