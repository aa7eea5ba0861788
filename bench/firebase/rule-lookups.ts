/**
 * The documents firestore.rules look up (`get`, `exists`, `getAfter`, `existsAfter`) while some
 * requests are evaluated, read from the Firestore emulator's rule coverage report
 * (`/emulator/v1/projects/{project}:ruleCoverage`), which counts every evaluation of every
 * expression and the values it took. Firestore bills one read per distinct document a request's
 * rules look up (a document read twice in one request is billed once), so the distinct paths named
 * between two snapshots are the dependent reads of what ran in between — per request when one
 * request runs. Used by bench/firebase/feature-reads.ts.
 */

interface CoverageNode {
  sourcePosition: { line: number; currentOffset: number; endOffset: number };
  values?: { value: unknown; count: number }[];
  children?: CoverageNode[];
}

export interface RuleLookups {
  /** Lookup calls evaluated. */
  calls: number;
  /** Distinct documents they named (paths under …/documents/). */
  documents: string[];
}

type Snapshot = Map<string, number>;

const LOOKUP = /^(get|exists|getAfter|existsAfter)\(/;

/** The document path a lookup's argument evaluated to (segments after `documents`), or null. */
function pathOf(value: unknown): string | null {
  const segments = (value as { pathValue?: { segments?: { simple?: string }[] } }).pathValue?.segments;
  if (!segments) return null;
  const names = segments.map((s) => s.simple ?? '?');
  const at = names.indexOf('documents');
  return at < 0 ? null : names.slice(at + 1).join('/');
}

const evaluated = (value: unknown) => !(typeof value === 'object' && value !== null && 'undefined' in value);

/** "users ×1, folders ×1": the kinds of documents the rules looked up, without ids. */
export function kinds(documents: string[]): string {
  const counts = new Map<string, number>();
  for (const d of documents) {
    const parts = d.split('/');
    const kind = parts.filter((_, i) => i % 2 === 0).join('/…/');
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ') || '–';
}

export function ruleLookupMeter(hostPort: string, projectId: string) {
  const url = `http://${hostPort}/emulator/v1/projects/${projectId}:ruleCoverage`;

  /** Counts by lookup ("L<line> call") and by the path each lookup's argument took ("path <p>"). */
  async function snapshot(): Promise<Snapshot> {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`rule coverage: HTTP ${res.status}`);
    const body = (await res.json()) as { rules: { files: { content: string }[] }; report: CoverageNode[] };
    // Offsets count characters (code points), not bytes.
    const source = Array.from(body.rules.files[0]?.content ?? '');
    const counts: Snapshot = new Map();
    const add = (key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
    const visit = (node: CoverageNode) => {
      const { currentOffset, endOffset, line } = node.sourcePosition;
      const text = source.slice(currentOffset, endOffset).join('');
      // The call itself, not an expression starting with it (`get(p).data`): its argument is a path.
      const paths = (node.children?.[0]?.values ?? []).flatMap((v) => {
        const p = pathOf(v.value);
        return p ? [{ p, count: v.count }] : [];
      });
      if (LOOKUP.test(text) && paths.length) {
        for (const v of node.values ?? []) if (evaluated(v.value)) add(`call L${line}`, v.count);
        for (const { p, count } of paths) add(`path ${p}`, count);
      }
      node.children?.forEach(visit);
    };
    body.report.forEach(visit);
    return counts;
  }

  /** What the rules looked up while `run` ran. */
  async function during<T>(run: () => Promise<T>): Promise<{ result: T; lookups: RuleLookups }> {
    const before = await snapshot();
    const result = await run();
    const after = await snapshot();
    let calls = 0;
    const documents: string[] = [];
    for (const [key, n] of after) {
      const grown = n - (before.get(key) ?? 0);
      if (grown <= 0) continue;
      if (key.startsWith('call ')) calls += grown;
      else documents.push(key.slice('path '.length));
    }
    return { result, lookups: { calls, documents: documents.sort() } };
  }

  return { during, hostPort, projectId };
}
