import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { apiLogin, runTag, submitCreative } from './support/api';
import { expectNoSeriousA11yViolations, login, MOBILE, newPage, pickOneChipPerGroup, screenshot } from './support/browser';

/**
 * Issue 18, duplicate detection: the agency picks a file that is already in the library, sees
 * 'Cette créative semble déjà présente' with the match before sending, and sends it all the same; the
 * specialist finds it marked 'Doublon possible' in the validation queue, with a link to the original.
 * At 1440 px (the exact same file) and 390 px (the same picture re-encoded as a JPEG).
 */
const tag = runTag();
const WIDE = { width: 1440, height: 900 } as const;

/** A picture with structure, unlike any of the demo's. */
const picture = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800">
      <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs>
      <rect width="640" height="800" fill="url(#g)"/><circle cx="180" cy="220" r="150" fill="#f97316"/>
      <rect x="300" y="460" width="280" height="240" fill="#fef08a"/><text x="40" y="760" font-size="64" fill="#fff">Doublon ${tag}</text></svg>`),
  )
    .png()
    .toBuffer();

let original: Creative;
let originalPng: Buffer;
const pages: Page[] = [];

beforeAll(async () => {
  originalPng = await picture();
  original = await submitCreative(await apiLogin('specialist'), { name: `Original ${tag}`, advertiser: `Marque ${tag}` }, 0, {
    buffer: originalPng,
    type: 'image/png',
    name: 'original.png',
  });
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.close()));
});

const cardOf = (page: Page, name: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

for (const [label, viewport, file] of [
  ['1440', WIDE, async () => ({ name: 'copie.png', mimeType: 'image/png', buffer: originalPng })],
  [
    '390',
    MOBILE,
    async () => ({ name: 'copie.jpg', mimeType: 'image/jpeg', buffer: await sharp(originalPng).jpeg({ quality: 60 }).toBuffer() }),
  ],
] as const) {
  describe(`at ${label} px`, () => {
    const copyName = `Copie ${label} ${tag}`;

    it('the agency is warned before sending, with the match, and may still send', async () => {
      const page = await newPage(viewport);
      pages.push(page);
      await login(page, 'agency');
      await page.goto('/submit');
      await page.getByLabel('Fichier média').setInputFiles(await file());
      const warning = page.getByRole('status').filter({ hasText: 'Cette créative semble déjà présente' });
      await warning.waitFor();
      const link = warning.getByRole('link', { name: original.name, exact: true });
      expect(await link.getAttribute('href')).toBe(`/creatives/${original.id}`);
      await expect.poll(() => warning.getByText(original.advertiser, { exact: true }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page);
      await warning.scrollIntoViewIfNeeded();
      await screenshot(page, `duplicates-warning-${label}`, { fullPage: false });

      await page.getByLabel('Nom de la créative', { exact: true }).fill(copyName);
      await pickOneChipPerGroup(page);
      await expect.poll(() => warning.getByText(/Vous pouvez tout de même l’envoyer avec « Soumettre la créative »/).count()).toBe(1);
      await page.getByRole('button', { name: 'Soumettre la créative', exact: true }).click();
      await page.getByRole('dialog', { name: 'Créative soumise !' }).waitFor();
    });

    it("the specialist sees 'Doublon possible' in the validation queue, linking to the original", async () => {
      const page = await newPage(viewport);
      pages.push(page);
      await login(page, 'specialist');
      await page.goto('/admin/creatives');
      const card = cardOf(page, copyName);
      await card.waitFor();
      await card.getByText('Doublon possible', { exact: true }).waitFor();
      const link = card.getByRole('link', { name: 'Voir l’original', exact: true });
      expect(await link.getAttribute('href')).toBe(`/creatives/${original.id}`);
      await expectNoSeriousA11yViolations(page);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `duplicates-review-${label}`, { fullPage: false });
      await link.click();
      await page.getByRole('heading', { name: original.name, level: 1 }).waitFor();
    });
  });
}
