import { z } from 'zod';
import { MSG } from '../messages';
import { NAME_PART_MAX, PASSWORD_MIN } from '../limits';

/** Standard address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A string field whose absence reads as the same "required" message as an empty value. */
export function requiredString(message: string) {
  return z.string({ error: message });
}

export const emailField = requiredString(MSG.emailRequired)
  .trim()
  .min(1, MSG.emailRequired)
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

export const passwordField = requiredString(MSG.passwordRequired).min(1, MSG.passwordRequired).min(PASSWORD_MIN, MSG.passwordMin);

export const firstNameField = requiredString(MSG.firstNameRequired)
  .trim()
  .min(1, MSG.firstNameRequired)
  .max(NAME_PART_MAX, MSG.firstNameMax);
export const lastNameField = requiredString(MSG.lastNameRequired).trim().min(1, MSG.lastNameRequired).max(NAME_PART_MAX, MSG.lastNameMax);
