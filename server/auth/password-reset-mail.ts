import { RESET_LINK_TTL_SECONDS } from '@domain/limits';
import { composeMail } from '../mail/compose';
import type { MailMessage } from '../mail/mailer';

/** The reset e-mail's French text (server-side only: the web app never shows it). */
export const RESET_MAIL = {
  subject: 'Réinitialisez votre mot de passe Créathèque',
  body: 'Vous avez demandé à réinitialiser le mot de passe de votre compte Créathèque. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.',
  validity: `Ce lien est valable ${RESET_LINK_TTL_SECONDS / 3600} heure et ne peut servir qu’une fois. Une fois le mot de passe changé, tous vos appareils sont déconnectés.`,
  action: 'Choisir un nouveau mot de passe',
  footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
};

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
    subject: RESET_MAIL.subject,
    paragraphs: [RESET_MAIL.body, RESET_MAIL.validity],
    action: { label: RESET_MAIL.action, url: resetLink(publicUrl, token) },
    footer: RESET_MAIL.footer,
  });
}
