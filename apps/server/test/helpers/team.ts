import { apiCall, type Method } from './api.js';
import type { TestApp } from './test-app.js';

/** The invitation link mailed to `email` (the `index`-th mail to them), from the SMTP sink. */
export function invitationLinkIn(t: TestApp, email: string, index = -1) {
  const mails = t.smtp.mailsTo(email);
  const mail = mails.at(index);
  if (!mail) throw new Error(`no mail reached ${email}`);
  // Quoted-printable soft line breaks and '=' escapes, as SMTP carries long lines.
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<>]+\/invite\/([A-Za-z0-9_-]{20,})/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in "${mail.subject}"`);
  return { url: match[0], token: match[1], subject: mail.subject };
}

/** A request acting in the workspace `workspaceId` (the X-Workspace-Id header). */
export function inWorkspace(t: TestApp, workspaceId: string) {
  return <T = Record<string, unknown>>(method: Method, url: string, token: string, body?: object) =>
    apiCall<T>(t.app, method, url, token, body, { headers: { 'x-workspace-id': workspaceId } });
}

/** Invites `email` as `role` into the token's workspace and accepts with `memberToken`. */
export async function addMember(
  t: TestApp,
  ownerToken: string,
  member: { email: string; token: string },
  role: 'manager' | 'editor' | 'viewer',
  entityIds?: string[],
) {
  const invited = await apiCall(t.app, 'POST', '/team/invitations', ownerToken, {
    email: member.email,
    role,
    ...(entityIds ? { entity_ids: entityIds } : {}),
  });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.body}`);
  const { token } = invitationLinkIn(t, member.email);
  const accepted = await apiCall(t.app, 'POST', `/team/invitations/${token}/accept`, member.token);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.body}`);
}
