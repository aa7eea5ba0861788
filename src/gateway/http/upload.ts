import { MSG } from '../../../domain/messages';
import { GatewayError, type UploadProgress } from '../types';
import { toGatewayError } from './client';

/** Multipart upload with progress events (fetch has none), resolving with the JSON answer. */
export function uploadForm<T>(
  method: 'POST' | 'PATCH',
  path: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onerror = () => reject(new GatewayError('INTERNAL', MSG.submitError, 0));
    xhr.onload = () => {
      const res = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
      });
      if (res.ok) res.json().then((v) => resolve(v as T), reject);
      else toGatewayError(res).then(reject, reject);
    };
    xhr.send(form);
  });
}
