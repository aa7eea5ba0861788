import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * pg-boss 10 ends a job with an unawaited statement: the database away at that moment, its rejection
 * would end the server (server/analysis/queue/unawaited-writes.ts). Each case is its own process.
 */
function run(...args: string[]) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'tests/fixtures/queue/job-ends-without-database.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  return { code: child.status, out: child.stdout, err: child.stderr };
}

describe('a job that ends while the database is away', () => {
  it('ends a process without the listener: the rejection pg-boss leaves unhandled is real', { timeout: 90_000 }, () => {
    const result = run();
    expect(result.out).not.toContain('alive');
    expect(result.code).not.toBe(0);
    expect(result.err).toContain('base de données injoignable');
  });

  it('leaves the server running, the failed write logged, with the listener the server installs', { timeout: 90_000 }, () => {
    const result = run('--tolerate');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('alive');
    expect(result.out + result.err).toContain('une écriture de pg-boss a échoué');
  });
});
