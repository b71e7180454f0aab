import { DEFAULT_BRAND, TEAM_ROLE_LABELS, type MemberRole } from '@cadence/shared';
import { escapeHtml, plainName } from '../../lib/mail-text.js';

/** The mail with the invitation's link: the only place its token is ever shown. */
export function invitationEmail(input: {
  inviter: string;
  workspace: string;
  role: MemberRole;
  url: string;
  validDays: number;
  /** The workspace's brand (white label); Cadence's when left out. */
  brand?: { name: string; accent_color: string };
}) {
  const brand = input.brand ?? DEFAULT_BRAND;
  const product = plainName(brand.name);
  const accent = escapeHtml(brand.accent_color);
  const inviter = plainName(input.inviter);
  const workspace = plainName(input.workspace);
  const role = TEAM_ROLE_LABELS[input.role];
  const subject = `${inviter} invited you to ${workspace}'s workspace on ${product}`;
  const text = [
    'Hi,',
    '',
    `${inviter} invited you to join ${workspace}'s workspace on ${product} as ${role}.`,
    '',
    `Accept the invitation: ${input.url}`,
    '',
    `The link works once, for ${input.validDays} days. If you did not expect it, ignore this mail.`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600;color:${accent}">${escapeHtml(product)}</p>
<p style="margin:0 0 12px">Hi,</p>
<p style="margin:0 0 12px">${escapeHtml(inviter)} invited you to join ${escapeHtml(workspace)}'s workspace on ${escapeHtml(product)} as ${escapeHtml(role)}.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:${accent};color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Accept the invitation</a></p>
<p style="margin:0 0 12px;word-break:break-all;color:#4b5563">${escapeHtml(input.url)}</p>
<p style="margin:0;color:#4b5563">The link works once, for ${input.validDays} days. If you did not expect it, ignore this mail.</p>
</div></body></html>`;
  return { subject, text, html };
}
