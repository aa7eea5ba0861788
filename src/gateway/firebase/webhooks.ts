/**
 * The client-side automation webhooks of Firebase mode (spec §7): a JSON POST in `no-cors` mode
 * (the browser does not let the page read the answer), fire-and-forget, failures only logged.
 */
export type WebhookPoster = (url: string | null, payload: unknown) => void;

export function createWebhookPoster(log: (message: string, error?: unknown) => void = console.warn): WebhookPoster {
  return (url, payload) => {
    if (!url) return;
    try {
      fetch(url, { method: 'POST', mode: 'no-cors', body: JSON.stringify(payload) }).catch((err: unknown) =>
        log(`[webhook] ${url} failed`, err),
      );
    } catch (err) {
      log(`[webhook] ${url} failed`, err);
    }
  };
}

/** After registration (spec §7). */
export function registrationPayload(user: { firstName: string; lastName: string; email: string }) {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email };
}

/** After a submission (spec §7). */
export function submissionPayload(
  creative: { name: string; createdAt: string; status: string },
  submitter: { firstName: string; lastName: string },
) {
  return {
    name: creative.name,
    createdAt: creative.createdAt,
    submittedBy: { firstName: submitter.firstName, lastName: submitter.lastName },
    status: creative.status,
  };
}
