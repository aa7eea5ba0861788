/** A lexeme's weights in a document as bits: name (A), advertiser (B), tag values (C), analysis (D). */
export const WEIGHT = { A: 1, B: 2, C: 4, D: 8 } as const;

/** Weights of the public document (what visitors search) and of the members' one. */
export const PUBLIC_WEIGHTS = WEIGHT.A | WEIGHT.B | WEIGHT.C;
export const ALL_WEIGHTS = PUBLIC_WEIGHTS | WEIGHT.D;

const QUOTE = 39; // '
const BACKSLASH = 92;
const COLON = 58;
const SPACE = 32;

/**
 * Reads PostgreSQL's text form of a tsvector (`'blend':1A 'ca':14C,20 'soir':4A`) and calls `each`
 * with every lexeme and the weights of its positions (a position without a letter is D). A lexeme
 * stored without positions counts as D, as PostgreSQL gives it the default weight.
 */
export function readTsvectorText(text: string, each: (lexeme: string, weights: number) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text.charCodeAt(i) === SPACE) i++;
    if (i >= n) break;
    if (text.charCodeAt(i) !== QUOTE) throw new Error(`tsvector: ' attendu en ${i}`);
    i++;
    let lexeme = '';
    let start = i;
    for (;;) {
      const code = text.charCodeAt(i);
      if (Number.isNaN(code)) throw new Error('tsvector: lexème non terminé');
      if (code === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          lexeme += text.slice(start, i + 1);
          i += 2;
          start = i;
          continue;
        }
        lexeme += text.slice(start, i);
        i++;
        break;
      }
      if (code === BACKSLASH) {
        lexeme += text.slice(start, i) + text[i + 1]!;
        i += 2;
        start = i;
        continue;
      }
      i++;
    }
    let weights = 0;
    if (text.charCodeAt(i) === COLON) {
      i++;
      while (i < n && text.charCodeAt(i) !== SPACE) {
        // One position: digits, then an optional weight letter, then a comma or the end.
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
        const letter = text.charCodeAt(i);
        if (letter === 65) weights |= WEIGHT.A;
        else if (letter === 66) weights |= WEIGHT.B;
        else if (letter === 67) weights |= WEIGHT.C;
        else weights |= WEIGHT.D;
        if (letter >= 65 && letter <= 68) i++;
        if (text.charCodeAt(i) === 44) i++;
      }
    } else {
      weights = WEIGHT.D;
    }
    each(lexeme, weights);
  }
}

/** One word of a search as PostgreSQL normalised it: its lexeme, and whether it matches as a prefix. */
export interface QueryLexeme {
  lexeme: string;
  prefix: boolean;
}

/**
 * Reads the text form of a `to_tsquery` made of `&` only (`'croquet':* & 'chat'`), as the gallery's
 * search builds them; null when it holds anything else (a phrase `<->` from a word the parser split,
 * `|`, `!`, parentheses), which the caller then answers in SQL. `[]` for an empty query (stop words).
 */
export function readAndQuery(text: string): QueryLexeme[] | null {
  const lexemes: QueryLexeme[] = [];
  let i = 0;
  const n = text.length;
  const skipSpaces = () => {
    while (i < n && text.charCodeAt(i) === SPACE) i++;
  };
  skipSpaces();
  while (i < n) {
    if (lexemes.length > 0) {
      if (text[i] !== '&') return null;
      i++;
      skipSpaces();
    }
    if (text.charCodeAt(i) !== QUOTE) return null;
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= n) return null;
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (code === BACKSLASH) {
        lexeme += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      lexeme += text[i];
      i++;
    }
    let prefix = false;
    if (text[i] === ':') {
      if (text[i + 1] !== '*') return null;
      prefix = true;
      i += 2;
      // A weight restriction is never written by the gallery's queries.
      if (i < n && text.charCodeAt(i) !== SPACE) return null;
    }
    lexemes.push({ lexeme, prefix });
    skipSpaces();
  }
  return lexemes;
}
