import path from 'node:path';
import { createMailer, type Mailer } from '@server/mail/mailer';
import { createWebhookSender, type WebhookSender } from '@server/services/webhooks';
import type { DepsOptions } from './build-deps';

/** What leaves the server besides its answers. */
export interface OutboundDeps {
  /** Outgoing e-mails (server/mail): SMTP_URL, or DATA_DIR/outbox/ without it. */
  mailer: Mailer;
  /** The registration and submission webhooks (REGISTRATION_WEBHOOK_URL, SUBMISSION_WEBHOOK_URL). */
  webhooks: WebhookSender;
}

export function outboundDeps(options: Pick<DepsOptions, 'config' | 'mailer' | 'webhooks'>): OutboundDeps {
  const { env, dataDir } = options.config;
  return {
    mailer: options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') }),
    webhooks: options.webhooks ?? createWebhookSender(),
  };
}
