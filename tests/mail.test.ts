import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '@server/env';
import { composeMail } from '@server/mail/compose';
import { createMailer, type Mailer } from '@server/mail/mailer';
import { addressesOf, startSmtpServer, type SmtpSink } from './helpers/smtp-server';
import { createTestApp } from './helpers/test-app';

const FROM = 'Créathèque <ne-pas-repondre@example.com>';
const content = {
  subject: 'Votre créative « Été 2026 » a été approuvée',
  paragraphs: ['Bonne nouvelle : elle est visible dans la galerie.', 'Titre : <Soldes & co>'],
  action: { label: 'Voir la créative', url: 'https://creatheque.example/creatives/abc?x=1&y=2' },
  footer: 'Vous recevez cet e-mail car vous avez soumis cette créative.',
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function sink(): Promise<SmtpSink> {
  const s = await startSmtpServer();
  cleanup.push(() => s.close());
  return s;
}

function mailerOf(options: Parameters<typeof createMailer>[0]): Mailer {
  const mailer = createMailer(options);
  cleanup.push(() => mailer.close());
  return mailer;
}

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'creatheque-mail-'));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('composeMail', () => {
  it('makes the text and the HTML from one content, the HTML escaped', () => {
    const mail = composeMail('marie@example.com', content);
    expect(mail.to).toBe('marie@example.com');
    expect(mail.text).toContain('Bonjour,');
    expect(mail.text).toContain('Titre : <Soldes & co>');
    expect(mail.text).toContain('Voir la créative : https://creatheque.example/creatives/abc?x=1&y=2');
    expect(mail.html).toContain('lang="fr"');
    expect(mail.html).toContain('Titre : &#60;Soldes &#38; co&#62;');
    expect(mail.html).not.toContain('<Soldes');
    expect(mail.html).toContain('href="https://creatheque.example/creatives/abc?x=1&#38;y=2"');
    expect(mail.html).toContain(content.footer);
  });
});

describe('mailer over SMTP', () => {
  it('hands the mail to the SMTP server of SMTP_URL, accents and both parts intact', async () => {
    const smtp = await sink();
    const mailer = mailerOf({ smtpUrl: smtp.url, from: FROM, outboxDir: await tempDir() });
    expect(mailer.mode).toBe('smtp');
    await mailer.send(composeMail('marie@example.com', content));
    const mail = await smtp.next();
    expect(mail.to).toEqual(['marie@example.com']);
    expect(mail.from).toBe('ne-pas-repondre@example.com');
    expect(mail.subject).toBe(content.subject);
    expect(mail.text).toContain('Bonne nouvelle : elle est visible dans la galerie.');
    expect(mail.html).toContain('Voir la créative');
    expect(mail.raw).toMatch(/From: =\?UTF-8\?.*<ne-pas-repondre@example\.com>/);
  });

  it('sendLater never throws: an unreachable server is logged, and close() still ends', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const mailer = createMailer({ smtpUrl: gone.url, from: FROM, outboxDir: await tempDir() });
    await expect(mailer.send(composeMail('a@example.com', content))).rejects.toThrow();
    mailer.sendLater(composeMail('a@example.com', content));
    await mailer.close();
  });

  it('close() waits for the mails still being sent', async () => {
    const smtp = await sink();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: await tempDir() });
    for (let i = 0; i < 3; i++) mailer.sendLater(composeMail(`u${i}@example.com`, content));
    await mailer.close();
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(['u0@example.com', 'u1@example.com', 'u2@example.com']);
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each mail, complete, to the outbox as an .eml file', async () => {
    const dir = await tempDir();
    const outbox = path.join(dir, 'outbox');
    const mailer = mailerOf({ from: FROM, outboxDir: outbox });
    expect(mailer.mode).toBe('outbox');
    await mailer.send(composeMail('marie@example.com', content));
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await fs.readFile(path.join(outbox, files[0]!)));
    expect(parsed.subject).toBe(content.subject);
    expect(addressesOf(parsed.to)).toEqual(['marie@example.com']);
    expect(addressesOf(parsed.from)).toEqual(['ne-pas-repondre@example.com']);
    expect(parsed.text).toContain('Voir la créative : https://creatheque.example/creatives/abc?x=1&y=2');
  });

  it('is what the server uses by default: DATA_DIR/outbox', async () => {
    const t = await createTestApp({ databaseUrl: null });
    cleanup.push(() => t.close());
    expect(t.deps.outbound.mailer.mode).toBe('outbox');
    await t.deps.outbound.mailer.send(composeMail('x@example.com', content));
    expect(await fs.readdir(path.join(t.dataDir, 'outbox'))).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('accepts smtp:// and smtps:// URLs only, and a From', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(parseEnv({}).MAIL_FROM).toContain('Créathèque');
    expect(parseEnv({ MAIL_FROM: 'Agence <hello@example.com>' }).MAIL_FROM).toBe('Agence <hello@example.com>');
  });
});
