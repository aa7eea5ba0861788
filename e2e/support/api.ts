import sharp from 'sharp';
import type { Creative, Folder, Page } from '@domain/types';
import type { CreativeInput } from '@/gateway/types';
import { VALID_FORM } from '../../tests/helpers/uploads';
import { baseUrl, DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole } from './browser';

/**
 * Data set-up through the real API, for journeys that need creatives whatever the demo seed holds.
 * Every state-changing request carries the app's Origin (the server's CSRF check).
 */

export interface ApiSession {
  cookie: string;
}

function headers(session: ApiSession | null, extra: Record<string, string> = {}): Record<string, string> {
  return { origin: baseUrl(), ...(session ? { cookie: session.cookie } : {}), ...extra };
}

async function expectOk(res: Response, what: string): Promise<void> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text().catch(() => '')}`);
}

/** Signs in through POST /api/auth/login (counts against the sign-in rate limit: once per file). */
export async function apiLogin(role: DemoRole): Promise<ApiSession> {
  return apiLoginAs(DEMO_ACCOUNTS[role], DEMO_PASSWORD);
}

export async function apiLoginAs(email: string, password: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: headers(null, { 'content-type': 'application/json' }),
    body: JSON.stringify({ email, password }),
  });
  await expectOk(res, `login ${email}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`login ${email}: no session cookie`);
  return { cookie };
}

export async function apiJson<T>(session: ApiSession | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: headers(session, body === undefined ? {} : { 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await expectOk(res, `${method} ${path}`);
  return (await res.json()) as T;
}

/** A small solid-colour PNG. */
export async function makePng(rgb: { r: number; g: number; b: number }, width = 320, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: rgb } })
    .png()
    .toBuffer();
}

/** The submit form's fields (tests/helpers/uploads.ts VALID_FORM fills the others); a name is required. */
export type CreativeData = Partial<CreativeInput> & { name: string };

/** The journeys' defaults over the shared valid form. */
const E2E_FORM: CreativeInput = { ...VALID_FORM, advertiser: 'Annonceur QA', type: ['Humour'] };

const PALETTE = [
  { r: 99, g: 102, b: 241 },
  { r: 244, g: 114, b: 182 },
  { r: 34, g: 197, b: 94 },
  { r: 251, g: 191, b: 36 },
  { r: 14, g: 165, b: 233 },
  { r: 239, g: 68, b: 68 },
];

/** A media file to upload instead of the default PNG (e.g. a video clip). */
export interface MediaFile {
  buffer: Buffer;
  type: string;
  name: string;
}

/** POST /api/creatives (multipart: `data` JSON + `media`, a PNG unless given). Staff submissions are approved at once. */
export async function submitCreative(session: ApiSession, data: CreativeData, index = 0, media?: MediaFile): Promise<Creative> {
  const body = new FormData();
  body.set('data', JSON.stringify({ ...E2E_FORM, ...data }));
  const file = media ?? { buffer: await makePng(PALETTE[index % PALETTE.length]!), type: 'image/png', name: 'creative.png' };
  body.set('media', new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl()}/api/creatives`, { method: 'POST', headers: headers(session), body });
  await expectOk(res, `submit ${data.name}`);
  return (await res.json()) as Creative;
}

/** Every approved creative of the gallery (visitor view), following the cursors. */
export async function listApproved(query = ''): Promise<Creative[]> {
  const all: Creative[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    if (cursor) params.set('cursor', cursor);
    const page: Page<Creative> = await apiJson<Page<Creative>>(null, 'GET', `/api/creatives?${params}`);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/**
 * Makes sure the gallery holds at least `min` approved creatives (the demo seed normally does;
 * until it lands, the missing ones are submitted by `session`, a specialist or admin).
 */
export async function ensureApprovedCreatives(session: ApiSession, min: number, prefix = 'Créa QA'): Promise<number> {
  const existing = (await listApproved()).length;
  for (let i = existing; i < min; i++) {
    await submitCreative(session, { name: `${prefix} ${i + 1}`, advertiser: 'Annonceur QA' }, i);
  }
  return Math.max(existing, min);
}

/** A unique suffix for names created by one run of one file. */
export function runTag(): string {
  return Math.random().toString(36).slice(2, 7);
}

/**
 * Deletes the session's folders whose name contains `mark` (a file's run tag): the demo accounts are
 * shared by every journey of a run, and another journey may count their folders.
 */
export async function deleteFoldersMarked(session: ApiSession, mark: string): Promise<void> {
  for (const folder of await apiJson<Folder[]>(session, 'GET', '/api/folders')) {
    if (folder.name.includes(mark)) await apiJson(session, 'DELETE', `/api/folders/${folder.id}`);
  }
}
