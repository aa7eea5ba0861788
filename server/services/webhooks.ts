import { logger } from '../log';
/** Fire-and-forget JSON POSTs to automation webhooks (spec §7): short timeout, failures only logged. */
export type WebhookSender = (url: string | undefined, payload: unknown) => void;

export const WEBHOOK_TIMEOUT_MS = 3000;

export function createWebhookSender(log: (message: string) => void = (message) => logger.warn(message)): WebhookSender {
  return (url, payload) => {
    if (!url) return;
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
      .then((res) => {
        if (!res.ok) log(`[webhook] ${url} answered ${res.status}`);
      })
      .catch((err: unknown) => log(`[webhook] ${url} failed: ${err instanceof Error ? err.message : String(err)}`));
  };
}
