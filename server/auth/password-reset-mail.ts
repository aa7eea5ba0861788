import { MSG } from '@domain/messages';
import { composeMail } from '../mail/compose';
import type { MailMessage } from '../mail/mailer';

/** The page of the web app that takes the link's token (src/config/paths.ts resetPassword). */
export const RESET_PAGE_PATH = '/reset-password';

/** The reset link as the e-mail gives it: our own page, never better-auth's URL. */
export function resetLink(publicUrl: string, token: string): string {
  const url = new URL(RESET_PAGE_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** 'Réinitialisez votre mot de passe Créathèque': French text and HTML with the link (valid 1 hour, single use). */
export function passwordResetMail(to: string, publicUrl: string, token: string): MailMessage {
  return composeMail(to, {
    subject: MSG.resetMail.subject,
    paragraphs: [MSG.resetMail.body, MSG.resetMail.validity],
    action: { label: MSG.resetMail.action, url: resetLink(publicUrl, token) },
    footer: MSG.resetMail.footer,
  });
}
