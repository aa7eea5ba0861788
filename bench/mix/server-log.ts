/**
 * The server's side of a bench:mix run, from its JSON request log (server/http/request-log.ts: one
 * line per request with reqId, route, status and the duration `ms`; written at LOG_LEVEL=info).
 * Every drawn request carries an `X-Request-Id` naming its run and kind (requestId below), which
 * the server keeps and logs, so each line is attributed without guessing from the route.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { percentile } from '../load/spec';
import { KINDS, type Kind } from './urls';

const PREFIX = 'mix';

/** `mix.<run>.<kind>.<index>`: the server accepts [A-Za-z0-9._:-]{1,128} (run ids use no dot). */
export function requestId(run: string, kind: Kind, index: number): string {
  return `${PREFIX}.${run}.${kind}.${index}`;
}

export interface KindTiming {
  /** Every response of the kind, and its 2xx ones. */
  requests: number;
  ok: number;
  /** Of the 2xx responses (a request shed with 503 takes well under a millisecond and would hide the others). */
  p50: number;
  p99: number;
  max: number;
  /** Of every response, 2xx or not. */
  all: { p50: number; p99: number };
  /** Responses by status. */
  statuses: Record<string, number>;
}

export interface ServerLog {
  /** Per run id, per kind. */
  runs: Record<string, Partial<Record<Kind, KindTiming>>>;
  /** Lines at level error or fatal, and the first few (message, path, error type and message). */
  errors: number;
  firstErrors: string[];
}

interface LogLine {
  level?: string;
  msg?: string;
  reqId?: string;
  status?: number;
  ms?: number;
  path?: string;
  err?: { type?: string; message?: string };
}

const KIND_SET = new Set<string>(KINDS);

export async function readServerLog(file: string): Promise<ServerLog> {
  const times = new Map<string, Map<Kind, { ms: number[]; okMs: number[]; statuses: Record<string, number> }>>();
  let errors = 0;
  const firstErrors: string[] = [];
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const text of lines) {
    if (!text.startsWith('{')) continue;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      continue; // a line cut short when the server stopped
    }
    if (line.level === 'error' || line.level === 'fatal') {
      errors++;
      if (firstErrors.length < 3)
        firstErrors.push(`${line.msg ?? ''} ${line.path ?? ''} ${line.err?.type ?? ''} ${line.err?.message ?? ''}`.trim().slice(0, 300));
    }
    if (line.msg !== 'request' || typeof line.ms !== 'number' || !line.reqId?.startsWith(`${PREFIX}.`)) continue;
    const [, run, kind] = line.reqId.split('.');
    if (!run || !kind || !KIND_SET.has(kind)) continue;
    let byKind = times.get(run);
    if (!byKind) times.set(run, (byKind = new Map()));
    let entry = byKind.get(kind as Kind);
    if (!entry) byKind.set(kind as Kind, (entry = { ms: [], okMs: [], statuses: {} }));
    entry.ms.push(line.ms);
    if (typeof line.status === 'number' && line.status >= 200 && line.status < 300) entry.okMs.push(line.ms);
    const status = String(line.status ?? '?');
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  }
  const runs: ServerLog['runs'] = {};
  for (const [run, byKind] of times) {
    const out: Partial<Record<Kind, KindTiming>> = {};
    for (const kind of KINDS) {
      const entry = byKind.get(kind);
      if (!entry) continue;
      const all = Float64Array.from(entry.ms).sort();
      const ok = Float64Array.from(entry.okMs).sort();
      out[kind] = {
        requests: all.length,
        ok: ok.length,
        p50: +percentile(ok, 50).toFixed(1),
        p99: +percentile(ok, 99).toFixed(1),
        max: +(ok[ok.length - 1] ?? 0).toFixed(1),
        all: { p50: +percentile(all, 50).toFixed(1), p99: +percentile(all, 99).toFixed(1) },
        statuses: entry.statuses,
      };
    }
    runs[run] = out;
  }
  return { runs, errors, firstErrors };
}
