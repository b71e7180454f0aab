import { escapeHtml } from '../../lib/mail-text.js';

/**
 * What a sign-up for an address that already has an account mails instead of a code: the
 * sign-up is answered exactly like any other (docs/decisions/104), and only the mailbox
 * learns that the account exists. No name: the sign-up's name is a stranger's text.
 */
export function accountExistsEmail(input: { signInUrl: string }) {
  const subject = 'You already have a Cadence account';
  const text = [
    'Hi,',
    '',
    'Someone, probably you, just tried to sign up for Cadence with this email address, but it already has an account.',
    '',
    `Sign in at ${input.signInUrl}`,
    'Forgot your password? Choose "Forgot password?" on the sign-in page.',
    '',
    "If it wasn't you, you can ignore this email: nothing has changed.",
  ].join('\n');
  const url = escapeHtml(input.signInUrl);
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600;color:#4f46e5">Cadence</p>
<p style="margin:0 0 12px">Hi,</p>
<p style="margin:0 0 20px">Someone, probably you, just tried to sign up for Cadence with this email address, but it already has an account.</p>
<p style="margin:0 0 20px"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Sign in</a></p>
<p style="margin:0 0 8px;color:#4b5563">Forgot your password? Choose &#34;Forgot password?&#34; on the sign-in page (${url}).</p>
<p style="margin:0;color:#6b7280;font-size:13px">If it wasn't you, you can ignore this email: nothing has changed.</p>
</div></body></html>`;
  return { subject, text, html };
}
