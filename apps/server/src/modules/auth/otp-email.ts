import { escapeHtml, plainName } from '../../lib/mail-text.js';
import type { CodePurpose } from './otp.js';

const COPY: Record<CodePurpose, { subject: string; intro: string; ignore: string }> = {
  registration: {
    subject: 'is your Cadence verification code',
    intro: 'Welcome to Cadence! Use this code to verify your email address:',
    ignore: "If you didn't ask for it, you can ignore this email.",
  },
  reset_password: {
    subject: 'is your Cadence password reset code',
    intro: 'Use this code to choose a new password for your Cadence account:',
    ignore: "If you didn't ask for it, you can ignore this email.",
  },
  sign_in: {
    subject: 'is your Cadence sign-in code',
    intro:
      'Someone signed in to your Cadence account with its password after many failed attempts. If it was you, use this code to confirm it:',
    ignore:
      "If it wasn't you, someone knows your password: choose a new one from the sign-in page (Forgot password?).",
  },
};

export function otpEmail(input: {
  name: string;
  purpose: CodePurpose;
  code: string;
  lifetimeSeconds: number;
}) {
  const minutes = Math.round(input.lifetimeSeconds / 60);
  const lifetime = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const copy = COPY[input.purpose];
  const name = plainName(input.name);
  const subject = `${input.code} ${copy.subject}`;
  const text = [
    `Hi ${name},`,
    '',
    copy.intro,
    '',
    `    ${input.code}`,
    '',
    `The code expires in ${lifetime} and works once.`,
    copy.ignore,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:18px;font-weight:600;color:#4f46e5">Cadence</p>
<p style="margin:0 0 12px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 20px">${escapeHtml(copy.intro)}</p>
<p style="margin:0 0 20px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${input.code}</p>
<p style="margin:0 0 8px;color:#4b5563">The code expires in ${lifetime} and works once.</p>
<p style="margin:0;color:#6b7280;font-size:13px">${escapeHtml(copy.ignore)}</p>
</div></body></html>`;
  return { subject, text, html };
}
