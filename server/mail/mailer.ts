import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { logger } from '../log';

/** One e-mail, in French, as text and HTML (compose.ts makes both from one content). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `smtp`: handed to the SMTP server of SMTP_URL; `outbox`: written to DATA_DIR/outbox/ (no SMTP_URL). */
  readonly mode: 'smtp' | 'outbox';
  /** Sends now; rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends off the request path: the caller's answer never waits for, or fails with, the mail.
   * A failure is logged. close() waits for the mails still being sent.
   */
  sendLater(message: MailMessage): void;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (user and password in it when the server asks for them); unset: the outbox. */
  smtpUrl?: string;
  /** The From header, e.g. 'Créathèque <ne-pas-repondre@example.com>'. */
  from: string;
  /** Where mails go without SMTP (DATA_DIR/outbox). */
  outboxDir: string;
}

/** How long one SMTP exchange may take before the mail counts as failed. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * E-mail delivery: through nodemailer to SMTP_URL, or, without it, into DATA_DIR/outbox/ as .eml
 * files (plus one log line each) so the embedded default works on a bare machine and its mails can
 * be read. A file is written under a temporary name and renamed once complete.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mode = options.smtpUrl ? 'smtp' : 'outbox';
  const sending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (mode === 'smtp') return;
    const file = await writeToOutbox(options.outboxDir, (info as { message: Buffer }).message);
    logger.info({ to: message.to, subject: message.subject, file }, 'e-mail écrit dans la boîte d’envoi (SMTP_URL non défini)');
  }

  return {
    mode,
    send,
    sendLater(message) {
      const pending = send(message)
        .catch((err: unknown) => logger.warn({ err, to: message.to, subject: message.subject }, 'e-mail non envoyé'))
        .finally(() => sending.delete(pending));
      sending.add(pending);
    },
    async close() {
      await Promise.allSettled([...sending]);
      transport.close();
    },
  };
}

async function writeToOutbox(dir: string, raw: Buffer): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  await fs.writeFile(partial, raw);
  await fs.rename(partial, file);
  return file;
}
