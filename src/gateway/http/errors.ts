import { isErrorCode, type ErrorBody } from '@domain/errors';
import { SHELL_MSG } from '@domain/messages-shell';
import { GatewayError } from '../types';

/** The part of a response an error is read from (a fetch Response, or an answer of hc). */
export interface ErrorSource {
  status: number;
  json(): Promise<unknown>;
}

/** Turns a non-2xx response into a GatewayError with the server's French message. */
export async function toGatewayError(res: ErrorSource): Promise<GatewayError> {
  let body: Partial<ErrorBody> | null = null;
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  const err = body?.error;
  const code = err && isErrorCode(err.code) ? err.code : res.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
  return new GatewayError(code, err?.message ?? SHELL_MSG.internal, res.status, err?.fields ?? {});
}
