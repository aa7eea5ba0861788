/**
 * One autocannon run, in its own process so the load generator does not share an event loop
 * (or a CPU slice) with the orchestrator's bookkeeping. Reads a RunSpec as JSON on stdin, writes
 * a RunResult as JSON on stdout. Latency percentiles are computed here from every response time,
 * because autocannon's histogram has no p95.
 */
import autocannon, { type AutocannonClient } from 'autocannon';
import { percentile, type RunResult, type RunSpec } from './spec';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const spec = JSON.parse(await readStdin()) as RunSpec;
  const origin = new URL(spec.origin);
  if (origin.hostname !== '127.0.0.1') throw new Error(`runner: only 127.0.0.1 is allowed, got ${origin.hostname}`);

  let times = new Float64Array(1 << 16);
  let n = 0;
  let next = 0;
  const started = performance.now();
  const result = await new Promise<RunResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections: spec.connections,
        duration: spec.durationSeconds,
        maxOverallRequests: Math.max(spec.maxRequests, spec.connections),
        // Slow endpoints (analytics over the whole library) must be measured, not dropped.
        timeout: spec.timeoutSeconds ?? 30,
        setupClient: (client: AutocannonClient) => {
          const requests = spec.clients[next++ % spec.clients.length]!;
          client.setRequests(requests);
        },
      },
      (err, res) => {
        if (err) return reject(err);
        const seconds = (performance.now() - started) / 1000;
        const sorted = times.subarray(0, n).sort();
        const statusCodes: Record<string, number> = {};
        for (const [code, v] of Object.entries(res.statusCodeStats ?? {})) statusCodes[code] = Number(v.count);
        resolve({
          requests: n,
          seconds: +seconds.toFixed(2),
          rps: +(n / Math.max(res.duration || seconds, 0.001)).toFixed(1),
          p50: +percentile(sorted, 50).toFixed(2),
          p95: +percentile(sorted, 95).toFixed(2),
          p99: +percentile(sorted, 99).toFixed(2),
          max: +(sorted[sorted.length - 1] ?? 0).toFixed(2),
          non2xx: res.non2xx,
          errors: res.errors,
          timeouts: res.timeouts,
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (n === times.length) {
        const bigger = new Float64Array(times.length * 2);
        bigger.set(times);
        times = bigger;
      }
      times[n++] = responseTime;
    });
  });
  process.stdout.write(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
