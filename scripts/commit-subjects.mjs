#!/usr/bin/env node
/**
 * Commit subjects stay short: at most 72 characters, the detail in the body. Run by `npm run lint`
 * (a stage of `npm test`) over the commits after RULE_SINCE, and by the commit-msg hook of
 * .githooks/ on the message being written (`npm install` points git at that folder).
 *
 *   node scripts/commit-subjects.mjs              every commit after RULE_SINCE on HEAD
 *   node scripts/commit-subjects.mjs --message F  the message in file F (the hook)
 *
 * Older commits are left as they are: landed history is not rewritten. Plain Node ESM.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SUBJECT_MAX = 72;
/** The last commit before the rule; the check starts after it. */
const RULE_SINCE = '6675f45';
/** Landed after the rule began from a branch made before it (history is not rewritten). */
const LANDED_BEFORE_THE_HOOK = new Set(['01c0fdb2edd84fa82b3a705ecd90c59e7a2b6123']);

/** The message's subject (its first line that is not a comment), and what is wrong with it, or null. */
export function subjectProblem(message) {
  const subject =
    message
      .split('\n')
      .find((line) => !line.startsWith('#'))
      ?.trim() ?? '';
  if (subject === '') return 'the subject is empty';
  if ([...subject].length > SUBJECT_MAX)
    return `the subject has ${[...subject].length} characters (at most ${SUBJECT_MAX}; put the detail in the body): ${subject}`;
  return null;
}

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function commitsSinceRule() {
  try {
    git(['rev-parse', '--verify', '--quiet', `${RULE_SINCE}^{commit}`]);
  } catch {
    console.log(`commit subjects: ${RULE_SINCE} is not in this clone's history (shallow?): nothing checked`);
    return [];
  }
  return git(['log', '--format=%H%x00%B%x01', `${RULE_SINCE}..HEAD`])
    .split('\x01')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter(Boolean)
    .map((entry) => {
      const [hash, message] = entry.split('\0');
      return { hash, message };
    })
    .filter(({ hash }) => !LANDED_BEFORE_THE_HOOK.has(hash));
}

function main(argv) {
  const at = argv.indexOf('--message');
  const commits = at >= 0 ? [{ hash: 'this commit', message: fs.readFileSync(argv[at + 1], 'utf8') }] : commitsSinceRule();
  const problems = commits.map(({ hash, message }) => ({ hash, problem: subjectProblem(message) })).filter((c) => c.problem);
  for (const { hash, problem } of problems) console.error(`${/^[0-9a-f]{40}$/.test(hash) ? hash.slice(0, 10) : hash}: ${problem}`);
  if (at < 0) console.log(`commit subjects: ${commits.length} commit(s) checked, ${problems.length} too long or empty`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
