import type { MailMessage } from './mailer';

export interface MailContent {
  subject: string;
  /** Plain sentences; each becomes a paragraph (escaped in the HTML). */
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a line with the URL in text. */
  action?: { label: string; url: string };
  /** Small print under a rule (why the mail was sent, how to stop it). */
  footer?: string;
}

const SIGNATURE = 'L’équipe Créathèque';

/** One French e-mail as text and HTML from the same content: every template goes through here. */
export function composeMail(to: string, content: MailContent): MailMessage {
  return { to, subject: content.subject, text: asText(content), html: asHtml(content) };
}

function asText({ paragraphs, action, footer }: MailContent): string {
  const blocks = ['Bonjour,', ...paragraphs];
  if (action) blocks.push(`${action.label} : ${action.url}`);
  blocks.push(SIGNATURE);
  if (footer) blocks.push(`—\n${footer}`);
  return `${blocks.join('\n\n')}\n`;
}

function asHtml({ subject, paragraphs, action, footer }: MailContent): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#52525b">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(action.url)}</p>`
    : '';
  const small = footer
    ? `<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0"><p style="margin:0;font-size:12px;color:#71717a">${escapeHtml(footer)}</p>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    '<p style="margin:0 0 24px;font-size:20px;font-weight:700">Créathèque</p>',
    p('Bonjour,'),
    ...paragraphs.map(p),
    button,
    p(SIGNATURE),
    small,
    '</div></body></html>',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
