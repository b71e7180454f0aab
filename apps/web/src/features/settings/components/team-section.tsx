import {
  MEMBER_ROLES,
  TEAM_MESSAGES,
  TEAM_ROLE_HINTS,
  TEAM_ROLE_LABELS,
  type MemberRole,
  type TeamMember,
} from '@cadence/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { UpgradeHint } from '../../../components/ui/upgrade-hint';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { ApiRequestError } from '../../../lib/api-error';
import { useCompanies } from '../../../lib/queries/companies';
import {
  useCancelInvitation,
  useInvite,
  useRemoveMember,
  useTeamMembers,
  useUpdateMember,
  useWorkspaces,
} from '../../../lib/queries/team';
import { useWorkspaceId } from '../../../lib/workspace';
import { formatInZone } from '../../../lib/zoned-time';

/** The server's words for a refused change; a plan limit keeps its 'Upgrade' link. */
function errorOf(error: unknown): { message: string; isPlanLimit: boolean } | null {
  if (!error) return null;
  if (error instanceof ApiRequestError)
    return {
      message: error.serverMessage ?? 'That did not work. Try again.',
      isPlanLimit: error.code === 'PLAN_LIMIT',
    };
  return { message: 'That did not work. Try again.', isPlanLimit: false };
}

/** A day as the customer reads it, in the time zone saved in Settings. */
const dateOf = (iso: string | null | undefined, timeZone: string) =>
  iso ? formatInZone(iso, timeZone, 'MMM d, yyyy') : '—';

/** Settings > Team: the workspace's people, their roles and entities, invitations and seats. */
export function TeamSection() {
  const members = useTeamMembers();
  const workspaces = useWorkspaces();
  const chosen = useWorkspaceId();
  const companies = useCompanies();
  const own = workspaces.data?.[0];
  const current = workspaces.data?.find((row) => row.id === chosen) ?? own;
  const isOwner = current?.role === 'owner';
  const entities = companies.data?.rows ?? [];
  const entityName = (id: string) =>
    entities.find((entity) => entity.id === id)?.name ?? 'Unknown entity';

  if (members.isPending) return <p className="text-sm text-gray-600">Loading the team…</p>;
  if (members.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorOf(members.error)?.message}
      </p>
    );
  const { rows, seats_used: used, seat_limit: limit } = members.data;

  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-700" data-testid="seats">
        {limit === null
          ? `${used} team member${used === 1 ? '' : 's'} (unlimited on your plan)`
          : `${used} of ${limit} team member${limit === 1 ? '' : 's'} used`}
      </p>
      <ul
        className="divide-y divide-gray-200 rounded-lg border border-gray-200"
        aria-label="Team members"
      >
        {rows.map((member) => (
          <MemberRow
            key={`${member.status}-${member.id}`}
            member={member}
            canManage={isOwner && member.role !== 'owner'}
            entityName={entityName}
            entities={entities}
          />
        ))}
      </ul>
      {isOwner ? (
        <InviteForm entities={entities} isFull={limit !== null && used >= limit} limit={limit} />
      ) : (
        <p className="text-sm text-gray-600">{TEAM_MESSAGES.ownerOnly}</p>
      )}
    </div>
  );
}

interface EntityOption {
  id: string;
  name: string;
}

function MemberRow({
  member,
  canManage,
  entityName,
  entities,
}: {
  member: TeamMember;
  canManage: boolean;
  entityName: (id: string) => string;
  entities: EntityOption[];
}) {
  const roleId = useId();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const cancel = useCancelInvitation();
  const failure = errorOf(update.error ?? remove.error ?? cancel.error);
  const { timeZone } = useTimeZone();
  const isInvited = member.status === 'invited';
  const label = member.name ? `${member.name} (${member.email})` : member.email;

  return (
    <li
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="team-member"
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-gray-900">{label}</p>
        <p className="text-xs text-gray-600">
          {TEAM_ROLE_LABELS[member.role]} ·{' '}
          {member.entity_ids === null
            ? 'All entities'
            : `Entities: ${member.entity_ids.map(entityName).join(', ')}`}
          {' · '}
          {isInvited
            ? `Invited, link valid until ${dateOf(member.expires_at, timeZone)}`
            : member.role === 'owner'
              ? 'Owner'
              : `Joined ${dateOf(member.joined_at, timeZone)}, last active ${dateOf(member.last_active_at, timeZone)}`}
        </p>
        {failure && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {failure.message}
          </p>
        )}
      </div>
      {canManage && (
        <div className="flex flex-wrap items-center gap-2">
          {!isInvited && (
            <>
              <label htmlFor={roleId} className="sr-only">
                Role of {label}
              </label>
              <select
                id={roleId}
                value={member.role}
                disabled={update.isPending}
                onChange={(event) =>
                  update.mutate({
                    id: member.id,
                    role: event.target.value as MemberRole,
                    entity_ids: member.entity_ids,
                  })
                }
                className="h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {MEMBER_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {TEAM_ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            </>
          )}
          <Button
            variant="soft"
            size="sm"
            isLoading={remove.isPending || cancel.isPending}
            onClick={() => (isInvited ? cancel.mutate(member.id) : remove.mutate(member.id))}
            aria-label={isInvited ? `Cancel invitation of ${member.email}` : `Remove ${label}`}
          >
            {isInvited ? 'Cancel invitation' : 'Remove'}
          </Button>
          {entities.length > 0 && !isInvited && member.entity_ids !== null && (
            <span className="sr-only">Limited to {member.entity_ids.length} entities</span>
          )}
        </div>
      )}
    </li>
  );
}

function InviteForm({
  entities,
  isFull,
  limit,
}: {
  entities: EntityOption[];
  isFull: boolean;
  limit: number | null;
}) {
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [limited, setLimited] = useState<string[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInvite();
  const failure = errorOf(invite.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    invite.mutate(
      { email, role, entity_ids: limited.length > 0 ? limited : null },
      {
        onSuccess: (data) => {
          setSentTo(data.email);
          setEmail('');
          setLimited([]);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-gray-200 p-4"
      aria-label="Invite a team member"
    >
      <h3 className="text-sm font-semibold text-gray-900">Invite a team member</h3>
      {isFull && limit !== null && (
        <UpgradeHint>{`Your plan includes ${limit} team member${limit === 1 ? '' : 's'}:`}</UpgradeHint>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={emailId}
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          id={roleId}
          label="Role"
          hint={TEAM_ROLE_HINTS[role]}
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
        >
          {MEMBER_ROLES.map((option) => (
            <option key={option} value={option}>
              {TEAM_ROLE_LABELS[option]}
            </option>
          ))}
        </SelectField>
      </div>
      {entities.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">
            Entities (none chosen: all of them)
          </legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {entities.map((entity) => (
              <label key={entity.id} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  className="size-4 rounded border-gray-300 accent-brand-600"
                  checked={limited.includes(entity.id)}
                  onChange={(event) =>
                    setLimited((ids) =>
                      event.target.checked
                        ? [...ids, entity.id]
                        : ids.filter((id) => id !== entity.id),
                    )
                  }
                />
                {entity.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {failure &&
        (failure.isPlanLimit ? (
          <div role="alert">
            <UpgradeHint>{failure.message.replace(/: Upgrade$/, ':')}</UpgradeHint>
          </div>
        ) : (
          <p role="alert" className="text-sm text-red-700">
            {failure.message}
          </p>
        ))}
      {sentTo && (
        <p role="status" className="text-sm text-green-800">
          Invitation sent to {sentTo}.
        </p>
      )}
      <Button type="submit" isLoading={invite.isPending} loadingText="Sending…">
        Send invitation
      </Button>
    </form>
  );
}
