import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousA11yViolations, login, MOBILE, newPage, screenshot, type DemoRole } from './support/browser';

/** The top bar per role (spec §2 Top bar, §6) on desktop and in the mobile menu. */

const EVERY_SIGNED_IN = ['Favoris', 'Dossiers', 'Mon compte'];
const VALIDATION = /^Validation/;
const STAFF_ONLY = [VALIDATION, 'Analytics'];

interface MenuExpectation {
  shows: (string | RegExp)[];
  hides: (string | RegExp)[];
}

const EXPECTED: Record<DemoRole, MenuExpectation> = {
  user: { shows: EVERY_SIGNED_IN, hides: ['Ajouter une créa', 'Mes créas', ...STAFF_ONLY, 'Utilisateurs'] },
  agency: { shows: [...EVERY_SIGNED_IN, 'Mes créas', 'Ajouter une créa'], hides: [...STAFF_ONLY, 'Utilisateurs'] },
  specialist: { shows: [...EVERY_SIGNED_IN, 'Ajouter une créa', ...STAFF_ONLY], hides: ['Mes créas', 'Utilisateurs'] },
  admin: { shows: [...EVERY_SIGNED_IN, 'Ajouter une créa', ...STAFF_ONLY, 'Utilisateurs'], hides: ['Mes créas'] },
};

const VISITOR_ENTRIES = ['Discuter avec nos experts créa', 'Connexion', 'Inscription'];

const exact = (name: string | RegExp) => (typeof name === 'string' ? { name, exact: true } : { name });

async function expectSignedInEntries(scope: Locator, role: DemoRole): Promise<void> {
  const { shows, hides } = EXPECTED[role];
  await scope.getByRole('button', { name: 'Déconnexion' }).waitFor();
  const missing: string[] = [];
  for (const name of shows) {
    if ((await scope.getByRole('link', exact(name)).count()) !== 1) missing.push(String(name));
  }
  const unexpected: string[] = [];
  for (const name of hides) {
    if ((await scope.getByRole('link', exact(name)).count()) !== 0) unexpected.push(String(name));
  }
  for (const name of VISITOR_ENTRIES) {
    if ((await scope.getByRole('link', exact(name)).count()) !== 0) unexpected.push(name);
  }
  expect({ role, missing, unexpected }).toEqual({ role, missing: [], unexpected: [] });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const hamburger = (page: Page) => page.getByRole('button', { name: /^Ouvrir le menu/ });
/** The same button by CSS: while the modal menu is open, the page behind it is hidden from the accessibility tree. */
const hamburgerElement = (page: Page) => page.locator('header button[aria-label^="Ouvrir le menu"]');
const mobileMenu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** Opens the mobile menu, runs `check`, closes it with Escape and checks focus went back to the hamburger. */
async function withMobileMenu(page: Page, check: (menu: Locator) => Promise<void>): Promise<void> {
  await hamburger(page).click();
  const menu = mobileMenu(page);
  await menu.waitFor();
  expect(await hamburgerElement(page).getAttribute('aria-expanded')).toBe('true');
  await check(menu);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Ouvrir le menu/);
  expect(await hamburger(page).getAttribute('aria-expanded')).toBe('false');
}

describe('visitor top bar', () => {
  it("shows the experts' prefilled e-mail, Connexion and Inscription", async () => {
    const page = await newPage();
    await page.goto('/');
    const nav = mainNav(page);
    const contact = nav.getByRole('link', { name: 'Discuter avec nos experts créa' });
    await contact.waitFor();
    const href = (await contact.getAttribute('href')) ?? '';
    const mailto = new URL(href);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    expect(mailto.searchParams.get('subject')?.trim()).toBeTruthy();
    expect(mailto.searchParams.get('body')?.trim()).toBeTruthy();

    await nav.getByRole('link', { name: 'Connexion', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await mainNav(page).getByRole('link', { name: 'Inscription', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    for (const name of ['Favoris', 'Mon compte', 'Ajouter une créa']) {
      expect(await mainNav(page).getByRole('link', { name }).count()).toBe(0);
    }
    expect(await mainNav(page).getByRole('button', { name: 'Déconnexion' }).count()).toBe(0);
    // The logo goes home.
    await page.getByRole('link', { name: /accueil/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('collapses into a hamburger at 390 px: dialog with the entries, Escape closes, focus returns', async () => {
    const page = await newPage(MOBILE);
    await page.goto('/');
    expect(await mainNav(page).isVisible()).toBe(false);
    await withMobileMenu(page, async (menu) => {
      for (const name of VISITOR_ENTRIES) await menu.getByRole('link', { name, exact: true }).waitFor();
      const href = (await menu.getByRole('link', { name: 'Discuter avec nos experts créa' }).getAttribute('href')) ?? '';
      expect(href).toMatch(/^mailto:.+\?subject=.+&body=.+/);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'menu-visitor-open-390', { fullPage: false });
    });
    // A menu entry navigates and closes the menu.
    await hamburger(page).click();
    await mobileMenu(page).getByRole('link', { name: 'Connexion', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await mobileMenu(page).waitFor({ state: 'detached' });
  });
});

describe('signed-in menus per role', () => {
  for (const role of ['user', 'agency', 'specialist', 'admin'] as const) {
    it(`${role}: desktop bar then the mobile menu show exactly the entries of the role`, async () => {
      const page = await newPage();
      await login(page, role);
      await expectSignedInEntries(mainNav(page), role);
      await screenshot(page, `menu-${role}-topbar-1280`);

      await page.setViewportSize(MOBILE);
      await hamburger(page).waitFor();
      await withMobileMenu(page, async (menu) => {
        await expectSignedInEntries(menu, role);
        if (role === 'user' || role === 'admin') {
          await expectNoSeriousA11yViolations(page);
          await screenshot(page, `menu-${role}-open-390`, { fullPage: false });
        }
      });
      await page.setViewportSize(DESKTOP);

      // Entries lead to their pages.
      await mainNav(page).getByRole('link', { name: 'Mon compte', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/account');
      await mainNav(page).getByRole('link', { name: 'Favoris', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/favorites');
    });
  }
});
