/** What the orchestrator asks a runner process for, and what the runner answers (JSON on stdout). */
export interface RunRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Requests drawn at random, one draw per request: a group by its weight, then one of the group's
 * requests, each equally likely (bench:mix). Connection i draws with seededRandom(seed + i).
 */
export interface RunDraw {
  groups: { weight: number; requests: RunRequest[] }[];
  seed: number;
  /** Headers added to every request of connection i: connectionHeaders[i % length] (one signed-in user per connection). */
  connectionHeaders?: Record<string, string>[];
}

export interface RunSpec {
  /** http://127.0.0.1:<port>; the runner refuses any other host. */
  origin: string;
  /**
   * Several instances of the server (--instances): the connections are split evenly between these
   * origins (one autocannon per origin, all response times in one distribution), and an `origin`
   * header equal to `origin` is sent as the instance's own. Default: [origin].
   */
  origins?: string[];
  connections: number;
  durationSeconds: number;
  /** Hard cap on requests, whatever the duration. */
  maxRequests: number;
  /** Request sequences; connection i loops over clients[i % clients.length]. */
  clients: RunRequest[][];
  /** When set, every request is drawn from it instead (`clients` is then ignored). */
  draw?: RunDraw;
  /** A response not complete by then counts as a timeout (default 30 s) and its connection is reopened. */
  timeoutSeconds?: number;
}

export interface RunResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}
