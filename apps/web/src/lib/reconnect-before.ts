import { CONNECTION_MESSAGES, formatReconnectDate } from '@cadence/shared';

/**
 * 'Reconnect before {date}' for a connection whose token only a reconnect renews (the API's
 * `reconnect_before`), with the date in the customer's zone; null when nothing is due.
 */
export function reconnectBeforeText(
  reconnectBefore: string | null | undefined,
  timeZone: string,
): string | null {
  if (!reconnectBefore) return null;
  return CONNECTION_MESSAGES.reconnectBefore(formatReconnectDate(reconnectBefore, timeZone));
}
