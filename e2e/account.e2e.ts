import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runTag } from './support/api';
import {
  closeToasts,
  expectNoSeriousA11yViolations,
  MOBILE,
  newPage,
  registerThroughForm,
  screenshot,
  signInThroughForm,
} from './support/browser';

/** /account: read-only e-mail, profile edit, password change (spec §2 Account, §5, §8), on a fresh account. */

const tag = runTag();
const account = {
  firstName: 'Noé',
  lastName: 'Compteur',
  email: `qa-account-${tag}@example.com`,
  password: 'ancien-mdp-1',
  newPassword: 'nouveau-mdp-2',
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

const register = (page: Page) => registerThroughForm(page, account);

const signIn = (page: Page, password: string) => signInThroughForm(page, account.email, password);

describe('/account', () => {
  it('sends a visitor to /login', async () => {
    const page = await newPage();
    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  let page: Page;

  it('shows the e-mail read-only and saves the first and last name, which persist after a reload', async () => {
    page = await newPage();
    await register(page);
    await mainNav(page).getByRole('link', { name: 'Mon compte' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();

    const email = page.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe(account.email);
    expect(await email.isEditable()).toBe(false);
    expect(await page.getByLabel('Prénom', { exact: true }).inputValue()).toBe(account.firstName);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'account-1280');

    await page.getByLabel('Prénom', { exact: true }).fill('Noémie');
    await page.getByLabel('Nom', { exact: true }).fill('Comptable');
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await toast(page, 'Profil mis à jour avec succès').waitFor();
    await screenshot(page, 'account-profile-saved-1280');
    await page.getByText('Noémie Comptable', { exact: false }).first().waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Noémie');
    expect(await page.getByLabel('Nom', { exact: true }).inputValue()).toBe('Comptable');
    await closeToasts(page);
  });

  it("refuses an empty first name with 'Le prénom est requis'", async () => {
    await page.getByLabel('Prénom', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await page.getByText('Le prénom est requis', { exact: true }).waitFor();
    expect(await page.getByLabel('Prénom', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Profil mis à jour' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect.poll(() => page.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Noémie');
  });

  it('changes the password: wrong current password, mismatch, then success', async () => {
    const current = page.getByLabel('Mot de passe actuel', { exact: true });
    const next = page.getByLabel('Nouveau mot de passe', { exact: true });
    const confirm = page.getByLabel('Confirmer le nouveau mot de passe', { exact: true });
    const submit = page.getByRole('button', { name: 'Changer le mot de passe' });

    await submit.click();
    await page.getByText('Le mot de passe actuel est requis', { exact: true }).waitFor();
    await page.getByText('Le mot de passe est requis', { exact: true }).waitFor();
    await page.getByText('Veuillez confirmer votre mot de passe', { exact: true }).waitFor();

    await current.fill('pas-le-bon-mdp');
    await next.fill(account.newPassword);
    await confirm.fill(account.newPassword);
    await submit.click();
    await page.getByText('Le mot de passe actuel est incorrect', { exact: true }).first().waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'account-wrong-password-1280');
    await closeToasts(page);

    await current.fill(account.password);
    await next.fill(account.newPassword);
    await confirm.fill('autre-chose-3');
    await submit.click();
    await page.getByText('Les mots de passe ne correspondent pas', { exact: true }).waitFor();

    await next.fill('12345');
    await confirm.fill('12345');
    await submit.click();
    await page.getByText('Le mot de passe doit contenir au moins 6 caractères', { exact: true }).waitFor();

    // Another browser signed in with the old password loses its session once the password changes.
    const other = await newPage();
    await signIn(other, account.password);
    await other.waitForURL((url) => url.pathname === '/');

    await next.fill(account.newPassword);
    await confirm.fill(account.newPassword);
    await submit.click();
    await toast(page, 'Mot de passe mis à jour avec succès').waitFor();
    await expect.poll(() => current.inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/account');

    await other.reload();
    await mainNav(other).getByRole('link', { name: 'Connexion', exact: true }).waitFor();
    await other.context().close();
  });

  it('then only the new password signs in', async () => {
    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).click();
    await mainNav(page).getByRole('link', { name: 'Connexion', exact: true }).waitFor();

    await signIn(page, account.password);
    await toast(page, 'Email ou mot de passe incorrect').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Mot de passe', { exact: true }).fill(account.newPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).waitFor();
  });

  it('is usable at 390 px', async () => {
    await page.setViewportSize(MOBILE);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'account-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
