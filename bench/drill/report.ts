/** A drill's figures, whether it passed, and the table of docs/reliability.md. */
import fs from 'node:fs';
import path from 'node:path';
import type { Lost } from './verify';
import type { Answer } from './workload';

/** The server's request deadline (REQUEST_DEADLINE_MS) and a margin: an answer later than this has hung. */
const HANG_MS = 12_000;
/** Full service within this long after the dependency is back. */
const RECOVERY_TARGET_S = 5;

export interface DrillResult {
  name: string;
  title: string;
  passed: boolean;
  /** What failed, in words (empty when passed). */
  failures: string[];
  row: {
    during: number;
    answered: number;
    refused503: number;
    /** 500s, 503 without Retry-After or message, hangs: wrong whenever they happen. */
    wrong: number;
    /** Requests in flight on an instance when it was killed (their connection was reset). */
    cut: number;
    recoveryS: number | null;
    lost: number;
    uncertain: number;
    integrity: boolean;
    readyDuring: string;
    readyAfter: string;
    /** A live count pushed on every instance's stream after full service. */
    liveResumed: boolean;
  };
  examples: string[];
}

const refusedRight = (a: Answer) => a.status === 503 && a.retryAfter && !!a.message;
const isWrong = (a: Answer) => (a.status >= 500 && !refusedRight(a)) || a.error === 'timeout' || a.ms > HANG_MS;
const isCut = (a: Answer) => a.status === 0 && a.error !== 'timeout';

export function summarise(input: {
  name: string;
  title: string;
  /** Whether /api/ready must answer 503 during the fault. */
  unready: boolean;
  answers: Answer[];
  faultStart: number;
  faultEnd: number;
  /** When the dependency was back (PostgreSQL accepting connections again, the instance started…). */
  restoredAt: number;
  recoveredAt: number | null;
  ready: { at: number; status: number }[];
  /** Per instance, when the pending count's stream pushed a count (watchLiveCounts). */
  livePushes: Map<string, number[]>;
  lost: Lost;
  integrity: { clean: boolean; output: string };
}): DrillResult {
  const { answers, faultStart, faultEnd } = input;
  const during = answers.filter((a) => a.at >= faultStart && a.at < faultEnd);
  const wrong = answers.filter(isWrong);
  const recoveryS = input.recoveredAt === null ? null : Math.max(0, (input.recoveredAt - input.restoredAt) / 1000);
  // Readiness once the fault has settled (1 s in) and once service is back.
  const readyDuring = [...new Set(input.ready.filter((r) => r.at > faultStart + 1_000 && r.at < faultEnd).map((r) => r.status))].sort();
  const readyAfter = [
    ...new Set(input.ready.filter((r) => input.recoveredAt !== null && r.at > input.recoveredAt).map((r) => r.status)),
  ].sort();
  const lost = input.lost.comments + input.lost.uploads + input.lost.likes + input.lost.filed;
  const silent = [...input.livePushes].filter(([, at]) => !at.some((t) => input.recoveredAt !== null && t > input.recoveredAt));
  const failures: string[] = [];
  if (wrong.length) failures.push(`${wrong.length} wrong answers (500, 503 without Retry-After or message, or hung)`);
  if (recoveryS === null || recoveryS > RECOVERY_TARGET_S) failures.push(`recovery ${recoveryS ?? '> 60'} s`);
  if (lost) failures.push(`${lost} acknowledged writes lost (${JSON.stringify(input.lost)})`);
  if (!input.integrity.clean) failures.push(`check:integrity: ${input.integrity.output.trim().slice(0, 400)}`);
  if (input.unready && !readyDuring.some((s) => s !== 200)) failures.push(`/api/ready during the fault: ${readyDuring.join(', ')}`);
  if (readyAfter.some((s) => s !== 200)) failures.push(`/api/ready after: ${readyAfter.join(', ')}`);
  if (silent.length) failures.push(`no live count pushed after recovery on ${silent.map(([name]) => name).join(', ')}`);
  return {
    name: input.name,
    title: input.title,
    passed: failures.length === 0,
    failures,
    row: {
      during: during.length,
      answered: during.filter((a) => a.status > 0 && a.status < 500).length,
      refused503: during.filter(refusedRight).length,
      wrong: wrong.length,
      cut: answers.filter(isCut).length,
      recoveryS: recoveryS === null ? null : Number(recoveryS.toFixed(1)),
      lost,
      uncertain: input.lost.uncertain,
      integrity: input.integrity.clean,
      readyDuring: readyDuring.join('/'),
      readyAfter: readyAfter.join('/'),
      liveResumed: silent.length === 0,
    },
    examples: wrong.slice(0, 5).map((a) => `${a.kind} ${a.status || a.error} after ${a.ms} ms: ${a.message ?? ''}`),
  };
}

/** Replaces the table between the drill's markers of docs/reliability.md. */
export function writeReliabilityTable(results: DrillResult[], run: { faultSeconds: number; clients: number }): void {
  writeReliabilitySection('drill', [
    `${new Date().toISOString().slice(0, 10)}, ${run.clients} clients, fault held ${run.faultSeconds} s (\`npm run drill\`):`,
    '',
    '| drill | requests during | answered / refused 503 | wrong (500, hang…) | cut in flight | recovery | writes lost (uncertain) | integrity | `/api/ready` during → after | live counts resume | passed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results
      .map(({ title, row, passed }) =>
        [
          title,
          row.during,
          `${row.answered} / ${row.refused503}`,
          row.wrong,
          row.cut,
          row.recoveryS === null ? '> 60 s' : `${row.recoveryS} s`,
          `${row.lost} (${row.uncertain})`,
          row.integrity ? 'clean' : 'NOT clean',
          `${row.readyDuring || '—'} → ${row.readyAfter || '—'}`,
          row.liveResumed ? 'yes' : 'no',
          passed ? 'yes' : 'no',
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ]);
}

/** Replaces what lies between `<!-- name:start -->` and `<!-- name:end -->` in docs/reliability.md (appended when absent). */
export function writeReliabilitySection(name: string, lines: string[]): void {
  const file = path.resolve('docs/reliability.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = [start, ...lines, end].join('\n');
  const text = fs.readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  fs.writeFileSync(
    file,
    from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + end.length) : `${text.trimEnd()}\n\n${section}\n`,
  );
}
