import {
  API_PATHS,
  InvitationAcceptedSchema,
  InvitationCreatedSchema,
  InvitationPreviewSchema,
  TeamMemberListSchema,
  TeamMemberSchema,
  WorkspaceListSchema,
  type InvitationCreate,
  type MemberUpdate,
} from '@cadence/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const WORKSPACES_QUERY_KEY = ['team', 'workspaces'] as const;
export const TEAM_MEMBERS_QUERY_KEY = ['team', 'members'] as const;
export const invitationQueryKey = (token: string) => ['team', 'invitation', token] as const;

/** The workspaces the signed-in person belongs to: their own first. */
export function workspacesQueryOptions() {
  return queryOptions({
    queryKey: WORKSPACES_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.teamWorkspaces, { schema: WorkspaceListSchema, signal })).data
        .rows,
    staleTime: 60_000,
  });
}

export function useWorkspaces(enabled = true) {
  return useQuery({ ...workspacesQueryOptions(), enabled });
}

export function useTeamMembers(enabled = true) {
  return useQuery({
    queryKey: TEAM_MEMBERS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.teamMembers, { schema: TeamMemberListSchema, signal })).data,
    enabled,
  });
}

function useTeamMutation<Input, Output = unknown>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_MEMBERS_QUERY_KEY }),
  });
}

export function useInvite() {
  return useTeamMutation(async (body: InvitationCreate) => {
    return (
      await apiRequest(API_PATHS.teamInvitations, {
        method: 'POST',
        body,
        schema: InvitationCreatedSchema,
      })
    ).data;
  });
}

export function useCancelInvitation() {
  return useTeamMutation((id: string) =>
    apiRequest(API_PATHS.teamInvitation.replace(':id', encodeURIComponent(id)), {
      method: 'DELETE',
    }),
  );
}

export function useUpdateMember() {
  return useTeamMutation(({ id, ...body }: MemberUpdate & { id: string }) =>
    apiRequest(API_PATHS.teamMember.replace(':id', encodeURIComponent(id)), {
      method: 'PATCH',
      body,
      schema: TeamMemberSchema,
    }),
  );
}

export function useRemoveMember() {
  return useTeamMutation((id: string) =>
    apiRequest(API_PATHS.teamMember.replace(':id', encodeURIComponent(id)), { method: 'DELETE' }),
  );
}

/** An invitation by its link's token (no sign-in needed). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          API_PATHS.teamInvitationByToken.replace(':token', encodeURIComponent(token)),
          { auth: false, schema: InvitationPreviewSchema, signal },
        )
      ).data,
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (token: string) =>
      (
        await apiRequest(
          API_PATHS.teamInvitationAccept.replace(':token', encodeURIComponent(token)),
          { method: 'POST', schema: InvitationAcceptedSchema },
        )
      ).data.workspace,
  });
}
