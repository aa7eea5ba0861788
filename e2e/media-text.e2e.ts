import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderCreative } from '../tests/fixtures/ocr/render-creatives';
import { apiJson, apiLogin, runTag } from './support/api';
import { expectNoSeriousA11yViolations, login, newPage, ONE_CHIP_PER_GROUP, screenshot } from './support/browser';
import type { Creative } from '@domain/types';

/**
 * What is inside the creative: an agency submits a 9:16 story whose only mention of a word is in the
 * picture; the server's job queue reads it (OCR, in a worker thread); once a specialist approves it, a
 * visitor finds it by that word, reads the text on its page ('Texte de la créative') and finds it again
 * with the « Proportions » filter — and not with another shape.
 */

const tag = runTag();
const name = `Story ${tag}`;
/** Written in the picture only: neither the name, the advertiser, the tags nor the analysis hold it. */
const WORD = 'Pamplemousse';

/** The analysis runs in the background: within 30 s on an idle server, more on a busy CI machine. */
const ANALYSIS_WAIT_MS = 90_000;

let creativeId = '';

async function storyPng(): Promise<Buffer> {
  return renderCreative({
    width: 1080,
    height: 1920,
    background: { kind: 'plain', color: '#fff7ed' },
    blocks: [
      { lines: [WORD], size: 110, color: '#9a3412', top: 0.35 },
      { lines: ['Livraison offerte'], size: 72, color: '#1f2937', top: 0.55 },
    ],
  });
}

async function submitThroughForm(page: Page): Promise<void> {
  await page.goto('/submit');
  await page.getByLabel('Fichier média').setInputFiles({ name: 'story.png', mimeType: 'image/png', buffer: await storyPng() });
  await page.getByRole('img', { name: 'Aperçu : story.png' }).waitFor();
  await page.getByLabel('Nom de la créative', { exact: true }).fill(name);
  await page.getByLabel('Annonceur', { exact: true }).fill(`Verger ${tag}`);
  for (const [group, chip] of ONE_CHIP_PER_GROUP) {
    await page
      .getByRole('group', { name: new RegExp(`^${group} \\(`) })
      .getByRole('button', { name: chip, exact: true })
      .click();
  }
  const created = page.waitForResponse((r) => r.url().endsWith('/api/creatives') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Soumettre la créative', exact: true }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  creativeId = ((await response.json()) as Creative).id;
}

describe('the words inside a creative', () => {
  it('an agency submits a story whose word is only in its picture; the queue reads it', async () => {
    const agency = await newPage();
    await login(agency, 'agency');
    await submitThroughForm(agency);
    await agency.close();

    const specialist = await apiLogin('specialist');
    await expect
      .poll(async () => (await apiJson<Creative>(specialist, 'GET', `/api/creatives/${creativeId}`)).mediaText ?? '', {
        timeout: ANALYSIS_WAIT_MS,
        interval: 1000,
      })
      .toContain(WORD);
    const pending = await apiJson<Creative>(specialist, 'GET', `/api/creatives/${creativeId}`);
    expect(pending.shape).toBe('9:16');
    // Pending: private, as before — no visitor finds it by its text.
    const hidden = await apiJson<{ items: Creative[] }>(null, 'GET', `/api/creatives?q=${WORD.toLowerCase()}`);
    expect(hidden.items.map((c) => c.id)).not.toContain(creativeId);
    await apiJson(specialist, 'POST', `/api/creatives/${creativeId}/approve`);
  });

  it('a visitor finds it by that word, reads the text on its page and filters it by shape', async () => {
    const visitor = await newPage();
    await visitor.goto(`/?q=${WORD.toLowerCase()}`);
    const card = visitor.getByRole('heading', { name, exact: true });
    await card.waitFor();
    await card.getByRole('link').click();
    await visitor.waitForURL((url) => url.pathname === `/creatives/${creativeId}`);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();

    const toggle = visitor.getByRole('button', { name: 'Texte de la créative' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await visitor.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await visitor.getByRole('region', { name: 'Texte de la créative' }).getByText(WORD).waitFor();
    await expectNoSeriousA11yViolations(visitor);
    await screenshot(visitor, 'media-text-detail-1280');

    // « Proportions » 9:16 keeps it; 16:9 does not.
    await visitor.goto(`/?q=${encodeURIComponent(`Verger ${tag}`)}`);
    await visitor.getByRole('heading', { name, exact: true }).waitFor();
    await visitor.getByRole('button', { name: /^Filtres/ }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Filtres' });
    const shapes = dialog.getByRole('group', { name: 'Proportions' });
    await shapes.getByRole('button', { name: '9:16 (story, reel)', exact: true }).click();
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visitor.waitForURL((url) => url.searchParams.get('shape') === '9:16');
    await visitor.getByRole('heading', { name, exact: true }).waitFor();

    await visitor.goto(`/?q=${encodeURIComponent(`Verger ${tag}`)}&shape=16:9`);
    await visitor.getByText('Aucune créative ne correspond à votre recherche').waitFor();
    expect(await visitor.getByRole('heading', { name, exact: true }).count()).toBe(0);
    await visitor.close();
  });
});
