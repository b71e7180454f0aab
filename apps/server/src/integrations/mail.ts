import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { lazy } from '../lib/lazy.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's name shown for this mail (a workspace's brand); MAIL_FROM's address stays. */
  fromName?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}

/** MAIL_FROM with another display name (its address kept), or MAIL_FROM as it is. */
export function senderOf(mailFrom: string, name: string | undefined) {
  if (!name) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name, address };
}

export function createMailer(config: MailerConfig, logger: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger);
}

/** nodemailer, loaded with the first mail: most processes start and stop without sending one. */
export const loadNodemailer = lazy(async () => (await import('nodemailer')).default);

/**
 * The transport `make` builds, made with the first mail. A transport opens no connection
 * until it sends, so there is nothing to close before then.
 */
function transportOnFirstUse<T extends { close(): void }>(
  make: (nodemailer: Awaited<ReturnType<typeof loadNodemailer>>) => T,
) {
  let transport: T | undefined;
  return {
    async get() {
      const nodemailer = await loadNodemailer();
      transport ??= make(nodemailer);
      return transport;
    },
    close: () => transport?.close(),
  };
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = transportOnFirstUse((nodemailer) => nodemailer.createTransport(smtpUrl));
  return {
    async send(message) {
      await (
        await transport.get()
      ).sendMail({ ...message, from: senderOf(from, message.fromName) });
    },
    close: transport.close,
  };
}

/**
 * Without SMTP, mail is written as .eml files (open them in any mail program) and its text
 * goes to the log, so a fresh install can sign up with nothing else configured.
 */
function createOutboxMailer(outbox: string, from: string, logger: FastifyBaseLogger): Mailer {
  const transport = transportOnFirstUse((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (
        await transport.get()
      ).sendMail({ ...message, from: senderOf(from, message.fromName) });
      await mkdir(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // One line a person can read in the terminal (the whole mail is in the file): a
      // six-digit code, when the mail carries one, is what a developer is looking for.
      const code = /\b\d{6}\b/.exec(message.text ?? '')?.[0];
      logger.info(
        { to: message.to, file },
        `Mail to ${message.to} (no SMTP_URL set): ${message.subject}${code ? `. Code: ${code}` : ''}`,
      );
    },
    close: transport.close,
  };
}
