import { MEDIA_TEXT_MAX } from './limits';
import { can } from './permissions';
import type { Role } from './roles';
import { normalizeSearch } from './search';

/**
 * The text read in a creative's media, as stored and shown: one line per distinct line read, in reading
 * order, the frames of a video one after the other. OCR output is noisy: a line is kept when it holds at
 * least one real word (two letters or a digit group, so '-50 %' stays and a stray '|' or 'ee' of a
 * texture does not), its spaces are collapsed, and a line met again (same letters, any case or accents,
 * e.g. on the next keyframe) is kept once.
 */
export function mergeReadText(frames: readonly string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const frame of frames) {
    for (const raw of frame.split(/\r?\n/)) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (!hasWord(line)) continue;
      const key = normalizeSearch(line).replace(/[^\p{L}\p{N}]+/gu, '');
      if (seen.has(key)) continue;
      seen.add(key);
      kept.push(line);
    }
  }
  return clampText(kept.join('\n'));
}

/** A line worth keeping: a word of 3+ letters, or of 2 letters beside another word, or digits. */
function hasWord(line: string): boolean {
  const words = line.match(/[\p{L}]+|\p{N}+/gu) ?? [];
  if (words.some((w) => /\p{N}/u.test(w) || w.length >= 3)) return true;
  return words.filter((w) => w.length >= 2).length >= 2;
}

/** The text cut to MEDIA_TEXT_MAX characters, at a line's end when there is one. */
export function clampText(text: string): string {
  if (text.length <= MEDIA_TEXT_MAX) return text;
  const cut = text.slice(0, MEDIA_TEXT_MAX);
  const end = cut.lastIndexOf('\n');
  return end > 0 ? cut.slice(0, end) : cut;
}

/**
 * Who may write a creative's text by hand (the edit form's 'Texte de la créative'): the staff, who may
 * edit creatives. A text they write counts as the creative's analysis: the media analysis never
 * overwrites it (server/analysis/queue), until a new media is given.
 */
export function mayCorrectMediaText(role: Role | null | undefined): boolean {
  return can(role, 'creative:update');
}
