import type { Gateway } from '../types';
import { segment, type HttpClient } from './client';

export function httpComments({ api, json, ok }: HttpClient): Gateway['comments'] {
  const comment = (id: string) => ({ param: { id: segment(id) } });
  const ofCreative = (creativeId: string) => ({ param: { id: segment(creativeId) } });
  return {
    list: async (creativeId, page) =>
      json(api.creatives[':id'].comments.$get({ ...ofCreative(creativeId), query: { cursor: page?.cursor || undefined } })),
    add: async (creativeId, text) => json(api.creatives[':id'].comments.$post({ ...ofCreative(creativeId), json: { text } })),
    like: async (id) => json(api.comments[':id'].like.$post(comment(id))),
    unlike: async (id) => json(api.comments[':id'].like.$delete(comment(id))),
    remove: async (id) => {
      await ok(api.comments[':id'].$delete(comment(id)));
    },
  };
}
