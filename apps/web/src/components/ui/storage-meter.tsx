import { ACCOUNT_MESSAGES, formatBytes, type StorageUsage } from '@cadence/shared';
import { useStorageUsage } from '../../lib/queries/storage';
import { UsageMeter } from './usage-meter';

/**
 * The upload that would take the workspace over its plan's storage, refused before it is
 * sent, with the server's own words; null when it fits (or the figures are not known yet:
 * the server decides then).
 */
export function storageProblem(usage: StorageUsage | undefined, bytes: number): string | null {
  if (usage === undefined || usage.allowed_bytes === null) return null;
  if (usage.used_bytes + bytes <= usage.allowed_bytes) return null;
  return ACCOUNT_MESSAGES.storageFull(formatBytes(usage.allowed_bytes), usage.plan_name);
}

/** 'X MB of Y MB used', where uploads happen; only on a plan with a storage limit. */
export function StorageMeter({ className }: { className?: string }) {
  const usage = useStorageUsage();
  if (usage.data === undefined || usage.data.allowed_bytes === null) return null;
  return (
    <UsageMeter
      label="Storage"
      used={usage.data.used_bytes}
      limit={usage.data.allowed_bytes}
      unit="used"
      format={formatBytes}
      note="Logos, profile pictures and post media count."
      className={className}
    />
  );
}
