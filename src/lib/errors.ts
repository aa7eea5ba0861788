import { MSG } from '@domain/messages';
import { GatewayError } from '../gateway/types';

/** The French message to show for a failed call, or `fallback` for unexpected failures. */
export function messageOf(error: unknown, fallback: string = MSG.internal): string {
  if (error instanceof GatewayError && error.status > 0 && error.status < 500) return error.message;
  return fallback;
}

export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof GatewayError ? error.fields : {};
}
