/**
 * `npm run bench:load -- --scenario overload` (issue 14, defect 7): the black-box probe that found
 * slow gallery queries piling up until a creative and its comments got no answer within 2 s at 50
 * connections, while /api/health kept answering.
 *
 * `--connections` clients (default 50) loop over slow gallery reads — two-letter searches that
 * match nothing, sparse filter combinations, deep pages of filtered views (1.3–1.7 s, ~0.45 s and
 * ~0.15 s a query at 1M creatives here) — on a server started with the shared cache off, so
 * every one reaches the database as a URL nobody asked for in the last 30 s does. Meanwhile a
 * signed-in reader opens a creative and its comments (PROBE_CONNECTIONS, an answer later than
 * PROBE_TIMEOUT_S counts as an error) and one client polls /api/health. Before the load, the
 * probe and health run alone: the floor. Writes bench/baselines/overload-<label>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZE } from '@domain/limits';
import { FORMATS, OBJECTIVES, PLATFORMS, SECTORS, TYPES } from '@domain/vocabulary';
import { encodeCursor } from '@server/services/pagination';
import { lit, openSession, type SqlSession } from '../scale/connection';
import { benchDir, projectRoot, type BenchTarget } from '../scale/target';
import { Api, runLoad } from './client';
import { databaseSize, describeMachine, rowCounts } from './report';
import { RARE_Q } from './scenarios';
import { startServer } from './server';
import type { RunRequest, RunResult, RunSpec } from './spec';

const PROBE_CONNECTIONS = 2;
const PROBE_TIMEOUT_S = 2;
/** The load runs alone this long before the probe starts, so the probe meets it at full height. */
const RAMP_S = 2;

/**
 * Two letters that no name or advertiser of the bench data contains: too short for the trigram
 * index, so the search reads every approved creative (~1.5 s at 1M), as a visitor typing does.
 */
const UNMATCHED_PAIRS = ['qx', 'wq', 'xz', 'kq', 'zx', 'jq'];
/** Filter combinations few creatives have: the ordered index is walked far to fill a page. */
const SPARSE_VIEWS: Record<string, string>[] = [
  { junto: '1', tested: '1', format: 'GIF', platform: 'Pinterest', sort: 'likes' },
  { junto: '1', tested: '1', format: 'GIF', platform: 'Pinterest', sector: 'Beauté' },
  { format: 'GIF', sector: 'Beauté', platform: 'Pinterest', type: 'Témoignage' },
];
/** Filtered gallery views whose deep pages make the keyset scan skip most rows. */
const FILTERED_VIEWS: Record<string, string>[] = [
  { format: 'Vidéo' },
  { sector: 'Beauté', platform: 'TikTok' },
  { format: 'Vidéo', sector: 'Beauté', platform: 'TikTok' },
  { type: 'Témoignage', objective: 'MOFU' },
];
const DEEP_PAGES = [50, 100, 200, 400];
const COLUMN_OF: Record<string, string> = {
  format: 'formats',
  objective: 'objectives',
  type: 'types',
  sector: 'sectors',
  platform: 'platforms',
};
// The views above must use the vocabulary's own values (a typo would make an empty, fast view).
const VOCABULARY: Record<string, readonly string[]> = {
  format: FORMATS,
  objective: OBJECTIVES,
  type: TYPES,
  sector: SECTORS,
  platform: PLATFORMS,
};

const galleryPath = (params: Record<string, string>) => `/api/creatives?${new URLSearchParams(params).toString()}`;

/** The cursor the app hands out at the end of page `page - 1` of a filtered view, or null when the view is shorter. */
async function deepCursor(session: SqlSession, view: Record<string, string>, page: number): Promise<string | null> {
  const filters = Object.entries(view).map(([key, value]) => {
    if (!VOCABULARY[key]?.includes(value)) throw new Error(`overload: ${key}=${value} is not in the vocabulary`);
    return `and ${COLUMN_OF[key]} && array[${lit(value)}]::text[]`;
  });
  const [row] = await session.rows<{ created_at: Date | string; id: string }>(
    `select created_at, id from creatives where status = 'approved' ${filters.join(' ')}
      order by created_at desc, id desc offset ${(page - 1) * PAGE_SIZE - 1} limit 1`,
  );
  return row ? encodeCursor([new Date(row.created_at).toISOString(), row.id]) : null;
}

/** The slow gallery reads, ~40 distinct URLs. */
async function slowGalleryPaths(session: SqlSession): Promise<string[]> {
  const paths: string[] = [];
  for (const pair of UNMATCHED_PAIRS) {
    paths.push(galleryPath({ q: pair }), galleryPath({ q: pair, sort: 'likes' }), galleryPath({ q: pair, format: 'Vidéo' }));
  }
  paths.push(...SPARSE_VIEWS.map(galleryPath));
  for (const view of FILTERED_VIEWS) {
    paths.push(galleryPath({ q: RARE_Q, ...view }));
    for (const page of DEEP_PAGES) {
      const cursor = await deepCursor(session, view, page);
      if (cursor) paths.push(galleryPath({ ...view, cursor }));
    }
  }
  return paths;
}

interface Row {
  name: string;
  connections: number;
  result: RunResult;
}

const count = (r: RunResult, status: string) => r.statusCodes[status] ?? 0;

function table(rows: Row[]): string {
  const lines = [
    '| client | connections | responses | req/s | p50 ms | p99 ms | 2xx | 503 | other non-2xx | errors (timeouts) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, connections, result: r } of rows) {
    const ok = r.requests - r.non2xx;
    lines.push(
      `| ${name} | ${connections} | ${r.requests} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${ok} | ${count(r, '503')} | ${r.non2xx - count(r, '503')} | ${r.errors} (${r.timeouts}) |`,
    );
  }
  return lines.join('\n');
}

export async function runOverloadScenario(options: {
  entry: string;
  target: BenchTarget;
  label: string;
  connections: number;
  durationSeconds: number;
  floorSeconds: number;
  maxRequests: number;
  log: (line: string) => void;
}): Promise<void> {
  const { log, target, connections, durationSeconds, floorSeconds, maxRequests } = options;
  const began = Date.now();

  // Before the server starts (PGlite allows one process): the machine, the data, the slow URLs.
  const session = await openSession(target);
  const machine = await describeMachine(session);
  const rows = await rowCounts(session);
  const size = await databaseSize(session);
  const paths = await slowGalleryPaths(session);
  await session.close();
  if (!rows.creatives) throw new Error('No creatives: run npm run bench:seed first');
  log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, ${machine.os}, node ${machine.node}, ${machine.database}`);
  log(`Data: ${target.label}, ${size}, ${rows.creatives.toLocaleString('en')} creatives; ${paths.length} slow gallery URLs`);

  const server = await startServer({
    entry: options.entry,
    target,
    noCache: true,
    logFile: path.join(os.tmpdir(), `creatheque-bench-overload-${options.label}.log`),
  });
  log(`Server pid ${server.pid} ready in ${server.startupMs} ms on ${server.origin} (shared cache off; log ${server.logFile})`);
  try {
    const api = new Api(server.origin);
    const cookie = await api.login('bench-user@example.com', 'demo1234');
    const home = await api.json<{ items: { id: string; commentCount: number }[] }>('/api/creatives', { cookie });
    const detailId = home.items[0]!.id;
    const commentsId = (home.items.find((c) => c.commentCount > 0) ?? home.items[0]!).id;

    const spec = (clients: RunRequest[][], clientCount: number, seconds: number, timeoutSeconds?: number): RunSpec => ({
      origin: server.origin,
      connections: clientCount,
      durationSeconds: seconds,
      maxRequests,
      clients,
      timeoutSeconds,
    });
    const killAfter = (seconds: number) => (seconds + 60) * 1000;
    const health = (seconds: number) => runLoad(spec([[{ method: 'GET', path: '/api/health' }]], 1, seconds), killAfter(seconds));
    const probe = (seconds: number) =>
      runLoad(
        spec(
          [
            [
              { method: 'GET', path: `/api/creatives/${detailId}`, headers: { cookie } },
              { method: 'GET', path: `/api/creatives/${commentsId}/comments`, headers: { cookie } },
            ],
          ],
          PROBE_CONNECTIONS,
          seconds,
          PROBE_TIMEOUT_S,
        ),
        killAfter(seconds),
      );
    // Connection i starts its loop at its own place in the list, so the URLs in flight differ.
    const galleryClients = Array.from({ length: connections }, (_, i) => {
      const start = (i * 7) % paths.length;
      return [...paths.slice(start), ...paths.slice(0, start)].map((p): RunRequest => ({ method: 'GET', path: p }));
    });

    log(`Floor: health, then the probe, alone (${floorSeconds} s each)`);
    const healthAlone = await health(floorSeconds);
    const probeAlone = await probe(floorSeconds);

    log(`Load: ${connections} connections of slow gallery reads for ${durationSeconds + RAMP_S} s; probe and health after ${RAMP_S} s`);
    const loadRun = runLoad(spec(galleryClients, connections, durationSeconds + RAMP_S), killAfter(durationSeconds + RAMP_S));
    await new Promise((resolve) => setTimeout(resolve, RAMP_S * 1000));
    const [probeUnderLoad, healthUnderLoad, load] = await Promise.all([probe(durationSeconds), health(durationSeconds), loadRun]);

    const results: Row[] = [
      { name: '/api/health alone (floor)', connections: 1, result: healthAlone },
      { name: 'probe: detail + comments, alone', connections: PROBE_CONNECTIONS, result: probeAlone },
      { name: 'slow gallery reads (the load)', connections, result: load },
      { name: 'probe: detail + comments, under load', connections: PROBE_CONNECTIONS, result: probeUnderLoad },
      { name: '/api/health under load', connections: 1, result: healthUnderLoad },
    ];
    const out = {
      label: options.label,
      scenario: 'overload',
      date: new Date().toISOString(),
      machine,
      data: { target: target.label, size, rows },
      options: {
        connections,
        durationSeconds,
        floorSeconds,
        rampSeconds: RAMP_S,
        probeConnections: PROBE_CONNECTIONS,
        probeTimeoutSeconds: PROBE_TIMEOUT_S,
        paths,
      },
      results,
      wallSeconds: Math.round((Date.now() - began) / 1000),
    };
    const file = path.join(benchDir, 'baselines', `overload-${options.label}.json`);
    fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
    log(
      `\n### Overload — ${options.label} (${rows.creatives.toLocaleString('en')} creatives, ${connections} connections of slow gallery reads, ${durationSeconds} s; probe timeout ${PROBE_TIMEOUT_S} s)\n`,
    );
    log(table(results));
    log(`\nWall time ${out.wallSeconds} s. Written ${path.relative(projectRoot, file)}`);
  } finally {
    await server.stop();
  }
}
