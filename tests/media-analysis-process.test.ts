import { afterEach, describe, expect, it } from 'vitest';
import type { Creative, Page } from '@domain/types';
import { renderCreative } from './fixtures/ocr/render-creatives';
import { apiCall, killHard, loginTo, startServer, stopAllServers, type ServerProcess } from './helpers/server-process';
import { creativeForm, VALID_FORM } from './helpers/uploads';

/**
 * The media analysis in the real server process (embedded PGlite, the OCR analyser in its worker
 * thread): a creative is found by a word only its picture shows within 30 s of its submission on an idle
 * server; and the server killed (SIGKILL) in the middle of that creative's job runs it again after its
 * restart, the creative ending with one result.
 */
afterEach(() => stopAllServers());

const METRICS_TOKEN = 'queue-test-metrics-token-0123456789';
const env = { METRICS_TOKEN, MEDIA_ANALYSIS_WORKERS: '1' };

const picture = () =>
  renderCreative({
    width: 1080,
    height: 1080,
    background: { kind: 'plain', color: '#ffffff' },
    blocks: [{ lines: ['Livraison offerte', 'Parapluies pliants'], size: 96, color: '#111111', top: 0.35 }],
  });

async function submit(server: ServerProcess, cookie: string, bytes: Buffer): Promise<string> {
  const form = creativeForm(VALID_FORM, { bytes, name: 'affiche.png', type: 'image/png' });
  const res = await apiCall(server.baseUrl, cookie, 'POST', '/api/creatives', form);
  expect(res.status).toBe(201);
  return res.body!.id!;
}

async function searchIds(server: ServerProcess, q: string): Promise<string[]> {
  const res = await fetch(`${server.baseUrl}/api/creatives?q=${encodeURIComponent(q)}`);
  const page = (await res.json()) as Page<Creative>;
  return page.items.map((c) => c.id);
}

/** The analysis jobs by state, as /api/metrics gives them. */
async function jobs(server: ServerProcess): Promise<Record<string, number>> {
  const res = await fetch(`${server.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const depth: Record<string, number> = {};
  for (const match of text.matchAll(/^media_analysis_jobs\{state="(\w+)"\} (\d+)/gm)) depth[match[1]!] = Number(match[2]);
  return depth;
}

async function until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`toujours pas après ${timeoutMs} ms : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('media analysis in the server process (PGlite, OCR)', () => {
  it('an approved creative is found by a word of its picture within 30 s of its submission', { timeout: 180_000 }, async () => {
    const server = await startServer({ env });
    const staff = await loginTo(server.baseUrl, 'specialiste@example.com');
    const bytes = await picture();
    const submitted = performance.now();
    const id = await submit(server, staff, bytes);
    await until('trouvée par « parapluies »', async () => (await searchIds(server, 'parapluies')).includes(id), 30_000);
    const seconds = (performance.now() - submitted) / 1000;
    process.stdout.write(`trouvée par un mot de son image ${seconds.toFixed(1)} s après son envoi\n`);
    const page = await fetch(`${server.baseUrl}/api/creatives/${id}`).then((r) => r.json() as Promise<Creative>);
    expect(page.mediaText?.toLowerCase()).toContain('parapluies');
  });

  it('killed in the middle of a job, the server runs it again after its restart: one result', { timeout: 240_000 }, async () => {
    const first = await startServer({ env });
    const staff = await loginTo(first.baseUrl, 'specialiste@example.com');
    const id = await submit(first, staff, await picture());
    await until('job en cours', async () => (await jobs(first)).active === 1, 20_000, 10);
    await killHard(first.child);
    const second = await startServer({ dataDir: first.dataDir, env });
    await until('trouvée après le redémarrage', async () => (await searchIds(second, 'parapluies')).includes(id), 90_000);
    await until(
      'file vide',
      async () => {
        const depth = await jobs(second);
        return depth.created === 0 && depth.retry === 0 && depth.active === 0;
      },
      30_000,
    );
    const page = await fetch(`${second.baseUrl}/api/creatives/${id}`).then((r) => r.json() as Promise<Creative>);
    const lines = (page.mediaText ?? '').split('\n').filter((line) => /livraison/i.test(line));
    expect(lines).toHaveLength(1);
    // A word the demo's pictures do not show (theirs are searchable too): this creative alone, once.
    expect(await searchIds(second, 'parapluies')).toEqual([id]);
  });
});
