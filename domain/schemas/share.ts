import { z } from 'zod';
import { PASSWORD_MAX } from '../limits';
import { MSG } from '../messages';
import { endOfLocalDay, NOTE_MAX, SHARE_PASSWORD_MIN } from '../shares';
import { textField } from './fields';

/**
 * A new share link. `password`: empty or absent means none, else at least `passwordMin` characters
 * (SHARE_PASSWORD_MIN, or a backend's longer minimum); `expiresAt`: an instant (ISO 8601) in the
 * future, or null / absent for a link that works until revoked.
 */
export const shareInputWith = (passwordMin: number) =>
  z.object({
    password: z
      .string()
      .max(PASSWORD_MAX, MSG.sharePasswordMax)
      .refine((v) => v === '' || v.length >= passwordMin, MSG.sharePasswordMinOf(passwordMin))
      .optional(),
    expiresAt: z.iso
      .datetime({ offset: true, error: MSG.invalidInput })
      .refine((v) => new Date(v).getTime() > Date.now(), MSG.shareExpiryPast)
      .nullable()
      .optional(),
    allowDownload: z.boolean().default(false),
    includeAnalysis: z.boolean().default(false),
    includeNotes: z.boolean().default(false),
  });
export const shareInput = shareInputWith(SHARE_PASSWORD_MIN);
export type ShareInput = z.input<typeof shareInput>;

/**
 * The share form as typed: `expiresAt` is the date picker's day ('YYYY-MM-DD', or '' for none),
 * read as the end of that day where the owner is, then held to shareInputWith's rules.
 */
export const shareFormInput = (passwordMin: number) =>
  z
    .object({
      password: z.string(),
      expiresAt: z.string(),
      allowDownload: z.boolean(),
      includeAnalysis: z.boolean(),
      includeNotes: z.boolean(),
    })
    .transform(({ expiresAt, ...rest }): ShareInput => ({ ...rest, expiresAt: expiresAt ? endOfLocalDay(expiresAt).toISOString() : null }))
    .pipe(shareInputWith(passwordMin));
export type ShareFormValues = z.input<ReturnType<typeof shareFormInput>>;

/** The password a visitor types on a protected link. */
export const unlockInput = z.object({
  password: z
    .string({ error: MSG.sharePasswordRequiredField })
    .min(1, MSG.sharePasswordRequiredField)
    .max(PASSWORD_MAX, MSG.sharePasswordWrong),
});
export type UnlockInput = z.input<typeof unlockInput>;

/** A private note on a creative in a folder: trimmed; empty removes it. */
export const noteInput = z.object({
  note: textField(MSG.invalidInput).trim().max(NOTE_MAX, MSG.noteMax),
});
export type NoteInput = z.input<typeof noteInput>;
