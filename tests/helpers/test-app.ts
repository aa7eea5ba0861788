import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ErrorCode, FieldErrors } from '@domain/errors';
import type { Role } from '@domain/roles';
import type { User } from '@domain/types';
import { createApp, type App } from '@server/app';
import { openDatabase, type Database, type Db } from '@server/db/client';
import type { Capacity } from '@server/db/load-shedding';
import { createAccount, DEMO_PASSWORD } from '@server/db/seed/accounts';
import { buildDeps } from '@server/deps/build-deps';
import { parseEnv, toConfig, type ServerConfig } from '@server/env';
import type { Deps } from '@server/http/context';
import type { Mailer } from '@server/mail/mailer';
import { mediaStoreOf } from '@server/media/media-store-of';
import type { RedisLink } from '@server/redis/redis-link';
import type { MediaAnalyser } from '@server/analysis/media-analyser';
import { startJobQueue, type JobQueue } from '@server/analysis/queue/job-queue';
import { startMediaAnalysis, type MediaAnalysis } from '@server/analysis/queue/media-analysis';
import type { WebhookSender } from '@server/services/webhooks';

/**
 * The real server, in process, on a fresh database: in-memory PGlite by default, or a brand-new
 * database `creatheque_test_<random>` on the PostgreSQL server of DATABASE_URL (dropped by close()).
 * Requests go through `app.request()` (no socket, no port).
 */

export const TEST_SECRET = 'test-secret-'.padEnd(40, 'x');
export const TEST_PASSWORD = DEMO_PASSWORD;

export interface TestAppOptions {
  /**
   * Extra environment variables for the server config (REGISTRATION_WEBHOOK_URL, PUBLIC_URL…;
   * MEDIA_STORE=s3 and S3_* for media in a bucket: tests/helpers/s3-server.ts `env`).
   */
  env?: Record<string, string | undefined>;
  /** Replaces the real fire-and-forget webhook sender (record calls, simulate failures). */
  webhooks?: WebhookSender;
  /** Serve a built web app from this directory as well (default: API only). */
  distDir?: string;
  /** Use this PostgreSQL server instead of process.env.DATABASE_URL; `null` forces PGlite. */
  databaseUrl?: string | null;
  /** The clock of the rate limits (tests/rate-limits.test.ts moves it instead of waiting). */
  now?: () => number;
  /** Share what several instances share through this Redis (the caller closes it). */
  redis?: RedisLink;
  /**
   * A second server instance on the database of `instanceOf` (PGlite opens once per process, so
   * the Db object is shared); its close() leaves that database to `instanceOf`'s.
   */
  instanceOf?: TestApp;
  /** Where e-mails go (tests/helpers/smtp-server.ts: createMailer({ smtpUrl: sink.url, … })); default: the temp DATA_DIR's outbox. */
  mailer?: Mailer;
  /** Overrides figures of the database's capacity (load-shedding.ts): a tiny one makes the expensive reads refuse soon. */
  capacity?: Partial<Capacity>;
  /**
   * Runs the media-analysis queue on the test's database, its jobs read by this analyser (closed by
   * close()); without it nothing is queued.
   */
  mediaAnalysis?: { analyser: MediaAnalyser; retryDelaySeconds?: number };
}

export interface RequestOptions {
  /** Plain objects are sent as JSON; strings, Buffers, FormData and Blobs as they are. */
  body?: unknown;
  /** A Cookie header value, e.g. the string returned by login(). */
  cookie?: string;
  headers?: Record<string, string>;
  /**
   * Origin header. Browsers send it on every POST/PATCH/PUT/DELETE made with fetch, so by
   * default unsafe methods carry the app's own origin; pass null to send none.
   */
  origin?: string | null;
}

/** `{ user }`: the answer of /api/auth/register, /login, /session (signed in) and /api/me. */
export interface UserBody {
  user: User;
}

/**
 * An error answer (domain/errors.ts ErrorBody) as tests read it: `fields` is typed as present
 * because a test reads it only where it expects field messages.
 */
export interface ApiError {
  error: { code: ErrorCode; message: string; fields: FieldErrors; requestId?: string };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
  text: string;
  bytes: Buffer;
  /** Raw Set-Cookie header values. */
  setCookies: string[];
  /** The Set-Cookie values as a Cookie header ('' when none sets a value). */
  cookie: string;
}

export interface SignUpInput {
  email?: string;
  password?: string;
  confirmPassword?: string;
  firstName?: string;
  lastName?: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
}

export interface TestApp {
  app: App;
  deps: Deps;
  db: Db;
  config: ServerConfig;
  database: Database;
  /** The media-analysis queue (options.mediaAnalysis), or null. */
  queue: JobQueue | null;
  /** Temp DATA_DIR (media store inside), removed by close(). */
  dataDir: string;
  /** `T`: the body's expected shape, not checked at run time (`t.request<Creative>('GET', …)`). */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** POST /api/auth/login; returns the session as a Cookie header value. Throws unless 200. */
  login(email: string, password?: string): Promise<string>;
  /** POST /api/auth/register with valid defaults (unique e-mail); throws unless 201. */
  signUp(input?: SignUpInput): Promise<{ user: User; cookie: string; email: string; password: string }>;
  /** Creates an account with that role (createUser) and logs it in. */
  loginAs(role: Role, input?: { email?: string; firstName?: string; lastName?: string }): Promise<{ user: TestUser; cookie: string }>;
  close(): Promise<void>;
}

let counter = 0;
/** A unique, valid, lower-case e-mail address. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** Turns Set-Cookie values into a Cookie header value, skipping cookies being cleared. */
export function cookieHeader(setCookies: string[]): string {
  const pairs: string[] = [];
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const cleared =
      value === '' ||
      attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) ||
      attributes.some((a) => {
        const m = /^\s*expires\s*=(.*)$/i.exec(a);
        return m ? Date.parse(m[1]!.trim()) <= Date.now() : false;
      });
    if (!cleared) pairs.push(`${name}=${value}`);
  }
  return pairs.join('; ');
}

/** Creates an account through better-auth (real hash, password 'demo1234') and gives it a role. */
export async function createUser(
  deps: Deps,
  input: { email: string; role: Role; firstName?: string; lastName?: string; password?: string },
): Promise<TestUser> {
  const account = {
    email: input.email.trim().toLowerCase(),
    role: input.role,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? input.role.charAt(0).toUpperCase() + input.role.slice(1),
    password: input.password ?? DEMO_PASSWORD,
  };
  const id = await createAccount(deps.db, deps.auth.betterAuth, account);
  return { id, ...account };
}

/**
 * Opens a fresh database for one test app: PGlite in memory, or a new PostgreSQL database with
 * the server's statement timeout (PGlite has none).
 */
async function openTestDatabase(
  databaseUrl: string | undefined,
  statementTimeoutMs: number,
): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (!databaseUrl) {
    const database = await openDatabase({});
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(databaseUrl);
  const url = scratch.url;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, statementTimeoutMs });
  } catch (err) {
    await scratch.drop().catch(() => {});
    throw err;
  }
  return {
    database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database `creatheque_test_<random>` on the PostgreSQL server of `serverUrl`; drop() removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `creatheque_test_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // pool.end() resolves once its clients are told to end, not once their sockets are closed: a
    // FORCE drop right away can terminate one of them, whose 57P01 then surfaces as an uncaught
    // error in the next test file. Wait (bounded) for the sessions to go first.
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * The request body; a text or JSON body also gets the Content-Length a client sends over HTTP
 * (in-process requests have none, and the JSON body limit reads it: server/http/limits/json-body-limit.ts).
 */
function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body as BodyInit;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (typeof body !== 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  if (!headers.has('content-length') && !headers.has('transfer-encoding')) headers.set('content-length', String(Buffer.byteLength(text)));
  return text;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'creatheque-test-'));
  const databaseUrl = options.databaseUrl === null ? undefined : (options.databaseUrl ?? process.env.DATABASE_URL);
  let config: ServerConfig;
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  try {
    config = toConfig(parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'none', CATALOGUE_POLL_MS: '0', ...options.env }));
    const shared = options.instanceOf?.database;
    opened = shared
      ? { database: shared, dispose: () => Promise.resolve() }
      : await openTestDatabase(databaseUrl || undefined, config.env.DB_STATEMENT_TIMEOUT_MS);
  } catch (err) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { database } = opened;

  const queue = options.mediaAnalysis
    ? await startJobQueue({
        sql: database.sql,
        sole: database.kind === 'pglite',
        retryDelaySeconds: options.mediaAnalysis.retryDelaySeconds,
      })
    : null;
  const deps = buildDeps({
    db: database.db,
    config,
    secret: TEST_SECRET,
    media: mediaStoreOf(config),
    webhooks: options.webhooks,
    now: options.now,
    capacity: { ...database.capacity, ...options.capacity },
    redis: options.redis,
    mailer: options.mailer,
    analysis: queue,
  });
  const analysis: MediaAnalysis | null = queue ? await startMediaAnalysis(deps, queue, options.mediaAnalysis!.analyser) : null;
  // The web app's pages are rendered by its sources' server entry (the build's own in production).
  const renderer = options.distDir ? (await import('../../src/entry-server')).renderer : null;
  const app = createApp(deps, options.distDir ? { distDir: options.distDir, renderer } : {});

  async function request<T = unknown>(method: string, urlPath: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
    const upper = method.toUpperCase();
    const headers = new Headers(opts.headers);
    if (opts.cookie) headers.set('cookie', opts.cookie);
    const origin = opts.origin === undefined ? (['GET', 'HEAD', 'OPTIONS'].includes(upper) ? null : config.publicUrl) : opts.origin;
    if (origin && !headers.has('origin')) headers.set('origin', origin);
    const body = encodeBody(opts.body, headers);
    const res = await app.request(new URL(urlPath, config.publicUrl).toString(), { method: upper, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const setCookies = res.headers.getSetCookie();
    return { status: res.status, headers: res.headers, body: parsed as T, text, bytes, setCookies, cookie: cookieHeader(setCookies) };
  }

  async function login(email: string, password: string = DEMO_PASSWORD): Promise<string> {
    const res = await request('POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200 || !res.cookie) {
      throw new Error(`login(${email}) failed: ${res.status} ${res.text}`);
    }
    return res.cookie;
  }

  async function signUp(input: SignUpInput = {}) {
    const email = input.email ?? uniqueEmail();
    const password = input.password ?? DEMO_PASSWORD;
    const res = await request<UserBody>('POST', '/api/auth/register', {
      body: {
        firstName: input.firstName ?? 'Alex',
        lastName: input.lastName ?? 'Durand',
        email,
        password,
        confirmPassword: input.confirmPassword ?? password,
      },
    });
    if (res.status !== 201 || !res.cookie) throw new Error(`signUp(${email}) failed: ${res.status} ${res.text}`);
    return { user: res.body.user, cookie: res.cookie, email, password };
  }

  async function loginAs(role: Role, input: { email?: string; firstName?: string; lastName?: string } = {}) {
    const user = await createUser(deps, { ...input, email: input.email ?? uniqueEmail(role), role });
    return { user, cookie: await login(user.email, user.password) };
  }

  let closed = false;
  async function close() {
    if (closed) return;
    closed = true;
    try {
      await analysis?.stop();
      deps.caches.catalogue.close();
      await deps.events.notifier.idle();
      await deps.outbound.mailer.close();
      await opened.dispose();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }

  return { app, deps, db: database.db, config, database, queue, dataDir, request, login, signUp, loginAs, close };
}
