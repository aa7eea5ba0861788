import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorCode } from '@domain/errors';
import type { Comment } from '@domain/types';
import { folders } from '@server/db/schema';
import { CALLERS, MATRIX, type Caller, type Fixture, type MatrixRow } from './authorization/matrix';
import { storeDigester, type StoreDigest } from './helpers/db-digest';
import { insertCreative, sessionCookieFor, storeTestImage } from './helpers/fixtures';
import { isKnownMessage } from './helpers/known-messages';
import { createTestApp, createUser, TEST_PASSWORD, uniqueEmail, type TestApp } from './helpers/test-app';
import { pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Property-based fuzzing of every route of the authorization matrix (issue 14): hostile strings
 * (NUL, lone surrogates, bidi marks, 1 MiB), wrong types, deep nesting, odd ids and odd query
 * keys, sent by every kind of caller. For every answer: never a 5xx; an error body is the JSON
 * error shape with a message of domain/messages.ts, and shows no stack, SQL or file path; and a
 * 4xx wrote nothing (database rows and media files compared before and after).
 *
 * Seeded: a failure prints the run's seed and how to replay it; FUZZ_SEED=<seed> replays (or,
 * with a new seed, explores) a run, FUZZ_RUNS=<n> sends n requests per route instead of 24.
 * At least 1,000 requests, ~30 s on PGlite.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 14_2026);
/** FUZZ_RUNS raises it to explore further (each route's test timeout grows with it). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 24);
const ROUTE_TIMEOUT_MS = 30_000 * Math.max(1, RUNS_PER_ROUTE / 24);

/** A 1 MiB string that prints as its name in a counterexample (and is sent in full). */
class Big {
  constructor(
    readonly name: string,
    readonly value: string,
  ) {}
  toJSON() {
    return this.value;
  }
  toString() {
    return this.value;
  }
  [fc.toStringMethod]() {
    return `Big(${this.name})`;
  }
}
const MIB = 1024 * 1024;
const BIG = [
  new Big('1 MiB of x', 'x'.repeat(MIB)),
  new Big('1 MiB of NUL', '\u0000'.repeat(MIB)),
  new Big('1 MiB of é', 'é'.repeat(MIB / 2)),
];

/* ── Hostile values ───────────────────────────────────────────────────────────────────────── */

const SPECIAL_TEXT = [
  '',
  ' ',
  '\u0000',
  'Léa\u0000',
  '\ud800',
  'a\udfffb',
  '😀\ud83d',
  '\u202e\u200fשלום',
  '\ufeff\u200b\u2060',
  'e\u0301',
  '\r\n\t',
  '\u001b[31m',
  "' OR '1'='1' --",
  '%_\\',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'Error: boom',
  '__proto__',
];

/** One UTF-16 unit or code point, lone surrogate halves included (fc's 'binary' leaves them out). */
const anyUnit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u0000', '\u202e', '\u200f', '\ufeff'),
);

/** Hostile text of ordinary size (paths and query strings: every route also gets a 1 MiB `q` as an example). */
const hostileWord: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...SPECIAL_TEXT)).map(([a, b]) => a + b + a) },
);

/** Hostile text for bodies, over every limit of the schemas too (2,000+ characters, 1 MiB). */
const hostileText: fc.Arbitrary<string | Big> = fc.oneof(
  { weight: 8, arbitrary: hostileWord },
  { weight: 1, arbitrary: fc.string({ unit: anyUnit, minLength: 2001, maxLength: 6000 }) },
  { weight: 1, arbitrary: fc.constantFrom(...BIG) },
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(null, [], {}, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), hostileText, { maxKeys: 3 }),
  fc.array(fc.array(fc.constant('GIF'), { maxLength: 60 }), { maxLength: 2 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: wrongType });

const DEPTH = 10_000;
/** Bodies sent as they are (not JSON.stringify'd): deep nesting, broken or odd JSON. */
const RAW_BODIES = [
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
  '{"text":' + '['.repeat(DEPTH) + ']'.repeat(DEPTH) + '}',
  '',
  '{',
  'null',
  '"\\u0000"',
  '[1,2',
  'NaN',
  '{"name":"\\ud800"}',
  '{"__proto__":{"role":"admin"},"name":"x"}',
  '\u0000',
];

/** A path segment as a client can send it; a lone surrogate cannot be percent-encoded, U+FFFD stands in. */
const segment = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));

const ODD_IDS = [
  '%00',
  'a%00b',
  '..',
  '%2e%2e%2f',
  'a%2Fb',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C3%A9t%C3%A9',
  '%E2%80%AE%E2%80%8F',
  '-1',
  '0',
  '1e308',
  'null',
  '[object Object]',
  "'%20OR%20'1'%3D'1",
  'x'.repeat(10_000),
  '%F0%9F%98%80',
];
const oddId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_IDS),
  fc.uuid(),
  fc.integer().map(String),
  fc.stringMatching(/^[A-Za-z0-9]{32}$/),
  hostileWord.map(segment),
);

/** A keyset cursor that decodes: base64url JSON of odd keys (NUL, huge and fractional numbers, dates out of range). */
const craftedCursor: fc.Arbitrary<string> = fc
  .oneof(
    fc
      .array(
        fc.oneof(
          hostileWord,
          fc.double(),
          fc.integer(),
          fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 1.5, -0, null, '-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'),
          fc.constantFrom('0001-01-01T00:00:00.000Z', '-004714-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'infinity'),
        ),
        { maxLength: 4 },
      )
      .map((key) => JSON.stringify(key)),
    fc.constantFrom('[1e400,"2026-01-01T00:00:00.000Z","x"]', '["2026-01-01T00:00:00.000Z","a\\u0000"]', '[-1e400,"x"]'),
  )
  .map((json) => Buffer.from(json).toString('base64url'));

const QUERY_KEYS = [
  'q',
  'cursor',
  'sort',
  'format',
  'objective',
  'type',
  'sector',
  'platform',
  'junto',
  'tested',
  'status',
  'role',
  'period',
];
const queryPair = fc.tuple(
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom('q[]', 'format[]', 'q[0]', '__proto__', 'constructor', 'toString', '', '%00') },
    { weight: 1, arbitrary: hostileWord.map(segment) },
  ),
  fc.oneof(
    { weight: 4, arbitrary: hostileWord.map(segment) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%', '%zz', '', 'Statique', 'pending', '30', 'likes', '1') },
    { weight: 2, arbitrary: craftedCursor },
  ),
);
/** Extra query parameters: known and odd keys, repeated keys, array syntax. */
const oddQuery: fc.Arbitrary<string> = fc.array(queryPair, { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/** Session cookie values that are not a session: garbage, a real token with a bad signature or a NUL. */
const forgedSession: fc.Arbitrary<string> = fc.oneof(
  hostileWord.map(segment),
  fc.constantFrom('%00', 'a.b.c', '%ED%A0%80', '"quoted"', 'x'.repeat(10_000)),
  fc.constantFrom('user', 'admin').map((role) => `${sessionToken(role)}%00`),
  fc.constantFrom('user', 'admin').map((role) => sessionToken(role).replace(/\.[^.]*$/, '.AAAA')),
);

/* ── Requests ─────────────────────────────────────────────────────────────────────────────── */

type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'form'; data: unknown; rawData: string | null; media: boolean };

interface RequestSpec {
  caller: Caller;
  /** `:id` (or `:file`) as sent in the path: a real fixture's id, or an odd one. */
  id: string;
  creativeId: string;
  query: string;
  body: BodySpec;
  /** A session cookie value to send instead of the caller's own (forged, tampered, garbage). */
  forgedSession: string | null;
}

/** The valid body of a row, which the fuzzer then spoils field by field. */
function validBody(row: MatrixRow, caller: Caller): Record<string, unknown> | null {
  if (row.body === 'register')
    return { firstName: 'Nina', lastName: 'Roux', email: 'fuzz.register@example.com', password: 'secret1', confirmPassword: 'secret1' };
  if (row.body === 'login')
    return { email: accounts[caller === 'anonymous' ? 'user' : caller]?.email ?? 'x@example.com', password: TEST_PASSWORD };
  if (row.body === 'creativeForm') return { ...VALID_FORM };
  if (row.body === 'forgotPassword') return { email: 'fuzz.oubli@example.com' };
  return row.body ?? null;
}

/** The valid body with some fields replaced by hostile values, some removed, odd keys added. */
function spoiled(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }),
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      fc.dictionary(fc.constantFrom('role', 'status', 'likes', 'id', 'userId', 'constructor', '\u0000'), hostileValue, { maxKeys: 2 }),
    )
    .map(([replaced, removed, extra]) => {
      const body: Record<string, unknown> = { ...valid, ...extra, ...replaced };
      for (const key of removed) delete body[key];
      return body;
    });
}

function bodyFor(row: MatrixRow, caller: Caller): fc.Arbitrary<BodySpec> {
  const valid = validBody(row, caller);
  const raw = fc.constantFrom(...RAW_BODIES).map((text): BodySpec => ({ kind: 'raw', text }));
  const anyJson = hostileValue.map((value): BodySpec => ({ kind: 'json', value }));
  if (row.body === 'creativeForm') {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .record({ data: spoiled(valid!), media: fc.boolean() })
          .map(({ data, media }): BodySpec => ({ kind: 'form', data, rawData: null, media })),
      },
      {
        weight: 1,
        arbitrary: fc
          .record({ rawData: fc.oneof(fc.constantFrom(...RAW_BODIES), hostileText.map(String)), media: fc.boolean() })
          .map(({ rawData, media }): BodySpec => ({ kind: 'form', data: null, rawData, media })),
      },
      { weight: 1, arbitrary: anyJson },
    );
  }
  if (valid)
    return fc.oneof(
      { weight: 5, arbitrary: spoiled(valid).map((value): BodySpec => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: raw },
      { weight: 1, arbitrary: anyJson },
    );
  // Routes without a body still get one sometimes: it must be ignored or refused.
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: anyJson },
  );
}

/** Calls that delete the resource itself: given odd ids only, so the fixtures outlive the run. */
const destroys = (row: MatrixRow) => row.method === 'DELETE' && !row.route.endsWith('/like') && !row.route.includes(':creativeId');

function requestFor(row: MatrixRow): fc.Arbitrary<RequestSpec> {
  const allowed = CALLERS.filter((c) => row.expect[c] < 300);
  const caller = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(allowed.length ? allowed : CALLERS)) },
    { weight: 1, arbitrary: fc.constantFrom(...CALLERS) },
  );
  return caller.chain((who) =>
    fc.record({
      caller: fc.constant(who),
      id:
        row.id && !destroys(row)
          ? fc.oneof({ weight: 1, arbitrary: fc.constant(realId(row.id, who)) }, { weight: 2, arbitrary: oddId })
          : oddId,
      creativeId: fc.oneof(fc.constant(fixtures.approved), oddId),
      query: oddQuery,
      body: row.method === 'GET' ? fc.constant<BodySpec>({ kind: 'none' }) : bodyFor(row, who),
      forgedSession: fc.option(forgedSession, { freq: 8 }),
    }),
  );
}

/* ── The world the requests run in ────────────────────────────────────────────────────────── */

let t: TestApp;
let digest: () => Promise<StoreDigest>;
let last: StoreDigest;
let png: Buffer;
let sessionCookieName: string;
const accounts = {} as Record<Exclude<Caller, 'anonymous'>, { id: string; email: string; cookie: string; folder: string }>;
const fixtures = {} as Record<'approved' | 'pending' | 'comment' | 'mediaFile' | 'otherFolder' | 'target', string>;
let requests = 0;

function realId(fixture: Fixture, caller: Caller): string {
  switch (fixture) {
    case 'approved':
    case 'approvedWithMedia':
    case 'freshApproved':
      return fixtures.approved;
    case 'pendingOfAgency':
    case 'pendingOfOtherAgency':
    case 'freshPending':
      return fixtures.pending;
    case 'comment':
    case 'freshComment':
      return fixtures.comment;
    case 'mediaFile':
    case 'pendingMediaOfAgency':
    case 'pendingMediaOfOtherAgency':
      return fixtures.mediaFile;
    case 'ownFolder':
    case 'ownFolderFiled':
    case 'ownShare':
      return caller === 'anonymous' ? 'none' : accounts[caller].folder;
    case 'otherFolder':
    case 'otherFolderFiled':
    case 'otherShare':
      return fixtures.otherFolder;
    // A share route's `:token` is left as it is: a token none of ours can be (tests/shares.test.ts has the real ones).
    case 'shareOpen':
    case 'shareDownloadable':
    case 'shareLocked':
    case 'shareExpired':
    case 'shareRevoked':
    case 'shareUnknown':
    case 'shareOfOtherFolder':
      return '';
    // Likewise a notification's `:id` (tests/notifications.test.ts marks real ones read).
    case 'ownNotification':
    case 'otherNotification':
      return 'none';
    case 'freshUser':
      return fixtures.target;
    case 'self':
      return caller === 'anonymous' ? 'none' : accounts[caller].id;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['user', 'agency', 'specialist', 'admin'] as const) {
    const user = await createUser(t.deps, { email: uniqueEmail(`fuzz-${role}`), role });
    const [folder] = await t.db.insert(folders).values({ userId: user.id, name: 'Dossier' }).returning();
    accounts[role] = { id: user.id, email: user.email, cookie: await sessionCookieFor(t.deps, user.id), folder: folder!.id };
  }
  const stored = await storeTestImage(t.deps);
  fixtures.mediaFile = stored.name.replace('creatives/', '');
  fixtures.approved = (await insertCreative(t.db, { mediaId: stored.id })).id;
  fixtures.pending = (await insertCreative(t.db, { status: 'pending', submittedBy: accounts.agency.id })).id;
  fixtures.target = (await createUser(t.deps, { email: uniqueEmail('fuzz-target'), role: 'user' })).id;
  fixtures.otherFolder = (await t.db.insert(folders).values({ userId: fixtures.target, name: 'Pas à moi' }).returning())[0]!.id;
  fixtures.comment = (
    await t.request<Comment>('POST', `/api/creatives/${fixtures.approved}/comments`, {
      cookie: accounts.user.cookie,
      body: { text: 'Partagé' },
    })
  ).body.id;
  sessionCookieName = accounts.user.cookie.slice(0, accounts.user.cookie.indexOf('='));
  png = await pngBytes();
  digest = await storeDigester(t.db, t.dataDir);
  last = await digest();
});

afterAll(() => t?.close());

/** The value of a caller's session cookie (`name=token.signature`). */
const sessionToken = (role: 'user' | 'admin') => accounts[role].cookie.slice(accounts[role].cookie.indexOf('=') + 1);

async function cookieFor(row: MatrixRow, spec: RequestSpec): Promise<string | undefined> {
  const { caller } = spec;
  if (spec.forgedSession !== null) return `${sessionCookieName}=${spec.forgedSession}`;
  if (caller === 'anonymous') return undefined;
  // Sign-out ends the session it is given: each call gets a new one, so the caller stays signed in.
  if (row.freshSession === 'session') return sessionCookieFor(t.deps, accounts[caller].id);
  return accounts[caller].cookie;
}

/** The request's body and its headers, as a browser or a script would send them. */
function encode(body: BodySpec): { body?: BodyInit; headers: Record<string, string> } {
  const json = (text: string) => ({
    body: text,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  });
  switch (body.kind) {
    case 'none':
      return { headers: {} };
    case 'raw':
      return json(body.text);
    case 'json':
      return json(JSON.stringify(body.value) ?? 'null');
    case 'form': {
      const form = new FormData();
      form.set('data', body.rawData ?? JSON.stringify(body.data));
      if (body.media) form.set('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'fuzz.png');
      return { body: form, headers: {} };
    }
  }
}

/**
 * One request, in process. The answer's body is read unless it is a stream (the review queue's
 * server-sent events never end): a 2xx is only checked for its status.
 */
async function call(method: string, path: string, cookie: string | undefined, body: BodySpec) {
  const encoded = encode(body);
  const headers = { ...encoded.headers, ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: t.config.publicUrl }) };
  const res = await t.app.request(new URL(path, t.config.publicUrl).toString(), { method, headers, body: encoded.body });
  if (res.status < 400 && !(res.headers.get('content-type') ?? '').includes('json')) {
    await res.body?.cancel();
    return { status: res.status, text: '', json: undefined };
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** What a client may read in an error: no stack, no SQL, no file path, no raw exception. */
const LEAKS =
  /\bat \S+ \(|node_modules|\/work\/|\/tmp\/|\.[cm]?[jt]s:\d+|\bError:|\bSELECT\b|\bINSERT INTO\b|\bUPDATE "|\bDELETE FROM\b|syntax error|relation "|violates|\bpglite\b|\bpostgres\b/i;

async function send(row: MatrixRow, spec: RequestSpec): Promise<void> {
  const [base, baseQuery = ''] = row.route.split('?') as [string, string?];
  const query = [baseQuery, spec.query].filter(Boolean).join('&');
  const path = base.replace(':id', spec.id).replace(':file', spec.id).replace(':creativeId', spec.creativeId) + (query ? `?${query}` : '');
  const cookie = await cookieFor(row, spec);
  const before = row.freshSession === 'session' && cookie ? await digest() : last;
  const res = await call(row.method, path, cookie, spec.body);
  requests += 1;
  const after = await digest();
  last = after;

  const where = `${row.method} ${path.slice(0, 200)} as ${spec.caller} → ${res.status}: ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.text, where).not.toMatch(LEAKS);
  expect(after, `a ${res.status} wrote: ${where}`).toEqual(before);
  // The media route answers a missing file as a plain 404 (an <img> reads it, not the app).
  if (!path.startsWith('/api/')) return;
  const error = (res.json as { error?: { code?: unknown; message?: unknown; fields?: Record<string, unknown> } }).error;
  expect(isErrorCode(error?.code), where).toBe(true);
  expect(ERROR_STATUS[error!.code as keyof typeof ERROR_STATUS], where).toBe(res.status);
  expect(isKnownMessage(error!.message), where).toBe(true);
  for (const message of Object.values(error!.fields ?? {})) expect(isKnownMessage(message), where).toBe(true);
}

/** One row per route (the matrix's variants differ only by fixture), in the matrix's order. */
const ROUTES = [...new Map(MATRIX.map((row) => [`${row.method} ${row.route.split('?')[0]}`, row])).values()];

/** Well-shaped, and the id of nothing. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Cases every route gets, whatever the seed. */
function examplesFor(row: MatrixRow): RequestSpec[] {
  const caller = CALLERS.find((c) => row.expect[c] < 300) ?? 'admin';
  const valid = validBody(row, caller);
  const base = {
    forgedSession: null,
    caller,
    id: !row.id ? '' : destroys(row) ? NO_SUCH_ID : realId(row.id, caller),
    creativeId: fixtures.approved,
    query: '',
    body: { kind: 'none' } as BodySpec,
  };
  const examples: RequestSpec[] = [
    { ...base, query: 'q=%00&cursor=%00&q=%ED%A0%80&format[]=GIF&format=GIF&format=%00' },
    { ...base, query: `q=${'x'.repeat(MIB)}` },
  ];
  if (row.id) examples.push({ ...base, id: '%00' }, { ...base, id: 'x'.repeat(10_000) });
  if (row.method !== 'GET')
    examples.push({ ...base, body: { kind: 'raw', text: RAW_BODIES[0]! } }, { ...base, body: { kind: 'raw', text: RAW_BODIES[1]! } });
  if (valid) {
    const first = Object.keys(valid)[0]!;
    const spoil = (value: unknown): BodySpec =>
      row.body === 'creativeForm'
        ? { kind: 'form', data: { ...valid, [first]: value }, rawData: null, media: false }
        : { kind: 'json', value: { ...valid, [first]: value } };
    examples.push(
      { ...base, body: spoil('\u0000') },
      { ...base, body: spoil('\ud800') },
      { ...base, body: spoil(BIG[0]) },
      { ...base, body: spoil(['x']) },
    );
  }
  return examples;
}

describe('fuzzing every route of the matrix', () => {
  it('compares stores by a digest that sees a write', async () => {
    const before = await digest();
    await t.request('PATCH', '/api/me', { cookie: accounts.user.cookie, body: { firstName: 'Digest', lastName: 'Vu' } });
    expect(await digest()).not.toEqual(before);
    last = await digest();
  });

  ROUTES.forEach((row, index) => {
    it(
      `${row.method} ${row.route}`,
      async () => {
        // Each route has its own seed (SEED + its index) but runs on the database the routes
        // before it left: the whole file is what replays a failure. No shrinking: it would replay
        // requests on a database they have changed, and outrun the test's timeout.
        await fc
          .assert(
            fc.asyncProperty(requestFor(row), (spec) => send(row, spec)),
            {
              seed: SEED + index,
              numRuns: RUNS_PER_ROUTE,
              examples: examplesFor(row).map((spec) => [spec]),
              endOnFailure: true,
            },
          )
          .catch((err: Error) => {
            throw new Error(`Replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS_PER_ROUTE} npx vitest run tests/fuzz.test.ts\n${err.message}`, {
              cause: err,
            });
          });
      },
      ROUTE_TIMEOUT_MS,
    );
  });

  it(`sent at least 1,000 requests (seed ${SEED})`, () => {
    expect(requests).toBeGreaterThanOrEqual(1000);
  });
});
