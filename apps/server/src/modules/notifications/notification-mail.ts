import {
  DEFAULT_BRAND,
  isConnectionNotice,
  isReviewNotice,
  NETWORK_TEXT_NAMES,
  NOTIFICATION_KIND_TITLES,
  postPagePath,
  SETTINGS_ANCHORS,
  settingsSectionPath,
  socialsDialogPath,
} from '@cadence/shared';
import type { NotificationEventRow } from '../../db/schema/notifications.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface Link {
  label: string;
  url: string;
}

function linksOf(event: NotificationEventRow, publicUrl: string): Link[] {
  const links: Link[] = [];
  const aboutConnection = isConnectionNotice(event.kind);
  if (aboutConnection && event.companyId) {
    const network = event.network ? NETWORK_TEXT_NAMES[event.network] : 'the network';
    links.push({
      label: `Reconnect ${network}`,
      url: publicUrl + socialsDialogPath(event.companyId),
    });
  }
  if (event.postId)
    links.push({ label: 'Open the post', url: publicUrl + postPagePath(event.postId) });
  if (event.kind === 'webhook_disabled') {
    links.push({
      label: 'Developer Info',
      url: publicUrl + settingsSectionPath(SETTINGS_ANCHORS.developerInfo),
    });
  } else if (!aboutConnection && !isReviewNotice(event.kind)) {
    links.push({
      label: 'Post logs',
      url: publicUrl + settingsSectionPath(SETTINGS_ANCHORS.postLogs),
    });
  }
  return links;
}

/** One mail for the events given: a single event says what happened, several make a digest. */
export function notificationMail(input: {
  name: string;
  events: NotificationEventRow[];
  publicUrl: string;
  /** The workspace's brand (white label); Cadence's when left out. */
  brand?: { name: string; accent_color: string };
}) {
  const { events, publicUrl } = input;
  const brand = input.brand ?? DEFAULT_BRAND;
  const first = events[0];
  if (!first) throw new Error('A notification mail needs at least one event');
  const subject =
    events.length === 1
      ? `${brand.name}: ${NOTIFICATION_KIND_TITLES[first.kind]}`
      : `${brand.name}: ${events.length} things need your attention`;
  const settingsUrl = publicUrl + settingsSectionPath(SETTINGS_ANCHORS.notifications);
  const text = [
    `Hi ${input.name},`,
    '',
    ...events.flatMap((event) => [
      `* ${NOTIFICATION_KIND_TITLES[event.kind]} (${event.createdAt.toISOString()})`,
      `  ${event.message}`,
      ...linksOf(event, publicUrl).map((link) => `  ${link.label}: ${link.url}`),
      '',
    ]),
    `Choose which e-mails you get: ${settingsUrl}`,
  ].join('\n');
  const items = events
    .map(
      (event) => `<li style="margin:0 0 16px">
<p style="margin:0 0 4px;font-weight:600">${escapeHtml(NOTIFICATION_KIND_TITLES[event.kind])}</p>
<p style="margin:0 0 4px;color:#374151">${escapeHtml(event.message)}</p>
<p style="margin:0">${linksOf(event, publicUrl)
        .map(
          (link) =>
            `<a href="${escapeHtml(link.url)}" style="color:#4338ca">${escapeHtml(link.label)}</a>`,
        )
        .join(' &middot; ')}</p>
</li>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600;color:${escapeHtml(brand.accent_color)}">${escapeHtml(brand.name)}</p>
<p style="margin:0 0 16px">Hi ${escapeHtml(input.name)},</p>
<ul style="margin:0 0 20px;padding-left:18px">${items}</ul>
<p style="margin:0;color:#6b7280;font-size:13px"><a href="${escapeHtml(settingsUrl)}" style="color:#4b5563">Choose which e-mails you get</a></p>
</div></body></html>`;
  return { subject, text, html };
}
