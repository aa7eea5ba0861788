import { SHELL_MSG } from '@domain/messages-shell';
import { toast } from '../components/ui/toaster';
import { GatewayError } from '../gateway/types';

/** The French message to show for a failed call, or `fallback` for unexpected failures. */
export function messageOf(error: unknown, fallback: string = SHELL_MSG.internal): string {
  if (error instanceof GatewayError && error.status > 0 && error.status < 500) return error.message;
  return fallback;
}

export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof GatewayError ? error.fields : {};
}

/**
 * The backend's own message when it refused a call for coming too often (429) or for a moment of
 * unavailability (503: overloaded, or sign-in while its shared limits cannot be checked) — it says
 * when to try again, which the spec's generic failure messages cannot — or null for any other failure.
 */
export function retryLaterMessage(error: unknown): string | null {
  return error instanceof GatewayError && (error.code === 'RATE_LIMITED' || error.code === 'UNAVAILABLE') ? error.message : null;
}

/**
 * For writes whose failures are only logged (likes and folders, spec §8): a refusal for writing
 * too often is toasted all the same, since the click was undone and the user must learn when to
 * try again.
 */
export function logWriteFailure(label: string, error: unknown): void {
  console.error(label, error);
  const limited = retryLaterMessage(error);
  if (limited) toast.error(limited);
}
