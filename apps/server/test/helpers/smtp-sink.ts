import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for reading codes in tests.
 * `onMessage` also sees each message (the e2e setup writes them to files for its workers).
 */
export async function startSmtpSink(onMessage?: (mail: ReceivedMail) => void) {
  const messages: ReceivedMail[] = [];
  /** Checks run on every message that arrives (see `waitForCode`). */
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          subject,
        };
        messages.push(mail);
        onMessage?.(mail);
        waiters.forEach((check) => check());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function mailsTo(email: string) {
    return messages.filter((message) => message.to.includes(email.toLowerCase()));
  }

  /** Waits for the `index`-th message (0-based) to `email` and answers the code in it. */
  async function waitForCode(email: string, index = mailsTo(email).length, timeoutMs = 5_000) {
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (mailsTo(email).length <= index) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No mail #${index + 1} reached ${email}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
    const mail = mailsTo(email)[index]!;
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (!code) throw new Error(`No code in "${mail.subject}"`);
    return code;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    waitForCode,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
