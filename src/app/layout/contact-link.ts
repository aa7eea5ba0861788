import { runtimeConfig } from '@/config/env';

const SUBJECT = 'Demande de conseil créa — Créathèque';
const BODY = [
  'Bonjour,',
  '',
  "J'aimerais échanger avec un expert créa au sujet de mes publicités.",
  '',
  'Mon entreprise : ',
  'Mon objectif : ',
  '',
  'Merci !',
].join('\n');

/** The prefilled e-mail to the provider's experts (spec §1). */
export function contactMailto(email: string = runtimeConfig.contactEmail): string {
  return `mailto:${email}?subject=${encodeURIComponent(SUBJECT)}&body=${encodeURIComponent(BODY)}`;
}
