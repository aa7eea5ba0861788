import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { apiLogin, runTag, submitCreative } from './support/api';
import { expectNoSeriousA11yViolations, MOBILE, newPage, screenshot } from './support/browser';

/**
 * Discovery (issue 17): suggestions under the search box while typing — an advertiser becomes the
 * search, a tag a filter, a creative opens — with the keyboard and the mouse; and 'Créatives
 * similaires' under a creative. At 1440 and 390 px. The creatives are made here through the API.
 */

const tag = runTag();
const WORD = `Qz${tag}`;
const ADVERTISER = `Maison ${WORD}`;
const WIDE = { width: 1440, height: 900 } as const;

let A: Creative;
let B: Creative;

beforeAll(async () => {
  const specialist = await apiLogin('specialist');
  const shared = { advertiser: ADVERTISER, sector: ['Sport'], type: ['Unboxing'], format: ['Carrousel'] };
  A = await submitCreative(specialist, { ...shared, name: `Affiche ${WORD} été` }, 1);
  B = await submitCreative(specialist, { ...shared, name: `Spot ${WORD} hiver` }, 2);
  expect([A.status, B.status]).toEqual(['approved', 'approved']);
});

const searchBox = (page: Page) => page.getByRole('searchbox').filter({ visible: true });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.getAll(name);
const gallery = (page: Page) => page.getByRole('region', { name: 'Galerie des créas' });

async function typeInSearch(page: Page, text: string) {
  await searchBox(page).click();
  await searchBox(page).pressSequentially(text, { delay: 30 });
  await suggestions(page).waitFor();
}

for (const [label, viewport] of [
  ['1440', WIDE],
  ['390', MOBILE],
] as const) {
  describe(`suggestions and similar creatives at ${label} px`, () => {
    let page: Page;

    it('↓ then Enter on an advertiser searches for it; the list is accessible while open', async () => {
      page = await newPage(viewport);
      await page.goto('/');
      await gallery(page).waitFor();
      await typeInSearch(page, WORD.toLowerCase().slice(0, 5));
      const box = searchBox(page);
      await expect.poll(() => box.getAttribute('aria-autocomplete')).toBe('list');
      await suggestions(page).getByRole('group', { name: 'Annonceurs' }).getByRole('option', { name: ADVERTISER }).waitFor();
      await suggestions(page).getByRole('option', { name: A.name }).waitFor();
      // The term reaches the URL, and the gallery its relevance sort, before axe looks at the page.
      await page.waitForURL((url) => url.searchParams.get('q') === WORD.toLowerCase().slice(0, 5));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `discovery-suggestions-${label}`, { fullPage: false });

      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      expect(await page.locator(`[id="${active}"]`).textContent()).toBe(ADVERTISER);
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === ADVERTISER);
      await expect.poll(() => suggestions(page).count()).toBe(0);
      await expect.poll(() => gallery(page).locator('article').count(), { timeout: 15_000 }).toBe(2);
    });

    it('a tag suggestion becomes a filter of the gallery and clears the text', async () => {
      await searchBox(page).fill('');
      await typeInSearch(page, 'unbox');
      await suggestions(page)
        .getByRole('group', { name: 'Tags' })
        .getByRole('option', { name: /^Unboxing/ })
        .click();
      await page.waitForURL((url) => url.searchParams.getAll('type').includes('Unboxing'));
      expect(param(page, 'q')).toEqual([]);
      await expect.poll(() => searchBox(page).inputValue()).toBe('');
    });

    it('Esc closes the list; ↑ then Enter on a creative opens it', async () => {
      await searchBox(page).fill('');
      await typeInSearch(page, WORD.toLowerCase());
      await searchBox(page).press('Escape');
      await expect.poll(() => suggestions(page).count()).toBe(0);
      await expect.poll(() => searchBox(page).inputValue()).toBe(WORD.toLowerCase());
      await searchBox(page).press('ArrowDown');
      await suggestions(page).waitFor();
      // ↑ walks back from the last option (the creatives' group comes last) to a creative.
      const activeName = async () => page.locator(`[id="${await searchBox(page).getAttribute('aria-activedescendant')}"]`).textContent();
      let name: string | null = null;
      for (let i = 0; i < 4 && !(name && [A.name, B.name].includes(name)); i++) {
        await searchBox(page).press('ArrowUp');
        name = await activeName();
      }
      expect([A.name, B.name]).toContain(name);
      await searchBox(page).press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/creatives/'));
      await page.getByRole('heading', { level: 1, name: name! }).waitFor();
    });

    it("'Créatives similaires' shows related creatives under the creative; a click opens one", async () => {
      await page.goto(`/creatives/${A.id}`);
      const section = page.getByRole('region', { name: 'Créatives similaires' });
      await section.getByRole('heading', { level: 2, name: 'Créatives similaires' }).waitFor();
      const names = section.getByRole('heading', { level: 3 });
      await expect.poll(() => names.allTextContents(), { timeout: 15_000 }).toContain(B.name);
      expect(await names.allTextContents()).not.toContain(A.name);
      expect(await names.count()).toBeLessThanOrEqual(6);
      await section.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `discovery-similar-${label}`);
      await section.getByRole('link', { name: B.name }).first().click();
      await page.waitForURL((url) => url.pathname === `/creatives/${B.id}`);
      await page.getByRole('heading', { level: 1, name: B.name }).waitFor();
      await page.context().close();
    });
  });
}
