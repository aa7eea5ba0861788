import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MyDataExport } from '@domain/my-data';
import type { Creative } from '@domain/types';
import { apiJson, runTag } from './support/api';
import { expectNoSeriousA11yViolations, MOBILE, newPage, registerThroughForm, screenshot, settleAnimations } from './support/browser';

/**
 * "Exporter mes données" and "Supprimer mon compte" (issue 19) on /account, with a fresh account
 * (destructive: never a demo one): like, comment, folder, export and read the file, then delete the
 * account with its password, land signed out, and fail to sign in again.
 */

const tag = runTag();
const account = { firstName: 'Rita', lastName: 'Partante', email: `qa-mydata-${tag}@example.com`, password: 'mes-donnees-1' };
const folderName = `Export ${tag}`;
const commentText = `Mon avis ${tag}`;
const WIDE = { width: 1440, height: 900 };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

const register = (page: Page) => registerThroughForm(page, account);

describe('my data on /account', () => {
  let page: Page;
  let creative: Creative;

  it('likes, comments and files a creative with a fresh account', async () => {
    page = await newPage(WIDE);
    await register(page);
    creative = (await apiJson<{ items: Creative[] }>(null, 'GET', '/api/creatives')).items[0]!;
    await page.goto(`/creatives/${creative.id}`);
    await page.getByRole('heading', { level: 1, name: creative.name }).waitFor();
    await page
      .getByRole('button', { name: /^J'aime \(/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Je n'aime plus/ })
      .first()
      .waitFor();
    await page.getByLabel('Votre commentaire', { exact: true }).fill(commentText);
    await page.getByRole('button', { name: 'Commenter' }).click();
    await page.getByText(commentText, { exact: true }).waitFor();

    await mainNav(page).getByRole('link', { name: 'Dossiers' }).click();
    await page.getByLabel('Nouveau dossier', { exact: true }).fill(folderName);
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: folderName, exact: true }).waitFor();
  });

  it('downloads the JSON file of the account: profile, like, comment, folder', async () => {
    await mainNav(page).getByRole('link', { name: 'Mon compte' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'account-data-1440', { fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^creatheque-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as MyDataExport;
    expect(data.profile).toMatchObject({ email: account.email, firstName: account.firstName, lastName: account.lastName, role: 'user' });
    expect(data.likes.map((l) => l.creativeId)).toEqual([creative.id]);
    expect(data.comments.map((c) => [c.creativeId, c.text])).toEqual([[creative.id, commentText]]);
    expect(data.folders.map((f) => f.name)).toEqual([folderName]);
    expect(data.submissions).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/"password|"token"/);
  });

  it('asks for the password in a dialog (Escape closes it; a wrong one deletes nothing)', async () => {
    const open = page.getByRole('button', { name: 'Supprimer mon compte' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    await dialog.waitFor();
    await settleAnimations(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'account-delete-dialog-1440');
    // The focus is inside the dialog, on its field; Escape closes it and gives the focus back.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Supprimer mon compte');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await dialog.getByText('Le mot de passe est incorrect', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Mot de passe', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);
  });

  it('deletes the account with the right password: signed out on the home page, and no way back in', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Votre compte a été supprimé').waitFor();
    await mainNav(page).getByRole('link', { name: 'Connexion' }).waitFor();
    await page.getByText('Galerie des créas').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'account-deleted-home-1440');

    // The creative lost its like and the comment is gone.
    const after = await apiJson<Creative>(null, 'GET', `/api/creatives/${creative.id}`);
    expect(after.likes).toBe(creative.likes);
    expect(after.commentCount).toBe(creative.commentCount);

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByText('Email ou mot de passe incorrect', { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows both sections on a phone, the dialog included', async () => {
    const phone = await newPage(MOBILE);
    const email = `qa-mydata-phone-${tag}@example.com`;
    await phone.goto('/register');
    await phone.getByLabel('Prénom', { exact: true }).fill('Téo');
    await phone.getByLabel('Nom', { exact: true }).fill('Mobile');
    await phone.getByLabel('Email', { exact: true }).fill(email);
    await phone.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await phone.getByLabel('Confirmer le mot de passe', { exact: true }).fill(account.password);
    await phone.getByRole('button', { name: "S'inscrire" }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await phone.goto('/account');
    await phone.getByRole('button', { name: 'Exporter mes données' }).waitFor();
    await screenshot(phone, 'account-data-390', { fullPage: true });
    await phone.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.waitFor();
    await settleAnimations(phone);
    await expectNoSeriousA11yViolations(phone);
    await screenshot(phone, 'account-delete-dialog-390');
    // Clean up: this account goes too.
    await dialog.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
  });
});
