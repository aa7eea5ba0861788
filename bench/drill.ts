/**
 * Fault drills: a mixed workload of ~20 signed-in clients against two server instances, on real
 * services the drill starts itself (its own PostgreSQL cluster, redis-server, and s3rver behind a
 * relay), while one dependency at a time goes away and comes back.
 *
 *   npm run build && npm run drill [-- --drills pg-fast,redis] [--seconds 10] [--label run] [--no-write]
 *
 * For each drill: every answer during the fault (a refusal must be a 503 with Retry-After and a
 * French message, within the request deadline: no hang, no 500), the time to full service after
 * the dependency returns (both instances ready and a read, a like and a comment acknowledged),
 * every acknowledged write still there (bench/drill/verify.ts), `check:integrity` clean,
 * `/api/ready` 503 during the fault and 200 after, and the live counts pushed again on every
 * instance (bench/drill/live.ts). Writes bench/baselines/drill-<label>.json and the table of
 * docs/reliability.md; neither with --no-write (the short run of `npm test`). Everything listens
 * on 127.0.0.1 and stops at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { castOf, type DrillCast } from './drill/cast';
import { DRILLS, type DrillName, type Services } from './drill/faults';
import { writeReliabilityTable, summarise, type DrillResult } from './drill/report';
import { Instance, instanceEnv, ObjectStore, PgCluster, RedisServer } from './drill/services';
import { watchLiveCounts } from './drill/live';
import { verifyLedger, integrityClean } from './drill/verify';
import { Balancer, startWorkload } from './drill/workload';
import { freePort } from './load/server';
import { writeBaseline } from './load/report';

const { values: opts } = parseArgs({
  options: {
    drills: { type: 'string', default: Object.keys(DRILLS).join(',') },
    seconds: { type: 'string', default: '10' },
    users: { type: 'string', default: '18' },
    agencies: { type: 'string', default: '2' },
    label: { type: 'string', default: 'run' },
    'no-write': { type: 'boolean', default: false },
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FAULT_MS = Number(opts.seconds) * 1000;
const WARM_MS = 4_000;
const AFTER_MS = 5_000;
const RECOVERY_LIMIT_MS = 60_000;

async function main() {
  if (!fs.existsSync('dist-server/index.js')) throw new Error('dist-server/index.js not found: npm run build first');
  const names = opts.drills.split(',').map((n) => n.trim()) as DrillName[];
  for (const name of names) if (!DRILLS[name]) throw new Error(`unknown drill ${name} (${Object.keys(DRILLS).join(', ')})`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-drill-'));
  console.log(`[drill] services in ${work}`);
  const pg = await PgCluster.start({ maxConnections: 40 });
  const redis = await RedisServer.start();
  const store = await ObjectStore.start();
  const common = instanceEnv(pg, redis, { REDIS_PREFIX: 'drill:', ...store.env });
  const ports = [await freePort(), await freePort()];
  const instances = [0, 1].map(
    (i) =>
      new Instance(
        `instance ${'AB'[i]}`,
        ports[i]!,
        { ...common, DATA_DIR: path.join(work, `data-${i}`), SEED: i === 0 ? 'demo' : 'none' },
        path.join(work, `server-${i}.log`),
      ),
  );
  const services: Services = { pg, redis, store, instances };
  const results: DrillResult[] = [];
  try {
    for (const instance of instances) await instance.up();
    console.log(`[drill] ${instances.map((i) => i.origin).join(' and ')} ready; PostgreSQL :${pg.port}, Redis :${redis.port}`);
    const balancer = new Balancer(instances);
    const cast = await castOf(balancer, Number(opts.users), Number(opts.agencies));

    for (const name of names) {
      const drill = DRILLS[name];
      console.log(`[drill] ${name}: ${drill.title}`);
      const t0 = Date.now();
      const workload = await startWorkload(balancer, cast, t0);
      const live = watchLiveCounts(instances, cast.staffCookie, t0);
      await sleep(WARM_MS);
      const faultStart = Date.now() - t0;
      const readiness = watchReadiness(instances, t0);
      await drill.inject(services);
      await sleep(FAULT_MS);
      const faultEnd = Date.now() - t0;
      await drill.restore(services);
      const restoredAt = Date.now() - t0;
      const recoveredAt = await fullService(balancer, cast, instances, t0);
      await sleep(AFTER_MS);
      await workload.stop();
      await live.stop();
      const ready = readiness.stop();
      const lost = await verifyLedger(pg.url, workload.ledger);
      const integrity = await integrityClean({ ...common, DATA_DIR: path.join(work, 'data-0') });
      const result = summarise({
        name,
        title: drill.title,
        unready: drill.unready,
        answers: workload.answers,
        faultStart,
        faultEnd,
        restoredAt,
        recoveredAt,
        ready,
        livePushes: live.pushes(),
        lost,
        integrity,
      });
      results.push(result);
      console.log(`[drill] ${name}: ${JSON.stringify(result.row)}`);
      for (const line of [...result.failures, ...result.examples]) console.log(`[drill]   ${line}`);
    }
  } finally {
    for (const instance of instances) await instance.kill();
    await store.destroy();
    await redis.destroy();
    pg.destroy();
  }
  if (!opts['no-write']) {
    writeBaseline(`drill-${opts.label}`, {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
      faultSeconds: Number(opts.seconds),
      results,
    });
    writeReliabilityTable(results, { faultSeconds: Number(opts.seconds), clients: Number(opts.users) + Number(opts.agencies) });
  }
  const failed = results.filter((r) => !r.passed);
  console.log(failed.length ? `[drill] FAILED: ${failed.map((r) => r.name).join(', ')}` : '[drill] every drill passed');
  process.exitCode = failed.length ? 1 : 0;
  // The servers' logs of a failed drill are kept: they say why.
  if (failed.length) console.log(`[drill] the instances' logs: ${path.join(work, 'server-0.log')}, ${path.join(work, 'server-1.log')}`);
  else fs.rmSync(work, { recursive: true, force: true });
}

/** /api/ready of each instance every 250 ms: what it said during the fault and after. */
function watchReadiness(instances: Instance[], t0: number) {
  const seen: { at: number; status: number }[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      for (const instance of instances) {
        const status = await fetch(`${instance.origin}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.status,
          () => 0,
        );
        seen.push({ at: Date.now() - t0, status });
      }
      await sleep(250);
    }
  })();
  return {
    stop() {
      on = false;
      void loop;
      return seen;
    },
  };
}

/** When both instances are ready and a read, a like and its undo, and a comment are acknowledged: ms since t0. */
async function fullService(balancer: Balancer, cast: DrillCast, instances: Instance[], t0: number): Promise<number | null> {
  const deadline = Date.now() + RECOVERY_LIMIT_MS;
  const account = cast.probe;
  while (Date.now() < deadline) {
    try {
      const ready = await Promise.all(
        instances.map((i) => fetch(`${i.origin}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok)),
      );
      if (ready.every(Boolean)) {
        const login = await balancer.fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
          timeoutMs: 2_000,
        });
        const cookie = login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0]!)
          .join('; ');
        const id = cast.creativeIds[0]!;
        const steps = [
          () => balancer.fetch(`/api/creatives/${id}`, { headers: { cookie }, timeoutMs: 2_000 }),
          () => balancer.fetch(`/api/creatives/${id}/like`, { method: 'POST', headers: { cookie }, timeoutMs: 2_000 }),
          () => balancer.fetch(`/api/creatives/${id}/like`, { method: 'DELETE', headers: { cookie }, timeoutMs: 2_000 }),
          () =>
            balancer.fetch(`/api/creatives/${id}/comments`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ text: 'Le service est revenu.' }),
              timeoutMs: 2_000,
            }),
        ];
        let ok = login.ok;
        for (const step of steps) if (ok) ok = (await step()).ok;
        if (ok) return Date.now() - t0;
      }
    } catch {
      // not yet
    }
    await sleep(100);
  }
  return null;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
