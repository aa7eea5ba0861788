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
    if (text.charCodeAt(i) === SPACE) {
      i++;
      continue;
    }
    if (text.charCodeAt(i) !== QUOTE) throw new Error(`tsvector: ' attendu en ${i}`);
    // The lexeme: up to the next quote that is not doubled (a backslash escapes the next character).
    let end = text.indexOf("'", i + 1);
    let lexeme: string;
    const escaped = text.indexOf('\\', i + 1);
    if ((escaped < 0 || escaped > end) && text.charCodeAt(end + 1) !== QUOTE) {
      lexeme = text.slice(i + 1, end);
    } else {
      lexeme = '';
      let k = i + 1;
      for (;;) {
        const code = text.charCodeAt(k);
        if (Number.isNaN(code)) throw new Error('tsvector: lexème non terminé');
        if (code === BACKSLASH) {
          lexeme += text[k + 1]!;
          k += 2;
        } else if (code === QUOTE && text.charCodeAt(k + 1) === QUOTE) {
          lexeme += "'";
          k += 2;
        } else if (code === QUOTE) {
          break;
        } else {
          lexeme += text[k];
          k++;
        }
      }
      end = k;
    }
    i = end + 1;
    let weights: number = WEIGHT.D;
    if (text.charCodeAt(i) === COLON) {
      // Positions: digits, each with an optional weight letter, separated by commas, up to a space.
      let stop = text.indexOf(' ', i);
      if (stop < 0) stop = n;
      weights = 0;
      let lettered = true;
      for (let k = i + 1; k < stop; k++) {
        const code = text.charCodeAt(k);
        if (code === 65) weights |= WEIGHT.A;
        else if (code === 66) weights |= WEIGHT.B;
        else if (code === 67) weights |= WEIGHT.C;
        else if (code === 68) weights |= WEIGHT.D;
        else if (code === 44) {
          if (!lettered) weights |= WEIGHT.D;
          lettered = true;
          continue;
        } else {
          lettered = false;
          continue;
        }
        lettered = true;
      }
      if (!lettered) weights |= WEIGHT.D;
      i = stop;
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
