import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analytics, Creative } from '@domain/types';
import { listApproved, runTag } from './support/api';
import {
  DESKTOP,
  expectNoSeriousA11yViolations as axeCheck,
  expectToast,
  login,
  MOBILE,
  newPage,
  screenshot as saveScreenshot,
  SCREENSHOT_DIR,
} from './support/browser';

/**
 * Issue 5: organise and administer. A plain user's folder journey on /folders, from a creative's
 * page and from a gallery card; the admin's user table (search, role chips, own row locked) and a
 * role change that reaches the user at once; analytics for the specialist (30 days by default, the
 * period changes the figures and the URL) and 'Accès non autorisé' for a plain user.
 * Spec §2 (Folders, User administration, Analytics), §5, §6, §8.
 *
 * Each describe is one journey whose tests follow each other. One sign-in per demo role.
 */

const tag = runTag();
const folderName = `Inspirations ${tag}`;
const renamed = `Mes pépites ${tag}`;
const fromMenu = `Depuis le menu ${tag}`;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** A creative's card (<article>) in a grid, by its name. */
const cardOf = (page: Page, name: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function expectText(scope: Page | Locator, text: string, count = 1): Promise<void> {
  await expect.poll(() => scope.getByText(text, { exact: true }).count(), { message: `"${text}" × ${count}` }).toBe(count);
}

/** axe once transitions and finite animations are over (a tab caught mid-fade fails the contrast rule). */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await axeCheck(page);
}

/** A full-page screenshot from the top (else the sticky top bar is drawn where the page was scrolled to). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** The visible part only: for menus and dialogs. */
async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Screenshots the current page at 390 px wide, then goes back to 1280 px. */
async function mobileScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

/** The top-bar search box (the visible one: it moves between two rows with the width). */
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher une créa' });

async function search(page: Page, term: string): Promise<void> {
  await searchBox(page).fill(term);
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === term);
}

// ---------------------------------------------------------------------------------------------
describe('folders (plain user)', () => {
  let user: Page;
  /** Two of the oldest approved creatives (demo content, not made by other journeys), names not containing each other. */
  let first: Creative;
  let second: Creative;
  const folderItem = (name: string) =>
    user
      .getByRole('navigation', { name: /^Liste des dossiers/ })
      .getByRole('listitem')
      .filter({ hasText: name });

  beforeAll(async () => {
    const approved = (await listApproved()).reverse();
    first = approved[0]!;
    second = approved.find(
      (c) =>
        c.id !== first.id &&
        !c.name.toLowerCase().includes(first.name.toLowerCase()) &&
        !first.name.toLowerCase().includes(c.name.toLowerCase()),
    )!;
    expect(second).toBeDefined();
  });

  it('creates a folder; an empty or blank name is refused', async () => {
    user = await newPage();
    await login(user, 'user');
    await mainNav(user).getByRole('link', { name: 'Dossiers' }).click();
    await user.waitForURL((url) => url.pathname === '/folders');
    await user.getByRole('heading', { level: 1, name: 'Mes dossiers' }).waitFor();

    const input = user.getByLabel('Nouveau dossier', { exact: true });
    const create = user.getByRole('button', { name: 'Créer', exact: true });
    await create.click();
    await expectText(user, 'Le nom du dossier est requis');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('   ');
    await create.click();
    await expectText(user, 'Le nom du dossier est requis');
    await expectNoSeriousA11yViolations(user);

    await input.fill(`  ${folderName}  `);
    await create.click();
    await folderItem(folderName).waitFor();
    await expectText(user, 'Le nom du dossier est requis', 0);
    await expect.poll(() => input.inputValue()).toBe(''); // cleared by the mutate callback, a tick after the list updates
    // The new folder is selected: its (empty) panel is shown.
    await user.getByRole('heading', { level: 2, name: folderName, exact: true }).waitFor();
    await user.getByText('Ce dossier est vide').waitFor();
    expect(new URL(user.url()).searchParams.get('folder')).toBeTruthy();
  });

  it('renames inline: Enter saves, Escape cancels', async () => {
    await user.getByRole('button', { name: `Renommer le dossier « ${folderName} »` }).click();
    const field = user.getByRole('textbox', { name: `Nouveau nom du dossier « ${folderName} »` });
    await field.fill(renamed);
    await field.press('Enter');
    await folderItem(renamed).waitFor();
    await user.getByRole('heading', { level: 2, name: renamed, exact: true }).waitFor();
    // Focus goes back to the rename button.
    const renameButton = user.getByRole('button', { name: `Renommer le dossier « ${renamed} »` });
    await expect.poll(() => renameButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await renameButton.click();
    const again = user.getByRole('textbox', { name: `Nouveau nom du dossier « ${renamed} »` });
    await again.fill('Nom abandonné');
    await again.press('Escape');
    await again.waitFor({ state: 'detached' });
    await expectText(user, 'Nom abandonné', 0);
    await folderItem(renamed).waitFor();

    // Enter on a blank name explains and keeps editing; Escape then leaves the name as it was.
    await renameButton.click();
    await again.fill('  ');
    await again.press('Enter');
    await expectText(user, 'Le nom du dossier est requis');
    await again.press('Escape');

    // A blur saves too.
    await renameButton.click();
    await again.fill(`${renamed} bis`);
    await user.getByRole('heading', { level: 1, name: 'Mes dossiers' }).click();
    await folderItem(`${renamed} bis`).waitFor();
    await user.getByRole('button', { name: `Renommer le dossier « ${renamed} bis »` }).click();
    await user.getByRole('textbox', { name: `Nouveau nom du dossier « ${renamed} bis »` }).fill(renamed);
    await user.keyboard.press('Enter');
    await folderItem(renamed).waitFor();

    // Saved on the server: still there after a reload.
    await user.reload();
    await folderItem(renamed).waitFor();
    expect(await folderItem(folderName).count()).toBe(0);
  });

  it("adds a creative from its page and another from a gallery card's menu (tick shown)", async () => {
    await user.goto(`/creatives/${first.id}`);
    await user.getByRole('heading', { level: 1, name: first.name }).waitFor();
    await user.getByRole('button', { name: 'Ajouter à un dossier' }).click();
    const menu = user.getByRole('menu');
    const item = menu.getByRole('menuitemcheckbox', { name: renamed });
    await item.waitFor();
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await item.click();
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await item.locator('svg').waitFor();
    await expectNoSeriousA11yViolations(user);

    // 'Nouveau dossier' in the menu creates a folder and files the creative in it.
    await menu.getByRole('menuitem', { name: 'Nouveau dossier' }).click();
    const newName = menu.getByRole('textbox', { name: 'Nom du nouveau dossier' });
    await newName.press('Enter');
    await expectText(menu, 'Le nom du dossier est requis');
    await newName.fill(fromMenu);
    await newName.press('Enter');
    const created = menu.getByRole('menuitemcheckbox', { name: fromMenu });
    await created.waitFor();
    await expect.poll(() => created.getAttribute('aria-checked')).toBe('true');
    await viewportScreenshot(user, 'organise-folder-menu-detail-1280');
    await user.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await user.goto('/');
    await search(user, second.name);
    const card = cardOf(user, second.name);
    await card.waitFor();
    await card.getByRole('button', { name: 'Ajouter à un dossier' }).click();
    const cardItem = user.getByRole('menu').getByRole('menuitemcheckbox', { name: renamed });
    await cardItem.waitFor();
    expect(await cardItem.getAttribute('aria-checked')).toBe('false');
    await cardItem.click();
    await expect.poll(() => cardItem.getAttribute('aria-checked')).toBe('true');
    const tick = cardItem.locator('svg');
    await tick.waitFor();
    expect(await tick.isVisible()).toBe(true);
    await viewportScreenshot(user, 'organise-folder-menu-card-1280');
    await user.keyboard.press('Escape');

    // Opened again, the menu remembers.
    await card.getByRole('button', { name: 'Ajouter à un dossier' }).click();
    await expect
      .poll(() => user.getByRole('menu').getByRole('menuitemcheckbox', { name: renamed }).getAttribute('aria-checked'))
      .toBe('true');
    await user.keyboard.press('Escape');
  });

  it('the folder lists them; the top-bar search filters it; one is removed', async () => {
    await mainNav(user).getByRole('link', { name: 'Dossiers' }).click();
    await user.waitForURL((url) => url.pathname === '/folders');
    await folderItem(renamed).getByRole('link').click();
    await user.getByRole('heading', { level: 2, name: renamed, exact: true }).waitFor();
    await cardOf(user, first.name).waitFor();
    await cardOf(user, second.name).waitFor();
    const panel = user.getByRole('region', { name: renamed });
    await panel.getByText('2 créas', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(user);
    await screenshot(user, 'organise-folders-1280');
    await mobileScreenshot(user, 'organise-folders-390');

    await search(user, first.name.toUpperCase());
    await user.getByText(`Résultats pour « ${first.name.toUpperCase()} »`).waitFor();
    await cardOf(user, second.name).waitFor({ state: 'detached' });
    await cardOf(user, first.name).waitFor();
    await search(user, `zz-introuvable-${tag}`);
    await user.getByText('Aucune créa de ce dossier ne correspond à votre recherche').waitFor();
    await search(user, '');
    await cardOf(user, second.name).waitFor();

    await cardOf(user, first.name).getByRole('button', { name: 'Retirer du dossier' }).click();
    await cardOf(user, first.name).waitFor({ state: 'detached' });
    await cardOf(user, second.name).waitFor();
    await panel.getByText('1 créa', { exact: true }).waitFor();
    await user.reload();
    await cardOf(user, second.name).waitFor();
    expect(await cardOf(user, first.name).count()).toBe(0);
  });

  it('deletes the folder after the browser confirm', async () => {
    // Dismissing the confirm keeps it.
    let message = '';
    user.once('dialog', (d) => {
      message = d.message();
      void d.dismiss();
    });
    await user.getByRole('button', { name: `Supprimer le dossier « ${renamed} »` }).click();
    await expect.poll(() => message).toContain(renamed);
    await folderItem(renamed).waitFor();

    user.once('dialog', (d) => void d.accept());
    await user.getByRole('button', { name: `Supprimer le dossier « ${renamed} »` }).click();
    await folderItem(renamed).waitFor({ state: 'detached' });
    await folderItem(fromMenu).waitFor();
    user.once('dialog', (d) => void d.accept());
    await user.getByRole('button', { name: `Supprimer le dossier « ${fromMenu} »` }).click();
    await folderItem(fromMenu).waitFor({ state: 'detached' });
    await user.getByText('Commencez par créer un dossier').waitFor();
    await user.reload();
    await user.getByRole('heading', { level: 1, name: 'Mes dossiers' }).waitFor();
    await user.getByRole('navigation', { name: /^Liste des dossiers/ }).waitFor();
    expect(await folderItem(renamed).count()).toBe(0);
    expect(await folderItem(fromMenu).count()).toBe(0);
  });

  it("a plain user gets 'Accès non autorisé' on /admin/analytics and has no analytics entry", async () => {
    expect(await mainNav(user).getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    await user.goto('/admin/analytics');
    await user.getByRole('heading', { level: 1, name: 'Accès non autorisé' }).waitFor();
    expect(await user.getByRole('heading', { level: 1, name: 'Analytics' }).count()).toBe(0);
    await screenshot(user, 'organise-analytics-denied-1280');
  });
});

// ---------------------------------------------------------------------------------------------
describe('user administration (admin)', () => {
  let admin: Page;
  let member: Page;
  const fresh = {
    firstName: 'Noémie',
    lastName: `Rôle${tag}`,
    email: `qa-role-${tag}@example.com`,
    password: 'secret-qa-5',
  };
  const rowOf = (name: string) => admin.getByRole('row').filter({ has: admin.getByText(name, { exact: true }) });
  const bodyRows = () => admin.locator('tbody tr');
  // 'N utilisateurs', or 'N utilisateurs affichés' while 'Charger plus' has more.
  const countLine = () => admin.getByText(/^\d+ utilisateurs?( affichés?)?$/);

  it('a newly registered member is signed in (another browser)', async () => {
    member = await newPage();
    await member.goto('/register');
    await member.getByLabel('Prénom', { exact: true }).fill(fresh.firstName);
    await member.getByLabel('Nom', { exact: true }).fill(fresh.lastName);
    await member.getByLabel('Email', { exact: true }).fill(fresh.email);
    await member.getByLabel('Mot de passe', { exact: true }).fill(fresh.password);
    await member.getByLabel('Confirmer le mot de passe', { exact: true }).fill(fresh.password);
    await member.getByRole('button', { name: "S'inscrire", exact: true }).click();
    await member.waitForURL((url) => url.pathname === '/');
    await mainNav(member).getByRole('link', { name: 'Dossiers' }).waitFor();
    expect(await mainNav(member).getByRole('link', { name: 'Mes créas' }).count()).toBe(0);
  });

  it('the search (first last or e-mail, any case) and the role chips narrow the table', async () => {
    admin = await newPage();
    await login(admin, 'admin');
    await mainNav(admin).getByRole('link', { name: 'Utilisateurs' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/users');
    await admin.getByRole('heading', { level: 1, name: 'Gestion des utilisateurs' }).waitFor();
    await rowOf(`${fresh.firstName} ${fresh.lastName}`).waitFor();
    const total = await bodyRows().count();
    expect(total).toBeGreaterThan(4);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'organise-users-1280');
    await mobileScreenshot(admin, 'organise-users-390');

    const box = admin.getByRole('searchbox', { name: 'Rechercher un utilisateur' });
    await box.fill(`${fresh.firstName} ${fresh.lastName}`.toUpperCase());
    await expect.poll(() => bodyRows().count()).toBe(1);
    await rowOf(`${fresh.firstName} ${fresh.lastName}`).waitFor();
    expect(await countLine().textContent()).toBe('1 utilisateur');
    await box.fill(fresh.email.toUpperCase());
    await expect.poll(() => bodyRows().count()).toBe(1);
    await box.fill(`zz-personne-${tag}`);
    await admin.getByText('Aucun utilisateur ne correspond à vos critères de recherche', { exact: true }).waitFor();
    expect(await bodyRows().count()).toBe(0);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'organise-users-empty-1280');
    await box.fill('');
    await expect.poll(() => bodyRows().count()).toBe(total);

    // Role chips: several at once, none = every role.
    const chips = admin.getByRole('group', { name: 'Filtrer par rôle' });
    const roleValues = () => admin.locator('tbody select').evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).value));
    await chips.getByRole('button', { name: 'Agence', exact: true }).click();
    await expect.poll(() => chips.getByRole('button', { name: 'Agence', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => [...new Set(await roleValues())]).toEqual(['agency']);
    await chips.getByRole('button', { name: 'Spécialiste', exact: true }).click();
    await expect.poll(async () => [...new Set(await roleValues())].sort()).toEqual(['agency', 'specialist']);
    const agencyAndSpecialists = await bodyRows().count();
    expect(agencyAndSpecialists).toBeGreaterThanOrEqual(2);
    expect(agencyAndSpecialists).toBeLessThan(total);
    // Chips and search combine.
    await box.fill('agence@example');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await box.fill(fresh.email);
    await admin.getByText('Aucun utilisateur ne correspond à vos critères de recherche', { exact: true }).waitFor();
    await box.fill('');
    await chips.getByRole('button', { name: 'Agence', exact: true }).click();
    await chips.getByRole('button', { name: 'Spécialiste', exact: true }).click();
    await expect.poll(() => bodyRows().count()).toBe(total);
  });

  it("the admin's own row cannot be changed nor deleted, and says so", async () => {
    const own = admin.getByRole('row').filter({ hasText: '(vous)' });
    await own.waitFor();
    expect(await own.count()).toBe(1);
    expect(await own.getByRole('combobox').isDisabled()).toBe(true);
    expect(await own.getByRole('combobox').inputValue()).toBe('admin');
    expect(await own.getByRole('button', { name: /^Supprimer/ }).isDisabled()).toBe(true);
    await own.getByText('Vous ne pouvez pas modifier votre propre rôle').waitFor();
  });

  it("changes the member's role to 'agency': their session ends; signed in again they see 'Mes créas' and 'Ajouter une créa'", async () => {
    const name = `${fresh.firstName} ${fresh.lastName}`;
    const select = admin.getByRole('combobox', { name: `Rôle de ${name}` });
    expect(await select.inputValue()).toBe('user');
    await select.selectOption('agency');
    await expectToast(admin, `Rôle de ${name} : Agence`);
    await admin.reload();
    await expect.poll(() => admin.getByRole('combobox', { name: `Rôle de ${name}` }).inputValue()).toBe('agency');

    // The member's open session no longer works.
    await member.reload();
    await mainNav(member).getByRole('link', { name: 'Connexion', exact: true }).waitFor();
    expect(await mainNav(member).getByRole('link', { name: 'Mes créas' }).count()).toBe(0);

    await member.goto('/login');
    await member.getByLabel('Email', { exact: true }).fill(fresh.email);
    await member.getByLabel('Mot de passe', { exact: true }).fill(fresh.password);
    await member.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await member.waitForURL((url) => url.pathname === '/');
    await mainNav(member).getByRole('link', { name: 'Mes créas' }).waitFor();
    await mainNav(member).getByRole('link', { name: 'Ajouter une créa' }).waitFor();
    expect(
      await mainNav(member)
        .getByRole('link', { name: /^Validation/ })
        .count(),
    ).toBe(0);
    await member.getByRole('link', { name: 'Mes créas' }).click();
    await member.getByRole('heading', { level: 1, name: 'Mes créas' }).waitFor();
  });

  it("deletes the member after 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?': they can no longer sign in", async () => {
    const name = `${fresh.firstName} ${fresh.lastName}`;
    await admin.getByRole('button', { name: `Supprimer ${name}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?' });
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(admin);
    await viewportScreenshot(admin, 'organise-users-delete-1280');
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await rowOf(name).waitFor({ state: 'detached' });

    await member.reload();
    await mainNav(member).getByRole('link', { name: 'Connexion', exact: true }).waitFor();
    await member.goto('/login');
    await member.getByLabel('Email', { exact: true }).fill(fresh.email);
    await member.getByLabel('Mot de passe', { exact: true }).fill(fresh.password);
    await member.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await member.getByText('Email ou mot de passe incorrect').first().waitFor();
    expect(new URL(member.url()).pathname).toBe('/login');
  });
});

// ---------------------------------------------------------------------------------------------
describe('analytics (specialist)', () => {
  let specialist: Page;

  /** The figure of a stat card, e.g. 'Créatives' → 42. */
  const figure = async (label: string): Promise<number> => {
    const card = specialist
      .getByRole('list', { name: 'Chiffres clés' })
      .getByRole('listitem')
      .filter({ has: specialist.getByText(label, { exact: true }) });
    const text = (await card.locator('p.text-2xl').textContent()) ?? '';
    return Number(text.replace(/\s/g, ''));
  };
  const fetchAnalytics = (period: string) =>
    specialist.evaluate(async (p) => (await fetch(`/api/analytics?period=${p}`)).json() as Promise<Analytics>, period);

  it('opens with the default period of 30 days', async () => {
    specialist = await newPage();
    await login(specialist, 'specialist');
    const request = specialist.waitForRequest((req) => new URL(req.url()).pathname === '/api/analytics');
    await mainNav(specialist).getByRole('link', { name: 'Analytics' }).click();
    await specialist.waitForURL((url) => url.pathname === '/admin/analytics');
    expect(new URL((await request).url()).searchParams.get('period')).toBe('30');
    await specialist.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    const periods = specialist.getByRole('group', { name: 'Période' });
    expect(await periods.getByRole('button', { name: '30 jours' }).getAttribute('aria-pressed')).toBe('true');
    expect(await periods.getByRole('button', { pressed: true }).count()).toBe(1);
    await specialist.getByText('Période :').getByText('30 jours').waitFor();
    await specialist.getByRole('list', { name: 'Chiffres clés' }).waitFor();
    await specialist.getByRole('heading', { name: 'Top contributeurs' }).waitFor();
    for (const title of ['Format', 'Objectif', 'Type', 'Secteur', 'Plateforme']) {
      await specialist.getByRole('heading', { name: title, exact: true }).waitFor();
    }

    const api = await fetchAnalytics('30');
    expect(await figure('Créatives')).toBe(api.totals.creatives);
    expect(await figure('Utilisateurs')).toBe(api.totals.users);
    expect(await figure("J'aime")).toBe(api.totals.likes);
    await expectNoSeriousA11yViolations(specialist);
    await screenshot(specialist, 'organise-analytics-1280');
    await mobileScreenshot(specialist, 'organise-analytics-390');
  });

  it('switching the period updates the URL and the figures', async () => {
    const periods = specialist.getByRole('group', { name: 'Période' });
    const all = await fetchAnalytics('all');
    const today = await fetchAnalytics('today');
    // The demo content spans months: all time holds more than today.
    expect(all.totals.creatives).toBeGreaterThan(today.totals.creatives);

    for (const [label, period, expected] of [
      ['Tout', 'all', all],
      ["Aujourd'hui", 'today', today],
    ] as const) {
      const response = specialist.waitForResponse((res) => {
        const url = new URL(res.url());
        return url.pathname === '/api/analytics' && url.searchParams.get('period') === period;
      });
      await periods.getByRole('button', { name: label, exact: true }).click();
      await response;
      await specialist.waitForURL((url) => url.searchParams.get('period') === period);
      expect(await periods.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed')).toBe('true');
      await specialist.getByText('Période :').getByText(label).waitFor();
      await expect.poll(() => figure('Créatives')).toBe(expected.totals.creatives);
      await expect.poll(() => figure('Utilisateurs')).toBe(expected.totals.users);
    }

    // The period survives a reload (it lives in the URL).
    await specialist.reload();
    expect(
      await specialist.getByRole('group', { name: 'Période' }).getByRole('button', { name: "Aujourd'hui" }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expect.poll(() => figure('Créatives')).toBe(today.totals.creatives);
    await expectNoSeriousA11yViolations(specialist);
  });
});
