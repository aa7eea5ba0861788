import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBJECT_MAX, subjectProblem } from '../scripts/commit-subjects.mjs';

/** Commit subjects at most 72 characters (scripts/commit-subjects.mjs: `npm run lint` and the commit-msg hook). */
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-commit-msg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function hook(message: string) {
  const file = path.join(dir, 'COMMIT_EDITMSG');
  fs.writeFileSync(file, message);
  const run = spawnSync(path.join(root, '.githooks/commit-msg'), [file], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('commit subjects', () => {
  it('accepts a subject of 72 characters, accents counted as one, with any body', () => {
    const subject = `fix(web): ${'é'.repeat(SUBJECT_MAX - 10)}`;
    expect([...subject]).toHaveLength(72);
    expect(subjectProblem(`${subject}\n\n${'a long body line '.repeat(20)}`)).toBeNull();
  });

  it('refuses a subject over 72 characters and an empty one, skipping comment lines', () => {
    expect(subjectProblem(`# Please enter the commit message\n${'x'.repeat(73)}\n`)).toMatch(/73 characters \(at most 72/);
    expect(subjectProblem('# only comments\n\n')).toBe('the subject is empty');
  });

  it('is what the commit-msg hook runs', () => {
    expect(hook('docs: a short subject\n\nThe detail.\n').status).toBe(0);
    const refused = hook(`${'feat(catalogue): '.repeat(5)}\n`);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('put the detail in the body');
  });

  it('passes over the commits after the rule began', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/commit-subjects.mjs')], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
