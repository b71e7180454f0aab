/** Dollars with two decimals, or 'N/A' when there is no price. */
export function formatDollars(value: number | null | undefined): string {
  return value === null || value === undefined ? 'N/A' : `$${value.toFixed(2)}`;
}

/** Seconds as hh:mm:ss (hours may exceed 24). */
export function formatHms(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

/** An uptime as people say it: '3d 4h', '2h 5m', '45s'. */
export function formatUptime(totalSeconds: number | null): string {
  if (totalSeconds === null) return '-';
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${totalSeconds % 60}s`;
  return `${totalSeconds}s`;
}

/** The CPU bar's colour: red above 80 %, yellow above 60 %, else green (spec 001 section 9). */
export function cpuTone(percent: number): 'red' | 'yellow' | 'green' {
  if (percent > 80) return 'red';
  if (percent > 60) return 'yellow';
  return 'green';
}

/** The memory bar's scale (spec 001 section 9). */
export const MEMORY_SCALE_MB = 2048;

/** 'Save N%' of a sale price against the regular one, or null when there is no saving. */
export function savePercent(price: number | null, salePrice: number | null): number | null {
  if (price === null || salePrice === null || price <= 0 || salePrice >= price) return null;
  return Math.round(((price - salePrice) / price) * 100);
}

/**
 * The person who acted in a workspace, under the owner's email in System Logs: 'by {name}
 * ({email})'; nothing when unknown or the owner themself.
 */
export function actedByLabel(
  actedBy: { name: string | null; email: string } | null | undefined,
  ownerEmail: string | null,
): string | null {
  if (!actedBy || actedBy.email === ownerEmail) return null;
  return `by ${actedBy.name ? `${actedBy.name} (${actedBy.email})` : actedBy.email}`;
}
