import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CONTACT_EMAIL } from '@domain/limits';

/** The only reader of process.env on the server. Parsed once; bad values stop the start-up. */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SEED: z.enum(['demo', 'none']).default('demo'),
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  CONTACT_EMAIL: z.email().default(DEFAULT_CONTACT_EMAIL),
  REGISTRATION_WEBHOOK_URL: optionalUrl,
  SUBMISSION_WEBHOOK_URL: optionalUrl,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Multiplies every write budget (server/http/limits/write-budgets.ts); `off` turns them off. */
  WRITE_RATE_LIMIT: z.union([z.literal('off'), z.coerce.number().positive().max(1000)]).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** Searched for ffmpeg/ffprobe when FFMPEG_PATH/FFPROBE_PATH are unset. */
  PATH: z.string().optional(),
  /** `off` disables the shared cache of anonymous gallery reads (server/cache/response-cache.ts). */
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * How often (ms) each instance reads the catalogue engine's journal for writes made outside the API
   * (server/catalogue/catalogue.ts); 0: before every gallery query.
   */
  CATALOGUE_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** PostgreSQL cancels a statement of the server's pool that runs longer (503 to its client). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /**
   * Worker threads reading media (OCR, a video's keyframes) in this process, one job each
   * (server/analysis, docs/architecture.md); 0: this instance queues the analyses but runs none.
   */
  MEDIA_ANALYSIS_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * Server processes on this machine sharing its port (node:cluster, server/ops/web-workers.ts): one
   * per core spreads the requests over the cores. More than 1 needs DATABASE_URL and REDIS_URL.
   */
  WEB_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** An /api request not answered by then gets 503 and its database work is cancelled (server/http/limits/deadline.ts). */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Redis shared by several server instances (live events, rate limits, cache invalidation); unset: one process. */
  REDIS_URL: optionalUrl.pipe(
    z
      .string()
      .refine((v) => /^rediss?:\/\//.test(v), 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  /** Prepended to every Redis key and channel, so that deployments (and tests) sharing one Redis stay apart. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, '1 to 64 letters, digits or : _ . -')
    .default('creatheque:'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Where the media live: DATA_DIR/media (`disk`), or an S3-compatible bucket (`s3`, server/media/s3-store.ts). */
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Put before every key: several deployments (or test runs) in one bucket. */
  S3_PREFIX: z.string().trim().default(''),
  /** SMTP server of the outgoing e-mails (smtp:// or smtps://, credentials in the URL); unset: DATA_DIR/outbox/ and the log. */
  SMTP_URL: optionalUrl.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The From of every e-mail. */
  MAIL_FROM: z.string().trim().min(3).default('Créathèque <ne-pas-repondre@creatheque.local>'),
});

export type Env = z.output<typeof envSchema>;

export interface ServerConfig {
  env: Env;
  port: number;
  host: string;
  dataDir: string;
  /** Public origin of the app, e.g. http://127.0.0.1:3000 (cookies, trusted origins). */
  publicUrl: string;
  /** Other origins allowed to call the API with cookies (http://localhost:PORT, the Vite dev server). */
  trustedOrigins: string[];
}

/**
 * MEDIA_STORE=s3 needs its bucket, and both keys or neither (then the SDK's usual sources: AWS_*,
 * instance role). REDIS_URL means several instances: in production they must sign sessions with one
 * AUTH_SECRET, else each would generate its own and a session opened on one would be unknown to
 * the others (README, "Run several instances").
 */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.REDIS_URL && !env.AUTH_SECRET && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SECRET'],
      message: 'AUTH_SECRET is required with REDIS_URL: every instance must sign sessions with the same secret',
    });
  }
  if (env.WEB_WORKERS > 1) {
    // PGlite belongs to one process; the workers keep their caches, limits and engines in step through Redis.
    for (const needed of ['DATABASE_URL', 'REDIS_URL'] as const) {
      if (!env[needed]) ctx.addIssue({ code: 'custom', path: [needed], message: `${needed} is required with WEB_WORKERS > 1` });
    }
  }
  if (env.MEDIA_STORE !== 's3') return;
  if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when MEDIA_STORE=s3' });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: `${missing} is required with the other S3 key` });
  }
});

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function toConfig(env: Env): ServerConfig {
  return {
    env,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, ''),
    trustedOrigins:
      env.NODE_ENV === 'development' || !env.PUBLIC_URL
        ? [`http://localhost:${env.PORT}`, 'http://127.0.0.1:5173', 'http://localhost:5173']
        : [],
  };
}

/**
 * The AWS SDK warns once per process that its releases after January 2027 will want Node 22
 * (we run Node 20, MACHINE.md). Its own switch for that notice is this variable, read when an S3
 * client is made (@aws-sdk/core emitWarningIfUnsupportedVersion); set unless the operator chose.
 */
export function silenceAwsSdkNodeVersionWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}
