import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The secret scan of `npm run lint` (scripts/secret-scan.mjs, .secretlintrc.json) on files planted
 * in a temporary folder. The secrets are made here at run time: none is written in this file.
 */
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-secret-scan-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function plant(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

function scan(files: string[]) {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/secret-scan.mjs'), ...files], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

const alphanumeric = (n: number) =>
  randomBytes(n * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n);

describe('the secret scan', () => {
  it('fails on an AWS secret key, a private key and a GitHub token, and prints none of them', () => {
    const awsSecret = alphanumeric(40);
    const privateKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const githubToken = `ghp_${alphanumeric(36)}`;
    const files = [
      plant('aws.ts', `export const env = { AWS_SECRET_ACCESS_KEY: '${awsSecret}' };\n`),
      plant('notes/key.txt', privateKey),
      plant('ci.sh', `GITHUB_TOKEN=${githubToken}\n`),
    ];
    const { status, output } = scan(files);
    expect(status, output).toBe(1);
    expect(output).toContain('secretlint-rule-aws');
    expect(output).toContain('secretlint-rule-privatekey');
    expect(output).toContain('secretlint-rule-github');
    expect(output).toContain('3 of 3 files hold a key or secret');
    for (const secret of [awsSecret, githubToken, privateKey.split('\n')[1]!]) expect(output).not.toContain(secret);
  });

  it("fails on a data folder's files, an auth secret, a key file and .env whatever they hold (the bench/.data-search leak)", () => {
    const files = [
      plant('bench/.data-search/auth-secret', `${randomBytes(32).toString('hex')}\n`),
      plant('bench/.data-search/media/creatives/1795655158507-a4ce7c1d1699.jpg', Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2])),
      plant('data/db/PG_VERSION', '18\n'),
      plant('server.key', 'not a PEM, still a key file\n'),
      plant('.env', 'SMTP_URL=smtp://localhost\n'),
    ];
    const { status, output } = scan(files);
    expect(status, output).toBe(1);
    expect(output).toContain('5 of 5 files hold a key or secret');
  });

  it("passes the project's own kind of files: demo settings, test passwords, a binary", () => {
    const files = [
      path.join(root, '.env.firebase'),
      path.join(root, 'tests/helpers/test-app.ts'),
      plant('visuel.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])),
    ];
    const { status, output } = scan(files);
    expect(status, output).toBe(0);
    expect(output).toContain('no key or secret in 3 files');
  });

  it('is part of the lint stage that `npm test` and CI run', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toContain('node scripts/secret-scan.mjs');
    expect(fs.readFileSync(path.join(root, 'scripts/test-all.mjs'), 'utf8')).toMatch(/args: \['scripts\/secret-scan\.mjs'\]/);
  });
});
