import { myDataFileName } from '@domain/my-data';
import type { Gateway } from '../types';
import type { HttpClient } from './client';

/** The file name the server gives (Content-Disposition), else today's. */
function attachmentName(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? myDataFileName(new Date());
}

export function httpMyData({ api, ok, json }: HttpClient): Gateway['myData'] {
  return {
    async exportFile() {
      const res = await ok(api.me.export.$get());
      return { blob: await res.blob(), fileName: attachmentName(res.headers.get('content-disposition')) };
    },
    async deleteAccount(password) {
      await json(api.me.$delete({ json: { password } }));
    },
  };
}
