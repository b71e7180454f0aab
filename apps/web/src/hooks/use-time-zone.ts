import { useUserSettings } from '../lib/queries/user-settings';
import { browserTimeZone, resolveTimeZone } from '../lib/zoned-time';

/**
 * The zone every date on the page is read and shown in: the saved setting, else the
 * browser's, else UTC. A settings call that fails only falls back (spec: failure is only logged).
 */
export function useTimeZone(): { timeZone: string; isLoading: boolean } {
  const settings = useUserSettings();
  return {
    timeZone: resolveTimeZone(settings.data?.timezone, browserTimeZone()),
    isLoading: settings.isPending,
  };
}
