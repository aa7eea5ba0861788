import type { Comment, LikeState } from '../../../domain/types';
import type { Gateway } from '../types';
import { api, send } from './client';

const commentPath = (id: string) => `/api/comments/${encodeURIComponent(id)}`;

export const httpComments: Gateway['comments'] = {
  list: (creativeId) => api<Comment[]>('GET', `/api/creatives/${encodeURIComponent(creativeId)}/comments`),
  add: (creativeId, text) => api<Comment>('POST', `/api/creatives/${encodeURIComponent(creativeId)}/comments`, { text }),
  like: (id) => api<LikeState>('POST', `${commentPath(id)}/like`),
  unlike: (id) => api<LikeState>('DELETE', `${commentPath(id)}/like`),
  remove: async (id) => {
    await send('DELETE', commentPath(id));
  },
};
