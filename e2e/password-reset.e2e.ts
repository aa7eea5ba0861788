import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { User } from '@domain/types';
import { RESET_MAIL } from '@server/auth/password-reset-mail';
import { apiJson, apiLogin, apiLoginAs, runTag } from './support/api';
import {
  closeToasts,
  expectNoSeriousA11yViolations,
  expectToast,
  MOBILE,
  newPage,
  registerThroughForm,
  screenshot,
  signInThroughForm,
} from './support/browser';

/**
 * 'Mot de passe oublié ?' (issue 19) on a fresh account: the link is read from the mail the
 * server wrote to DATA_DIR/outbox/ (no SMTP_URL in the e2e server), the new password is set, the
 * other browser is signed out, and only the new password signs in. The account is deleted at the end.
 */

const tag = runTag();
const account = {
  firstName: 'Oubli',
  lastName: 'Distrait',
  email: `qa-reset-${tag}@example.com`,
  password: 'ancien-mdp-1',
  newPassword: 'nouveau-mdp-2',
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

const register = (page: Page) => registerThroughForm(page, account);

const signIn = (page: Page, password: string) => signInThroughForm(page, account.email, password);

/** The reset link of the newest mail to `to` in the server's outbox (DATA_DIR/outbox/*.eml), once it is not `older`. */
async function resetLinkFromOutbox(to: string, older?: string): Promise<string> {
  const outbox = path.join(inject('e2eDataDir'), 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
        for (const name of names.reverse()) {
          const mail = await simpleParser(await fs.readFile(path.join(outbox, name)));
          if (mail.subject !== RESET_MAIL.subject || !(mail.text ?? '').includes('/reset-password?token=')) continue;
          const recipients = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          if (!recipients.includes(to)) continue;
          link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
          return Boolean(link) && link !== older;
        }
        return false;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  return link!;
}

let userId: string | null = null;

afterAll(async () => {
  if (!userId) return;
  const admin = await apiLogin('admin');
  await apiJson(admin, 'DELETE', `/api/users/${userId}`);
});

describe('forgotten password', () => {
  it('asks for the link from /login, sets a new password from the mail, signs the other browser out', async () => {
    const first = await newPage();
    await register(first);
    userId = (await apiJson<{ user: User }>(await apiLoginAs(account.email, account.password), 'GET', '/api/me')).user.id;
    // A link asked for earlier: the reset below must end it too.
    await apiJson(null, 'POST', '/api/auth/forgot-password', { email: account.email });
    const earlier = await resetLinkFromOutbox(account.email);
    // Signed in elsewhere with the old password: this session must end with the reset.
    await first.goto('/');
    await mainNav(first).getByRole('link', { name: 'Mon compte' }).waitFor();

    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).waitFor();
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText("L'email est requis", { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('Adresse email invalide', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'forgot-password-errors-1280');

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText(MSG.resetRequested, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'forgot-password-sent-1280');

    const link = await resetLinkFromOutbox(account.email, earlier);
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' }).waitFor();
    const next = page.getByLabel('Nouveau mot de passe', { exact: true });
    const confirm = page.getByLabel('Confirmer le nouveau mot de passe', { exact: true });
    await next.fill('12345');
    await confirm.fill('54321');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Le mot de passe doit contenir au moins 6 caractères', { exact: true }).waitFor();
    await page.getByText('Les mots de passe ne correspondent pas', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'reset-password-errors-1280');

    await next.fill(account.newPassword);
    await confirm.fill(account.newPassword);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expectToast(page, MSG.passwordResetDone);
    await page.waitForURL((url) => url.pathname === '/login');
    await closeToasts(page);

    await first.reload();
    await mainNav(first).getByRole('link', { name: 'Connexion', exact: true }).waitFor();
    await first.context().close();

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('troisieme-3');
    await page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('troisieme-3');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText(MSG.resetLinkInvalid, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Demander un nouvel e-mail' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'reset-password-used-link-1280');

    // The earlier link died with the password it was sent for.
    await page.goto(earlier);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('quatrieme-4');
    await page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('quatrieme-4');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText(MSG.resetLinkInvalid, { exact: true }).waitFor();

    await signIn(page, account.password);
    await expectToast(page, 'Email ou mot de passe incorrect');
    await closeToasts(page);
    await signIn(page, account.newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('link', { name: 'Mon compte' }).click();

    // The account page lists this browser alone now, marked 'Cet appareil'.
    const devices = page.getByRole('heading', { name: 'Appareils connectés' });
    await devices.waitFor();
    await page.getByText('Cet appareil', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Déconnecter les autres appareils' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'account-devices-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'account-devices-390');
    await page.context().close();
  });

  it('reads well on a phone', async () => {
    const page = await newPage(MOBILE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    await screenshot(page, 'login-forgot-link-390');
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Envoyer le lien' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'forgot-password-390');
    await page.goto('/reset-password?token=inconnu');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'reset-password-390');
    await page.goto('/reset-password');
    await page.getByText(MSG.resetLinkMissing, { exact: true }).waitFor();
    await page.context().close();
  });
});
