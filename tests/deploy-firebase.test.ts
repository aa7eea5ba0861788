import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../server/http/security-headers';
// @ts-expect-error -- plain Node ESM script without declarations
import { DEPLOY_TARGETS, deployPlan, hostingConnectSources } from '../scripts/firebase/deploy.mjs';

/**
 * The Firebase hosting configuration (firebase.json) and `npm run deploy:firebase`'s plan: the
 * same security headers as the self-hosted server, the SPA rewrite, hashed assets cached for good.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firebaseJson = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
type HeaderRule = { source: string; headers: { key: string; value: string }[] };
const rules: HeaderRule[] = firebaseJson.hosting.headers;

/** Firebase Hosting's glob for our two patterns, and its merge: the last matching rule wins a header. */
function hostingHeaders(urlPath: string): Map<string, string> {
  const matches = (source: string) => source === '**' || (source.endsWith('/**') && urlPath.startsWith(source.slice(0, -2)));
  const out = new Map<string, string>();
  for (const rule of rules.filter((r) => matches(r.source))) for (const h of rule.headers) out.set(h.key.toLowerCase(), h.value);
  return out;
}

async function selfHostedHeaders(urlPath: string): Promise<Map<string, string>> {
  const app = new Hono();
  app.use('*', securityHeaders('https://creatheque.example'));
  app.get('*', (c) => c.text(''));
  const res = await app.request(urlPath);
  return new Map([...res.headers].filter(([k]) => k !== 'content-type'));
}

describe('firebase.json hosting', () => {
  it('serves index.html for every client route (SPA rewrite)', () => {
    expect(firebaseJson.hosting.public).toBe('dist');
    expect(firebaseJson.hosting.rewrites).toEqual([{ source: '**', destination: '/index.html' }]);
  });

  it('caches hashed assets for a year, immutable, and revalidates the page', () => {
    expect(hostingHeaders('/assets/index-3f2a9c.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hostingHeaders('/').get('cache-control')).toBe('no-cache');
    expect(hostingHeaders('/creatives/abc').get('cache-control')).toBe('no-cache');
  });

  it("sends the self-hosted server's security headers on pages, the CSP letting the browser reach Firebase only", async () => {
    const expected = await selfHostedHeaders('/');
    const actual = hostingHeaders('/creatives/abc');
    for (const [key, value] of expected) {
      if (key === 'content-security-policy') continue;
      expect(actual.get(key), key).toBe(value);
    }
    const directives = (csp: string) =>
      new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...v]) => [name, v]),
      );
    const selfHosted = directives(expected.get('content-security-policy')!);
    const hosting = directives(actual.get('content-security-policy')!);
    expect([...hosting.keys()].sort()).toEqual([...selfHosted.keys()].sort());
    for (const [name, values] of selfHosted)
      if (name !== 'connect-src' && name !== 'script-src') expect(hosting.get(name), name).toEqual(values);
    // The submit page's OCR (Firebase mode only, docs/firebase.md) compiles tesseract's WebAssembly in its worker.
    expect(hosting.get('script-src')).toEqual([...selfHosted.get('script-src')!, "'wasm-unsafe-eval'"]);
    expect(hostingConnectSources(firebaseJson)).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firebasestorage.googleapis.com',
    ]);
  });
});

describe('npm run deploy:firebase', () => {
  const env = { VITE_FIREBASE_PROJECT_ID: 'creatheque-prod', VITE_FIREBASE_API_KEY: 'AIza-test' };

  it('builds the Firebase web app, then deploys rules, indexes and hosting to the build’s project', () => {
    const { problems, steps } = deployPlan({ env, argv: [], firebaseJson });
    expect(problems).toEqual([]);
    expect(steps).toEqual([
      { command: 'npx', args: ['vite', 'build'], env: { VITE_BACKEND: 'firebase' } },
      { command: 'npx', args: ['firebase', 'deploy', '--only', DEPLOY_TARGETS, '--project', 'creatheque-prod'], env: {} },
    ]);
    expect(DEPLOY_TARGETS).toBe('firestore:rules,firestore:indexes,storage,hosting');
    expect(deployPlan({ env, argv: ['--project', 'staging', '--only', 'hosting'], firebaseJson }).steps[1].args).toEqual([
      'firebase',
      'deploy',
      '--only',
      'hosting',
      '--project',
      'staging',
    ]);
  });

  it('refuses a build without its project, one pointed at the emulators, and webhooks the CSP would block', () => {
    expect(deployPlan({ env: {}, argv: [], firebaseJson }).problems).toEqual([
      expect.stringContaining('VITE_FIREBASE_PROJECT_ID'),
      expect.stringContaining('VITE_FIREBASE_API_KEY'),
    ]);
    expect(deployPlan({ env: { ...env, VITE_FIREBASE_EMULATORS: '1' }, argv: [], firebaseJson }).problems).toEqual([
      expect.stringContaining('emulators'),
    ]);
    const hooks = { ...env, VITE_SUBMISSION_WEBHOOK_URL: 'https://hooks.example.com/creative' };
    expect(deployPlan({ env: hooks, argv: [], firebaseJson }).problems).toEqual([expect.stringContaining('https://hooks.example.com')]);
  });
});
