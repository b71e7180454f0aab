import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function mailsTo(email: string) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return readdirSync(dir)
    .filter((name) => name.endsWith(`-${email.toLowerCase()}.eml`))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

/** Waits until `email` has received `count` messages and answers the code in the last one. */
export async function waitForCode(email: string, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(email);
    if (mails.length >= count) {
      const subject = /^Subject: (.*)$/im.exec(mails[count - 1]!)?.[1] ?? '';
      const code = /\b(\d{6})\b/.exec(subject)?.[1];
      if (!code) throw new Error(`No code in the subject "${subject}"`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`Mail #${count} to ${email} did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the invitation mailed to `email` and answers its link's path (`/invite/<token>`). */
export async function waitForInvitationPath(email: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of mailsTo(email).reverse()) {
      // Quoted-printable soft line breaks and '=' escapes, as SMTP carries long lines.
      const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /https?:\/\/[^\s"<>]+(\/invite\/[A-Za-z0-9_-]{20,})/.exec(text);
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`No invitation reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A fresh address per test run, so tests never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
