import { SHELL_MSG } from '@domain/messages-shell';
import { GatewayError, type UploadProgress } from '../types';
import { toGatewayError, type ErrorSource } from './errors';
import { forgetFirstViewAnswers, takeFirstViewAnswer } from './first-view';

/**
 * How the http adapter reaches the server. The browser uses same-origin fetch, XHR for upload
 * progress and EventSource for live counts; Node (the contract suite) passes its own.
 */
export interface HttpTransport {
  fetch(path: string, init: RequestInit): Promise<Response>;
  upload(method: 'POST' | 'PATCH', path: string, form: FormData, onProgress?: (p: UploadProgress) => void): Promise<Response>;
  /** Server-sent events of one type; returns a function that closes the stream. */
  events(path: string, type: string, onData: (data: string) => void): () => void;
}

function xhrUpload(method: 'POST' | 'PATCH', path: string, form: FormData, onProgress?: (p: UploadProgress) => void) {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onerror = () => reject(new GatewayError('INTERNAL', SHELL_MSG.submitError, 0));
    xhr.onload = () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    xhr.send(form);
  });
}

export const browserTransport: HttpTransport = {
  fetch: async (path, init) => {
    if ((init.method ?? 'GET') === 'GET') {
      const inlined = takeFirstViewAnswer(path);
      if (inlined) return inlined;
    } else {
      forgetFirstViewAnswers();
    }
    return fetch(path, { ...init, credentials: 'same-origin' });
  },
  upload: xhrUpload,
  events: (path, type, onData) => {
    const source = new EventSource(path, { withCredentials: true });
    source.addEventListener(type, (e) => onData((e as MessageEvent<string>).data));
    return () => source.close();
  },
};

/** Awaits a transport answer: a non-2xx answer or a network failure becomes a GatewayError. */
export async function expectOk<R extends ErrorSource & { ok: boolean }>(
  response: Promise<R>,
  networkMessage: string = SHELL_MSG.internal,
): Promise<R> {
  let res: R;
  try {
    res = await response;
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new GatewayError('INTERNAL', networkMessage, 0);
  }
  if (!res.ok) throw await toGatewayError(res);
  return res;
}
