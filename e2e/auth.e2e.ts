import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runTag } from './support/api';
import { DEMO_ACCOUNTS, expectNoSeriousA11yViolations, MOBILE, newPage, screenshot } from './support/browser';

/** Sign-up, sign-in, their validation messages, logout and the persistent session (spec §2, §5, §8). */

const tag = runTag();
const account = {
  firstName: 'Inès',
  lastName: 'Qualité',
  email: `qa-auth-${tag}@example.com`,
  password: 'secret-qa-1',
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

async function expectAlerts(page: Page, messages: string[]): Promise<void> {
  for (const message of messages) {
    await expect.poll(() => page.getByText(message, { exact: true }).count(), { message }).toBe(1);
  }
}

async function fillRegister(page: Page, values: Partial<typeof account & { confirm: string }>): Promise<void> {
  if (values.firstName !== undefined) await page.getByLabel('Prénom', { exact: true }).fill(values.firstName);
  if (values.lastName !== undefined) await page.getByLabel('Nom', { exact: true }).fill(values.lastName);
  if (values.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.password !== undefined) await page.getByLabel('Mot de passe', { exact: true }).fill(values.password);
  if (values.confirm !== undefined) await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(values.confirm);
}

const submitRegister = (page: Page) => page.getByRole('button', { name: "S'inscrire", exact: true }).click();
const submitLogin = (page: Page) => page.getByRole('button', { name: 'Se connecter', exact: true }).click();

describe('register', () => {
  it('shows every validation message verbatim, accessibly', async () => {
    const page = await newPage();
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Inscription' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'auth-register-1280');

    await submitRegister(page);
    await expectAlerts(page, [
      'Le prénom est requis',
      'Le nom est requis',
      "L'email est requis",
      'Le mot de passe est requis',
      'Veuillez confirmer votre mot de passe',
    ]);
    // Each message is tied to its field.
    const firstName = page.getByLabel('Prénom', { exact: true });
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await firstName.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()).toBe('Le prénom est requis');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'auth-register-errors-1280');

    await fillRegister(page, { firstName: account.firstName, lastName: account.lastName, email: 'pas-une-adresse', password: '123' });
    await submitRegister(page);
    await expectAlerts(page, ['Adresse email invalide', 'Le mot de passe doit contenir au moins 6 caractères']);
    expect(await page.getByText('Le prénom est requis').count()).toBe(0);
    expect(await page.getByText('Le nom est requis').count()).toBe(0);

    await fillRegister(page, { email: account.email, password: account.password, confirm: 'autre-chose' });
    await submitRegister(page);
    await expectAlerts(page, ['Les mots de passe ne correspondent pas']);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('creates the account and lands on / signed in; the session survives a reload; logout returns to the visitor menu', async () => {
    const page = await newPage();
    await page.goto('/register');
    await fillRegister(page, { ...account, confirm: account.password });
    await submitRegister(page);
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Connexion', exact: true }).count()).toBe(0);

    await page.reload();
    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).waitFor();
    await page.goto('/account');
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);

    // A signed-in user has nothing to do on /login: sent home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');

    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).click();
    await mainNav(page).getByRole('link', { name: 'Connexion', exact: true }).waitFor();
    await mainNav(page).getByRole('link', { name: 'Inscription', exact: true }).waitFor();
    expect(await mainNav(page).getByRole('button', { name: 'Déconnexion' }).count()).toBe(0);
    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Connexion', exact: true }).waitFor();
  });

  it("refuses an address already in use with 'Cette adresse email est déjà utilisée'", async () => {
    const page = await newPage();
    await page.goto('/register');
    await fillRegister(page, {
      firstName: 'Double',
      lastName: 'Compte',
      email: DEMO_ACCOUNTS.user,
      password: 'secret-qa-2',
      confirm: 'secret-qa-2',
    });
    await submitRegister(page);
    await expectAlerts(page, ['Cette adresse email est déjà utilisée']);
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });

  it('is usable at 390 px', async () => {
    const page = await newPage(MOBILE);
    await page.goto('/register');
    await page.getByRole('button', { name: "S'inscrire" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'auth-register-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('login', () => {
  it('shows the validation messages, toggles the password visibility and toasts a wrong password', async () => {
    const page = await newPage();
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Connexion' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'auth-login-1280');
    await page.getByRole('link', { name: 'Inscription' }).last().waitFor();

    await submitLogin(page);
    await expectAlerts(page, ["L'email est requis", 'Le mot de passe est requis']);
    await page.getByLabel('Email', { exact: true }).fill('pas-une-adresse');
    await page.getByLabel('Mot de passe', { exact: true }).fill('123');
    await submitLogin(page);
    await expectAlerts(page, ['Adresse email invalide', 'Le mot de passe doit contenir au moins 6 caractères']);

    const password = page.getByLabel('Mot de passe', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Afficher la saisie' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Masquer la saisie' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Masquer la saisie' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.user);
    await password.fill('mauvais-mot-de-passe');
    await submitLogin(page);
    await page.getByText('Email ou mot de passe incorrect', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'auth-login-toast-1280');
  });

  it('signs in the new account, which stays signed in after a reload', async () => {
    const page = await newPage(MOBILE);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'auth-login-390');

    await page.getByLabel('Email', { exact: true }).fill(account.email.toUpperCase());
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await submitLogin(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.reload();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Déconnexion' }).waitFor();
    await menu.getByText(`${account.firstName} ${account.lastName}`).waitFor();
  });
});
