import { ROUTES, TEAM_ROLE_LABELS } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { useWorkspaces } from '../../lib/queries/team';
import { setWorkspaceId, useWorkspaceId } from '../../lib/workspace';

/**
 * The top bar's workspace choice, shown once a person belongs to another account's
 * workspace: their own first. A switch starts from a clean cache on the Entities page.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const id = useId();
  const chosen = useWorkspaceId();
  const workspaces = useWorkspaces();
  const client = useQueryClient();
  const navigate = useNavigate();
  const rows = workspaces.data ?? [];
  if (rows.length < 2) return null;
  const own = rows[0]!;
  const current = rows.some((row) => row.id === chosen) ? chosen! : own.id;

  const choose = (next: string) => {
    setWorkspaceId(next === own.id ? null : next);
    // Every answer from the other workspace is dropped, and what is on screen is asked again
    // in the chosen one: the session check first, whose role there decides what each screen
    // offers (hooks/use-can.ts). Reset rather than cleared, so mounted screens (the top bar
    // among them) follow the new answers instead of holding the old workspace's.
    void client.resetQueries();
    void navigate(ROUTES.companies);
  };

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-xs font-medium text-gray-600">
        Workspace
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => choose(event.target.value)}
        className="h-9 max-w-48 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {rows.map((row, index) => (
          <option key={row.id} value={row.id}>
            {index === 0 ? `${row.name} (yours)` : `${row.name} · ${TEAM_ROLE_LABELS[row.role]}`}
          </option>
        ))}
      </select>
    </div>
  );
}
