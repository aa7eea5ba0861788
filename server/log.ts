import { createRequire } from 'node:module';
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

export type { Logger };
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const require = createRequire(import.meta.url);

/** Never written to a log line, wherever they appear in a logged object. */
const REDACT = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'cookie',
  'authorization',
  '*.password',
  '*.token',
  '*.cookie',
  '*.authorization',
  'headers.cookie',
  'headers.authorization',
];

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable lines (pino-pretty, in process) instead of JSON; for a terminal. */
  pretty?: boolean;
  /** Where JSON lines go (default: stdout). Tests pass a stream they read back. */
  destination?: DestinationStream;
  /** Fields on every line (a web worker's number: server/ops/web-workers.ts). */
  bindings?: Record<string, string | number>;
}

export function createLogger(options: LoggerOptions): Logger {
  const base = { level: options.level, base: options.bindings, redact: { paths: REDACT, censor: '[redacted]' } };
  if (options.pretty && !options.destination) {
    const pretty = require('pino-pretty') as (o: object) => DestinationStream;
    return pino(base, pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  // JSON lines: ISO time and the level's name, easy to read and to query.
  const json = { ...base, timestamp: stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
  return options.destination ? pino(json, options.destination) : pino(json);
}

/**
 * The process-wide logger. Until the server configures it from LOG_LEVEL, it writes warnings and
 * errors only, so library code and tests stay quiet. `import { logger }` sees the configured one
 * (ES modules export live bindings).
 */
export let logger: Logger = createLogger({ level: 'warn' });

export function configureLogging(options: LoggerOptions): Logger {
  logger = createLogger(options);
  return logger;
}
