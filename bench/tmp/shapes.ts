import fs from 'node:fs';
import { readCatalogue } from '../mix/catalogue';
import { Random } from '../mix/random';
import { buildUrls, KINDS, type Kind, type MixUrl } from '../mix/urls';
import { openSession } from '../scale/connection';
import { benchTarget } from '../scale/target';
const log = process.argv[2]!;
const random = new Random(1);
const session = await openSession(benchTarget());
const catalogue = await readCatalogue(session, { seed: 1, ids: 4000, random });
await session.close();
const urls = buildUrls(random, catalogue, { views: 12000, facets: 4000, suggestions: 2000 });
const byKind = new Map<Kind, MixUrl[]>(KINDS.map((k) => [k, urls.filter((u) => u.kind === k)]));
const groups = new Map<string, number[]>();
const slow: [number, string][] = [];
for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
  if (!line.includes('"reqId":"mix.')) continue;
  const j = JSON.parse(line) as { reqId: string; ms: number; status: number };
  const [, , kind, i] = j.reqId.split('.');
  const u = byKind.get(kind as Kind)![Number(i)]!;
  const key = `${kind} ${u.shape.split('+').filter((s) => !/^\d/.test(s)).slice(0, 2).join('+')}`;
  (groups.get(key) ?? groups.set(key, []).get(key)!).push(j.ms);
  slow.push([j.ms, `${j.status} ${u.path}`]);
}
const pct = (a: number[], p: number) => a.sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!;
for (const [k, v] of [...groups].sort((a, b) => pct(b[1], 0.5) - pct(a[1], 0.5))) console.log(k.padEnd(45), v.length, 'p50', pct(v, 0.5), 'p99', pct(v, 0.99));
for (const [ms, u] of slow.sort((a, b) => b[0] - a[0]).slice(0, 30)) console.log(ms, decodeURIComponent(u));
