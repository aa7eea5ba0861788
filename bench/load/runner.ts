/**
 * One autocannon run, in its own process so the load generator does not share an event loop
 * (or a CPU slice) with the orchestrator's bookkeeping. Reads a RunSpec as JSON on stdin, writes
 * a RunResult as JSON on stdout. Latency percentiles are computed here from every response time,
 * because autocannon's histogram has no p95. With several origins (instances of the server), one
 * autocannon runs per origin at once and their response times make one distribution.
 */
import autocannon, { type AutocannonClient, type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { seededRandom } from './random';
import { percentile, type RunDraw, type RunResult, type RunSpec } from './spec';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const spec = JSON.parse(await readStdin()) as RunSpec;

  const origins = spec.origins?.length ? spec.origins : [spec.origin];
  for (const each of origins) {
    if (new URL(each).hostname !== '127.0.0.1') throw new Error(`runner: only 127.0.0.1 is allowed, got ${each}`);
  }

  let times = new Float64Array(1 << 16);
  let n = 0;
  const record = (responseTime: number) => {
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = responseTime;
  };
  const started = performance.now();
  // One autocannon per instance, each with its share of the connections and of the request cap.
  const shares = origins.map((each, i) => ({
    origin: each,
    connections: Math.floor(spec.connections / origins.length) + (i < spec.connections % origins.length ? 1 : 0),
  }));
  let firstConnection = 0;
  const runs = await Promise.all(
    shares.map((share) => {
      const first = firstConnection;
      firstConnection += share.connections;
      return runOne(spec, share.origin, share.connections, Math.ceil(spec.maxRequests / origins.length), record, first);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const duration = Math.max(...runs.map((r) => r.duration || seconds), 0.001);
  const sorted = times.subarray(0, n).sort();
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, v] of Object.entries(run.statusCodeStats ?? {})) statusCodes[code] = (statusCodes[code] ?? 0) + Number(v.count);
  }
  const sum = (pick: (r: (typeof runs)[number]) => number) => runs.reduce((total, r) => total + pick(r), 0);
  const result: RunResult = {
    requests: n,
    seconds: +seconds.toFixed(2),
    rps: +(n / duration).toFixed(1),
    p50: +percentile(sorted, 50).toFixed(2),
    p95: +percentile(sorted, 95).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
    max: +(sorted[sorted.length - 1] ?? 0).toFixed(2),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
  };
  process.stdout.write(JSON.stringify(result));
}

/**
 * The one request of a drawing connection: rebuilt before each send with a fresh draw (autocannon's
 * setupRequest), plus the connection's own headers.
 */
function drawing(draw: RunDraw, connection: number): AutocannonRequest {
  const random = seededRandom(draw.seed + connection);
  const total = draw.groups.reduce((sum, g) => sum + g.weight, 0);
  const own = draw.connectionHeaders?.length ? draw.connectionHeaders[connection % draw.connectionHeaders.length] : undefined;
  return {
    setupRequest: (req) => {
      let left = random() * total;
      const group = draw.groups.find((g) => (left -= g.weight) < 0) ?? draw.groups[draw.groups.length - 1]!;
      const chosen = group.requests[Math.floor(random() * group.requests.length)]!;
      return {
        ...req,
        method: chosen.method,
        path: chosen.path,
        headers: { ...req.headers, ...own, ...chosen.headers },
        ...(chosen.body !== undefined ? { body: chosen.body } : {}),
      };
    },
  };
}

/** One autocannon against `origin`; every response time goes to `record`. */
function runOne(
  spec: RunSpec,
  origin: string,
  connections: number,
  maxRequests: number,
  record: (ms: number) => void,
  firstConnection: number,
) {
  // The requests of a connection, with the `origin` header of the instance it talks to (CSRF check).
  const own = spec.clients.map((requests) =>
    requests.map((r) => (r.headers?.origin === spec.origin ? { ...r, headers: { ...r.headers, origin } } : r)),
  );
  let next = 0;
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: spec.durationSeconds,
        maxOverallRequests: Math.max(maxRequests, connections),
        // Slow endpoints (analytics over the whole library) must be measured, not dropped.
        timeout: spec.timeoutSeconds ?? 30,
        setupClient: (client: AutocannonClient) => {
          const connection = next++;
          client.setRequests(spec.draw ? [drawing(spec.draw, firstConnection + connection)] : own[connection % own.length]!);
        },
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => record(responseTime));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
