import type { OtpPurpose } from '@cadence/shared';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function otpEmail(input: {
  name: string;
  purpose: OtpPurpose;
  code: string;
  lifetimeSeconds: number;
}) {
  const minutes = Math.round(input.lifetimeSeconds / 60);
  const lifetime = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const isReset = input.purpose === 'reset_password';
  const subject = isReset
    ? `${input.code} is your Cadence password reset code`
    : `${input.code} is your Cadence verification code`;
  const intro = isReset
    ? 'Use this code to choose a new password for your Cadence account:'
    : 'Welcome to Cadence! Use this code to verify your email address:';
  const text = [
    `Hi ${input.name},`,
    '',
    intro,
    '',
    `    ${input.code}`,
    '',
    `The code expires in ${lifetime} and works once.`,
    "If you didn't ask for it, you can ignore this email.",
  ].join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600;color:#4f46e5">Cadence</p>
<p style="margin:0 0 12px">Hi ${escapeHtml(input.name)},</p>
<p style="margin:0 0 20px">${intro}</p>
<p style="margin:0 0 20px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${input.code}</p>
<p style="margin:0 0 8px;color:#4b5563">The code expires in ${lifetime} and works once.</p>
<p style="margin:0;color:#6b7280;font-size:13px">If you didn't ask for it, you can ignore this email.</p>
</div></body></html>`;
  return { subject, text, html };
}
