import { can, type RoleAction, type TeamRole } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/queries/me';

/**
 * The caller's role in the chosen workspace, from the session check (`/customer/me`) every
 * signed-in screen has already loaded (cached; no fetch here, as `useFeatures`). Unknown
 * (a component shown without a session check) means the person's own workspace: owner.
 */
export function useRole(): TeamRole {
  const { data } = useQuery({ ...meQueryOptions(), enabled: false });
  return data?.role ?? 'owner';
}

/**
 * Whether the caller's role may do `action` here (the server's own table, shared/roles.ts):
 * what it may not do is not offered. The server refuses it anyway (403 FORBIDDEN_ROLE).
 */
export function useCan(action: RoleAction): boolean {
  return can(useRole(), action);
}
