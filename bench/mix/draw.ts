import type { RunDraw, RunRequest } from '../load/spec';
import { requestId } from './server-log';
import { WEIGHTS, type Kind, type MixUrl } from './urls';

/** The runner's draw for one run: each kind a group with its weight, each URL tagged with the run and kind. */
export function drawOf(runId: string, byKind: Map<Kind, MixUrl[]>, kinds: readonly Kind[], seed: number, cookies: string[]): RunDraw {
  return {
    seed,
    groups: kinds.map((kind) => ({
      weight: WEIGHTS[kind],
      requests: (byKind.get(kind) ?? []).map((u, i): RunRequest => ({
        method: 'GET',
        path: u.path,
        headers: { 'x-request-id': requestId(runId, kind, i) },
      })),
    })),
    connectionHeaders: cookies.length ? cookies.map((cookie) => ({ cookie })) : undefined,
  };
}
