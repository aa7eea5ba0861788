import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { apiJson, apiLogin, runTag, submitCreative, type ApiSession } from './support/api';
import { expectNoSeriousA11yViolations, login, MOBILE, newPage, screenshot } from './support/browser';

/**
 * Issue 19, the notification centre: the agency submits a creative; the specialist's bell counts it
 * at once (no reload) and its panel leads to the validation queue; the specialist approves it there;
 * the agency's bell counts the approval live, its panel says 'approuvée' and the link opens the
 * creative. Axe with the panel open; the bell on a phone too. The creative is deleted at the end
 * (its notifications go with it).
 */

const tag = runTag();
const name = `Cloche ${tag}`.slice(0, 35);
let agency: Page;
let specialist: Page;
let agencyApi: ApiSession;
let staffApi: ApiSession;
let creative: Creative | null = null;
/** Everything this journey submitted, deleted at the end. */
const created: Creative[] = [];

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** The unread count the bell's accessible name gives ('Notifications, 3 non lues'; 0 without a number). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) non lue/.exec(label)?.[1] ?? 0);
}

/**
 * The server's unread count, once the bell shows it too. The bell says nothing until its live count
 * arrives, so reading the figure from the page alone could take that silence for 0.
 */
async function settledUnread(page: Page, session: ApiSession): Promise<number> {
  const { unread } = await apiJson<{ unread: number }>(session, 'GET', '/api/notifications/unread-count');
  await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(unread);
  return unread;
}

afterAll(async () => {
  for (const c of created) await apiJson(staffApi, 'DELETE', `/api/creatives/${c.id}`).catch(() => {});
  await agency?.close();
  await specialist?.close();
});

describe('notification centre', () => {
  it('counts a new pending creative on the staff’s bell, live', async () => {
    agencyApi = await apiLogin('agency');
    staffApi = await apiLogin('specialist');
    specialist = await newPage();
    await login(specialist, 'specialist');
    agency = await newPage();
    await login(agency, 'agency');
    const before = await settledUnread(specialist, staffApi);

    creative = await submitCreative(agencyApi, { name, advertiser: `Marque ${tag}` });
    created.push(creative);
    await expect.poll(() => unreadOf(specialist), { timeout: 10_000 }).toBe(before + 1);
    expect(await bell(specialist).getAttribute('aria-label')).toBe(`Notifications, ${before + 1} non ${before + 1 > 1 ? 'lues' : 'lue'}`);
  });

  it('lists it in the panel (keyboard, axe clean) and leads to the validation queue', async () => {
    await bell(specialist).focus();
    await specialist.keyboard.press('Enter');
    const panel = specialist.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: new RegExp(`Nouvelle créative à valider : « ${name} »`) });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/à l'instant|il y a \d+ min/);
    await expectNoSeriousA11yViolations(specialist);
    await screenshot(specialist, 'notifications-staff-panel', { fullPage: false });

    await specialist.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await specialist.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Notifications/);

    await bell(specialist).click();
    await item.click();
    await specialist.waitForURL((url) => url.pathname === '/admin/creatives');
  });

  it('tells the agency live that the creative was approved, and the link opens it', async () => {
    const before = await settledUnread(agency, agencyApi);
    const card = specialist.getByRole('article').filter({ has: specialist.getByRole('heading', { name, exact: true }) });
    await card.getByRole('button', { name: 'Approuver', exact: true }).click();
    await expect.poll(() => unreadOf(agency), { timeout: 10_000 }).toBe(before + 1);

    await bell(agency).click();
    const panel = agency.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: new RegExp(`Votre créative « ${name} » a été approuvée`) });
    await item.waitFor();
    expect(await item.textContent()).toContain('Non lue');
    await expectNoSeriousA11yViolations(agency);
    await screenshot(agency, 'notifications-agency-panel', { fullPage: false });
    await item.click();
    await agency.waitForURL((url) => url.pathname === `/creatives/${creative!.id}`);
    await agency.getByRole('heading', { name, exact: true }).waitFor();
    await expect.poll(() => unreadOf(agency)).toBe(before);
  });

  it("marks everything read with 'Tout marquer comme lu'; phones have the bell too", async () => {
    await apiJson(agencyApi, 'POST', '/api/notifications/read-all');
    created.push(await submitCreative(agencyApi, { name: `${name} bis`.slice(0, 35), advertiser: `Marque ${tag}` }, 1));
    const phone = await newPage(MOBILE);
    try {
      await login(phone, 'specialist');
      await bell(phone).click();
      const panel = phone.getByRole('dialog', { name: 'Notifications' });
      await panel
        .getByRole('link', { name: /^Non lue/ })
        .first()
        .waitFor();
      await expectNoSeriousA11yViolations(phone);
      await screenshot(phone, 'notifications-mobile-panel', { fullPage: false });
      await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
      await expect.poll(() => unreadOf(phone)).toBe(0);
      expect(await panel.getByText('Non lue', { exact: false }).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it('has no bell for visitors', async () => {
    const visitor = await newPage();
    try {
      await visitor.goto('/');
      await visitor.getByRole('link', { name: 'Connexion' }).first().waitFor();
      expect(await bell(visitor).count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
