/** Machine description, row counts, and the Markdown table of a load run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir } from '../scale/target';
import type { SqlSession } from '../scale/connection';
import type { RunResult } from './spec';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  os: string;
  node: string;
  database: string;
}

export async function describeMachine(session: SqlSession): Promise<Machine> {
  const [v] = await session.rows<{ version: string }>('select version() as version');
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  let distro = `${os.type()} ${os.release()}`;
  try {
    const rel = fs.readFileSync('/etc/os-release', 'utf8');
    distro = /^PRETTY_NAME="?([^"\n]+)/m.exec(rel)?.[1] ?? distro;
  } catch {
    // not Linux: keep the kernel name
  }
  return {
    cpu,
    cores: os.cpus().length,
    ramGb: Math.round(os.totalmem() / 1024 ** 3),
    os: distro,
    node: process.version,
    database: (v?.version ?? 'unknown').split(',')[0]!,
  };
}

const COUNTED = ['user', 'creatives', 'creative_likes', 'comments', 'comment_likes', 'folders', 'folder_creatives'] as const;

export async function rowCounts(session: SqlSession): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of COUNTED) {
    const [row] = await session.rows<{ n: string }>(`select count(*) as n from "${t}"`);
    counts[t] = Number(row?.n ?? 0);
  }
  const [approved] = await session.rows<{ n: string }>(`select count(*) as n from creatives where status = 'approved'`);
  counts.approved_creatives = Number(approved?.n ?? 0);
  return counts;
}

export async function databaseSize(session: SqlSession): Promise<string> {
  const [row] = await session.rows<{ size: string }>(`select pg_size_pretty(pg_database_size(current_database())) as size`);
  return row?.size ?? '?';
}

export interface ScenarioResult {
  name: string;
  path: string;
  who: string;
  health: RunResult;
  url: RunResult;
  /** url.rps / health.rps, measured one right after the other. */
  ratio: number;
  /** Time for the server to drain after the run (see settle in load.ts). */
  settleMs: number;
}

export interface SequentialResult {
  name: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  statuses: number[];
  runs: number;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export function markdownTable(results: ScenarioResult[], sequential: SequentialResult[]): string {
  const seq = new Map(sequential.map((s) => [s.name, s]));
  const lines = [
    '| URL | as | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors | × health | health req/s | sequential median ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const s = seq.get(r.name);
    if (r.url.requests === 0) {
      // Not one response within the run: latencies are unknown, only "longer than the run".
      lines.push(
        `| ${r.name} | ${r.who} | 0 | > run | > run | > run | ${r.url.non2xx} | ${r.url.errors} | 0 | ${fmt(r.health.rps, 0)} | ${s ? fmt(s.medianMs) : ''} |`,
      );
      continue;
    }
    lines.push(
      `| ${r.name} | ${r.who} | ${fmt(r.url.rps)} | ${fmt(r.url.p50)} | ${fmt(r.url.p95)} | ${fmt(r.url.p99)} | ${r.url.non2xx} | ${r.url.errors} | ${fmt(r.ratio, 3)} | ${fmt(r.health.rps, 0)} | ${s ? fmt(s.medianMs) : ''} |`,
    );
  }
  return lines.join('\n');
}

/** Writes a run's figures to bench/baselines/<name>.json and returns the file's path. */
export function writeBaseline(name: string, figures: unknown): string {
  const file = path.join(benchDir, 'baselines', `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(figures, null, 2) + '\n');
  return file;
}
