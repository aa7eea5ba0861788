import { isErrorCode, type ErrorBody } from '../../../domain/errors';
import { MSG } from '../../../domain/messages';
import { GatewayError } from '../types';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | string[] | null | undefined;

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, v));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Turns a non-2xx response into a GatewayError with the server's French message. */
export async function toGatewayError(res: Response): Promise<GatewayError> {
  let body: Partial<ErrorBody> | null = null;
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  const err = body?.error;
  const code = err && isErrorCode(err.code) ? err.code : res.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
  return new GatewayError(code, err?.message ?? MSG.internal, res.status, err?.fields ?? {});
}

export async function send(method: Method, path: string, body?: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new GatewayError('INTERNAL', MSG.internal, 0);
  }
  if (!res.ok) throw await toGatewayError(res);
  return res;
}

/** JSON request to the API; resolves with the parsed body or throws a GatewayError. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  return (await res.json()) as T;
}
