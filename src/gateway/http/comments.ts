import type { Comment, LikeState } from '../../../domain/types';
import type { Gateway } from '../types';
import type { HttpClient } from './client';

const commentPath = (id: string) => `/api/comments/${encodeURIComponent(id)}`;
const creativePath = (id: string) => `/api/creatives/${encodeURIComponent(id)}/comments`;

export function httpComments({ api, send }: HttpClient): Gateway['comments'] {
  return {
    list: (creativeId) => api<Comment[]>('GET', creativePath(creativeId)),
    add: (creativeId, text) => api<Comment>('POST', creativePath(creativeId), { text }),
    like: (id) => api<LikeState>('POST', `${commentPath(id)}/like`),
    unlike: (id) => api<LikeState>('DELETE', `${commentPath(id)}/like`),
    remove: async (id) => {
      await send('DELETE', commentPath(id));
    },
  };
}
