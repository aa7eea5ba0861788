import { PREVIEW_PARAGRAPH_CHARS, PREVIEW_PARAGRAPHS } from './limits';

/** Home card preview (spec §9): up to 3 hook paragraphs, each cut at 150 characters. */
export function analysisPreview(bestPractices: readonly string[]): string[] {
  return bestPractices
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, PREVIEW_PARAGRAPHS)
    .map((p) => (p.length > PREVIEW_PARAGRAPH_CHARS ? `${p.slice(0, PREVIEW_PARAGRAPH_CHARS).trimEnd()}...` : p));
}

/** Splits a text area into list lines: one per line, trimmed, empty lines dropped (spec §5). */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export function hasAnalysis(a: {
  attention: string;
  interest: string;
  desire: string;
  bestPractices: readonly string[];
  actions: readonly string[];
}): boolean {
  return Boolean(a.attention.trim() || a.interest.trim() || a.desire.trim() || a.bestPractices.length || a.actions.length);
}
