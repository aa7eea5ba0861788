/** bench:mix's results and its two Markdown tables: the client's view, and the server's per kind. */
import type { CpuUse } from '../load/cpu-time';
import type { RunResult } from '../load/spec';
import type { KindTiming } from './server-log';
import { KIND_LABELS, KINDS, type Kind } from './urls';

export type MixName = 'all' | 'searches';
export type MixWho = 'anonymous' | 'user';
export type CacheMode = 'on' | 'off';

export interface MixRun {
  /** Run id, also in the requests' X-Request-Id (e.g. all-anonymous-cache-on). */
  id: string;
  mix: MixName;
  who: MixWho;
  cache: CacheMode;
  /** /api/health just before, same connections. */
  health: RunResult;
  url: RunResult;
  /** url.rps / health.rps. */
  ratio: number;
  settleMs: number;
  /** CPU per request of the server and of PostgreSQL during the run (absent in runs saved before it was measured). */
  cpu?: CpuUse;
  /** From the server's request log. */
  server: Partial<Record<Kind, KindTiming>>;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const thousands = (n: number) => n.toLocaleString('en');

export const runTitle = (r: Pick<MixRun, 'mix' | 'who' | 'cache'>) => `${r.mix}, ${r.who}, cache ${r.cache}`;

/** Non-2xx responses by status, most frequent first: `503×12, 500×1`, or 0; with `share`, their part of all responses. */
export function non2xxByStatus(statusCodes: Record<string, number>, share = false): string {
  const failed = Object.entries(statusCodes)
    .filter(([code, n]) => !code.startsWith('2') && n > 0)
    .sort((a, b) => b[1] - a[1]);
  if (!failed.length) return '0';
  const total = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
  const part = failed.reduce((sum, [, n]) => sum + n, 0) / Math.max(1, total);
  const text = failed.map(([code, n]) => `${code}×${thousands(n)}`).join(', ');
  return share ? `${text} (${fmt(part * 100)} %)` : text;
}

export function clientTable(runs: readonly MixRun[]): string {
  const lines = [
    '| mix | req/s | × health | p50 ms | p99 ms | non-2xx by status | timeouts | CPU ms a request: server / PostgreSQL |',
    '|---|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const r of runs) {
    const nothing = r.url.requests === 0;
    // autocannon's errors include its timeouts; other errors (resets, refused) are shown beside them.
    const others = r.url.errors - r.url.timeouts;
    lines.push(
      `| ${runTitle(r)} | ${fmt(r.url.rps)} | ${fmt(r.ratio, 3)} | ${nothing ? '> run' : fmt(r.url.p50)} | ${nothing ? '> run' : fmt(r.url.p99)} | ${non2xxByStatus(r.url.statusCodes, true)} | ${r.url.timeouts}${others > 0 ? ` (+${others} errors)` : ''} | ${r.cpu ? `${fmt(r.cpu.serverMsPerRequest, 2)} / ${fmt(r.cpu.postgresMsPerRequest, 2)}` : '–'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Server-side p50 / p99 in ms per kind (the `ms` of its request log) over the 2xx responses, with
 * their count, and the count of the others (mostly 503s of load shedding, answered at once).
 */
export function serverTable(runs: readonly MixRun[]): string {
  const kinds = KINDS.filter((k) => runs.some((r) => r.server[k]));
  const lines = [`| mix | ${kinds.map((k) => KIND_LABELS[k]).join(' | ')} |`, `|---|${kinds.map(() => '---:').join('|')}|`];
  for (const r of runs) {
    const cells = kinds.map((k) => {
      const t = r.server[k];
      if (!t) return '';
      const others = t.requests - t.ok;
      const times = t.ok ? `${fmt(t.p50)} / ${fmt(t.p99)}` : '–';
      return `${times} (${thousands(t.ok)}${others ? `; +${thousands(others)} non-2xx` : ''})`;
    });
    lines.push(`| ${runTitle(r)} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Kinds that got non-2xx responses, per run and status, as the server logged them (for a note under the tables). */
export function serverNon2xx(runs: readonly MixRun[]): string[] {
  const out: string[] = [];
  for (const r of runs) {
    for (const k of KINDS) {
      const statuses = r.server[k]?.statuses ?? {};
      const failed = non2xxByStatus(statuses);
      if (failed !== '0') out.push(`${runTitle(r)}: ${KIND_LABELS[k]} ${failed}`);
    }
  }
  return out;
}
