import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@domain/messages';
import { CATEGORY_KEYS, CATEGORY_LABELS, CATEGORY_LISTS } from '@domain/vocabulary';
import { DEMO_PROJECT_ID } from '../scripts/firebase/demo-seed';
import { expectNoSeriousA11yViolations, login, newPage } from '../e2e/support/browser';

/**
 * 'Pertinence' in the Firebase build (docs/decisions/027): the admin adds two creatives with a word
 * of their own, first in one's name, then — newer — in the other's advertiser only; a visitor's
 * search lists them newest first under 'Plus récentes' and the name match first under 'Pertinence'
 * (the default of a search). The two creatives are deleted afterwards: the other journeys expect
 * the demo catalogue.
 */

const WORD = `Quetzal${Math.random().toString(36).slice(2, 7)}`;
const IN_NAME = { name: `Offre ${WORD} de printemps`, advertiser: 'Maison Pertinence' };
const IN_ADVERTISER = { name: 'Nouveauté du jour, prix doux', advertiser: `${WORD} Studio` };

const gallery = (page: Page) => page.getByRole('region', { name: 'Galerie des créas' });
const cardNames = (page: Page) => gallery(page).locator('article').getByRole('heading', { level: 3 }).allTextContents();
const sortButton = (page: Page, label: string) =>
  gallery(page).getByRole('group', { name: 'Trier' }).getByRole('button', { name: label, exact: true });

/** The emulator's REST root, as its owner (the rules do not apply: the clean-up). */
const documents = () => `http://${inject('firestoreHost')}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents`;
const OWNER = { Authorization: 'Bearer owner' };

/** Deletes the creatives this file added, with their analysis. */
async function removeAdded(): Promise<void> {
  const key = WORD.toLowerCase().slice(0, 10);
  const where = { fieldFilter: { field: { fieldPath: 'searchKeys' }, op: 'ARRAY_CONTAINS', value: { stringValue: key } } };
  const res = await fetch(`${documents()}:runQuery`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'creatives' }], where } }),
  });
  const rows = (await res.json()) as { document?: { name: string } }[];
  for (const name of rows.flatMap((r) => (r.document ? [r.document.name] : []))) {
    const url = `http://${inject('firestoreHost')}/v1/${name}`;
    for (const target of [`${url}/private/analysis`, url])
      expect((await fetch(target, { method: 'DELETE', headers: OWNER })).status).toBe(200);
  }
}

async function addCreative(page: Page, creative: { name: string; advertiser: string }): Promise<void> {
  await page.goto('/admin/submit');
  await page.getByRole('heading', { level: 1, name: 'Formulaire admin' }).waitFor();
  await page.getByLabel('Nom', { exact: true }).fill(creative.name);
  await page.getByLabel('Annonceur', { exact: true }).fill(creative.advertiser);
  await page.getByLabel("URL de l'image", { exact: true }).fill(new URL('/favicon.svg', page.url()).href);
  for (const key of CATEGORY_KEYS) await page.getByLabel(CATEGORY_LABELS[key], { exact: true }).selectOption(CATEGORY_LISTS[key][0]!);
  await page.getByRole('button', { name: 'Ajouter la créative', exact: true }).click();
  await page.getByRole('status').getByText(MSG.adminSuccess).waitFor({ timeout: 20_000 });
}

describe("visitor, 'Pertinence'", () => {
  afterAll(removeAdded);

  it('the admin adds a name match, then a newer advertiser-only match', async () => {
    const admin = await newPage();
    await login(admin, 'admin');
    await addCreative(admin, IN_NAME);
    await addCreative(admin, IN_ADVERTISER);
    await admin.context().close();
  });

  it("a search lists the name match first in 'Pertinence', the newer one first in 'Plus récentes'", async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('searchbox').filter({ visible: true }).fill(WORD.toLowerCase());
    const relevance = sortButton(page, 'Pertinence');
    await relevance.waitFor();
    expect(await relevance.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cardNames(page), { timeout: 20_000 }).toEqual([IN_NAME.name, IN_ADVERTISER.name]);
    await expectNoSeriousA11yViolations(page);

    await sortButton(page, 'Plus récentes').click();
    await expect.poll(() => cardNames(page), { timeout: 20_000 }).toEqual([IN_ADVERTISER.name, IN_NAME.name]);
    await relevance.click();
    await expect.poll(() => cardNames(page), { timeout: 20_000 }).toEqual([IN_NAME.name, IN_ADVERTISER.name]);
    await page.context().close();
  });

  it('the clean-up leaves the demo catalogue as it was', async () => {
    await removeAdded();
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('searchbox').filter({ visible: true }).fill(WORD.toLowerCase());
    await page.getByText('Aucune créative ne correspond à votre recherche').waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});
