import { z } from 'zod';
import { MSG } from '../messages';
import { NAME_PART_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../limits';
import './french-errors';

/** Standard address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A lone half of a surrogate pair: UTF-8 cannot carry it, so the database drivers would store
 * U+FFFD instead of what was sent. With the `u` flag a complete pair reads as one code point
 * (not in the Cs category), so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when the database stores the text as it is: PostgreSQL refuses NUL in text (a query
 * carrying one fails, even in a WHERE), and a lone surrogate would be silently replaced.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Every text input of the schemas (form fields, search terms, cursors) starts here, so that text
 * the database cannot store as sent is a 400 with a French message, never a database error.
 * `message`: what to say when the value is missing or is not a string.
 */
export function textField(message?: string) {
  return z.string(message === undefined ? undefined : { error: message }).refine(isStorableText, MSG.invalidCharacters);
}

/** A run of Unicode whitespace: spaces, tabs, line breaks (CR, LF, NEL, U+2028, U+2029)… */
const WHITESPACE_RUN = /\p{White_Space}+/gu;
/** One no-break space (French typography: `Été\u202f: idées`), kept as it is. */
const NO_BREAK_SPACE = /^[\u00a0\u202f]$/;
/** A control character (C0, DEL, C1): none is left in a one-line name once its whitespace is folded. */
const CONTROL = /\p{Cc}/u;

/**
 * A one-line name as stored: every run of whitespace, line breaks and tabs included, one space
 * (a lone no-break space stays); trimmed.
 */
export function foldWhitespace(value: string): string {
  return value.replace(WHITESPACE_RUN, (run) => (NO_BREAK_SPACE.test(run) ? run : ' ')).trim();
}

/**
 * A name that is one line by nature (a folder, a first or last name, a creative, an advertiser,
 * an analyst): its whitespace folded (foldWhitespace) and any other control character refused.
 * The one place both the forms (zodResolver submits the folded value) and the server (jsonInput)
 * read it. `message`: what to say when the value is missing or is not a string.
 */
export function singleLineField(message?: string) {
  return textField(message)
    .overwrite(foldWhitespace)
    .refine((v) => !CONTROL.test(v), MSG.controlCharacters);
}

export const emailField = textField(MSG.emailRequired)
  .trim()
  .min(1, MSG.emailRequired)
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

// A password is hashed, never stored as text: any character the user can type is accepted.
export const passwordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax);

export const firstNameField = singleLineField(MSG.firstNameRequired).min(1, MSG.firstNameRequired).max(NAME_PART_MAX, MSG.firstNameMax);
export const lastNameField = singleLineField(MSG.lastNameRequired).min(1, MSG.lastNameRequired).max(NAME_PART_MAX, MSG.lastNameMax);
