import { escapeHtml, plainName } from '../../lib/mail-text.js';

/** The short notice that the account's password was changed from the Settings page. */
export function passwordChangedEmail(input: { name: string; at: Date; settingsUrl: string }) {
  const name = plainName(input.name);
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = 'Your Cadence password was changed';
  const text = [
    `Hi ${name},`,
    '',
    `The password of your Cadence account was changed on ${when}.`,
    'Every other device signed in to your account has been signed out.',
    '',
    "If this wasn't you, reset your password now from the sign-in page (Forgot password) and",
    `check your account at ${input.settingsUrl}.`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600;color:#4f46e5">Cadence</p>
<p style="margin:0 0 12px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 12px">The password of your Cadence account was changed on ${when}.</p>
<p style="margin:0 0 12px">Every other device signed in to your account has been signed out.</p>
<p style="margin:0;color:#4b5563">If this wasn't you, reset your password now from the sign-in page (Forgot password) and check your account at <a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(input.settingsUrl)}</a>.</p>
</div></body></html>`;
  return { subject, text, html };
}
