import type { TeamRole } from '@cadence/shared';
import { useWorkspaces } from '../../../lib/queries/team';
import { useWorkspaceId } from '../../../lib/workspace';

/**
 * The signed-in person's role in the workspace the app acts in (their own when the chosen
 * one is not theirs any more); undefined until the workspaces have loaded.
 */
export function useWorkspaceRole(): TeamRole | undefined {
  const workspaces = useWorkspaces();
  const chosen = useWorkspaceId();
  const rows = workspaces.data;
  if (rows === undefined) return undefined;
  return (rows.find((row) => row.id === chosen) ?? rows[0])?.role;
}
