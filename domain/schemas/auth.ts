import { z } from 'zod';
import { PASSWORD_MAX } from '../limits';
import { MSG } from '../messages';
import { emailField, firstNameField, lastNameField, passwordField, textField } from './fields';

export const loginInput = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.input<typeof loginInput>;

export const registerInput = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerInput>;

export const profileInput = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
});
export type ProfileInput = z.input<typeof profileInput>;

export const passwordChangeInput = z
  .object({
    // No password is longer: better-auth would answer PASSWORD_TOO_LONG (a 500 here).
    currentPassword: z
      .string({ error: MSG.currentPasswordRequired })
      .min(1, MSG.currentPasswordRequired)
      .max(PASSWORD_MAX, MSG.passwordMax),
    newPassword: passwordField,
    confirmPassword: z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;

/** 'Mot de passe oublié ?': the address to send the link to (the login page's rules). */
export const passwordResetRequestInput = z.object({ email: emailField });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** The link's secret (self-hosted token or Firebase oobCode) and the new password, with the registration rules. */
export const passwordResetInput = z
  .object({
    // A NUL or lone surrogate would reach the database lookup of the token: refused here (textField).
    token: textField(MSG.resetLinkMissing).trim().min(1, MSG.resetLinkMissing).max(512, MSG.resetLinkInvalid),
    newPassword: passwordField,
    confirmPassword: z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type PasswordResetInput = z.input<typeof passwordResetInput>;
