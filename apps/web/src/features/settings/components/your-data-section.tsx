import { ACCOUNT_MESSAGES, formatBytes } from '@cadence/shared';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { downloadExport, useStorageUsage } from '../api/your-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { toastApiError } from '../../../components/ui/error-toast';

function StorageUsageMeter() {
  const usage = useStorageUsage();
  if (usage.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load storage usage
      </p>
    );
  }
  if (usage.isPending) return <p className="text-sm text-gray-600">Loading...</p>;
  const { used_bytes: used, allowed_bytes: allowed, plan_name: plan } = usage.data;
  const percent = allowed ? Math.min(100, Math.round((used / allowed) * 100)) : 0;
  const summary = allowed
    ? `${formatBytes(used)} of ${formatBytes(allowed)} used`
    : `${formatBytes(used)} used (unlimited on ${plan})`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="storage-usage-label" className="text-sm font-semibold text-gray-900">
          Storage
        </h3>
        <p className="text-sm text-gray-700">{summary}</p>
      </div>
      {allowed !== null && (
        <div
          role="progressbar"
          aria-labelledby="storage-usage-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={summary}
          className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
        >
          <div
            className={percent >= 90 ? 'h-full bg-red-600' : 'h-full bg-brand-600'}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-sm text-gray-600">
        Logos, profile pictures and post media count towards the allowance of your {plan} plan.
      </p>
    </div>
  );
}

/** The body of Settings > Your Data: storage used, the export, and account deletion. */
export function YourDataSection() {
  const [isExporting, setIsExporting] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  async function exportData() {
    setIsExporting(true);
    try {
      await downloadExport();
      toast.success(ACCOUNT_MESSAGES.exportStarted);
    } catch (error) {
      toastApiError(error, ACCOUNT_MESSAGES.exportFailed);
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <div className="space-y-6">
      <StorageUsageMeter />
      <div className="border-t border-gray-200 pt-5">
        <h3 className="text-sm font-semibold text-gray-900">Export my data</h3>
        <p className="mt-1 text-sm text-gray-600">
          One JSON file with your profile, entities (without any network credentials), posts,
          schedules, post logs and AI call logs.
        </p>
        <Button
          variant="secondary"
          className="mt-3"
          isLoading={isExporting}
          loadingText="Preparing..."
          onClick={() => void exportData()}
        >
          <Download className="size-4" aria-hidden="true" />
          Export my data
        </Button>
      </div>
      <div className="border-t border-gray-200 pt-5">
        <h3 className="text-sm font-semibold text-gray-900">Delete my account</h3>
        <p className="mt-1 text-sm text-gray-600">
          Removes your account and everything in it: entities, connections, posts, media, schedules
          and logs. Scheduled posts will not go out. This cannot be undone.
        </p>
        <Button variant="danger-outline" className="mt-3" onClick={() => setIsDeleteOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog open={isDeleteOpen} onClose={() => setIsDeleteOpen(false)} />
    </div>
  );
}
