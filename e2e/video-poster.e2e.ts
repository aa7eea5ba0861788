import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listApproved, runTag } from './support/api';
import { login, newPage, pickOneChipPerGroup, screenshot } from './support/browser';

/**
 * Issue 10: a video uploaded through the submit form gets its poster on a bare machine (ffmpeg
 * comes with npm install). The specialist's submission is public at once; its card and its page
 * show the poster frame made by the server.
 */
const root = path.resolve(import.meta.dirname, '..');
const clip = fs.readFileSync(path.join(root, 'server/db/seed/assets/smoothie-matin.mp4'));
const name = `Spot vidéo ${runTag()}`.slice(0, 35);

describe('video poster', () => {
  const pages: Awaited<ReturnType<typeof newPage>>[] = [];
  afterAll(async () => {
    await Promise.all(pages.map((p) => p.close()));
  });

  it('a video submitted in the form gets a poster on its card and its page', async () => {
    const page = await newPage();
    pages.push(page);
    await login(page, 'specialist');
    await page.goto('/submit');
    await page.getByLabel('Fichier média').setInputFiles({ name: 'spot.mp4', mimeType: 'video/mp4', buffer: clip });
    await page.getByLabel('Nom de la créative', { exact: true }).fill(name);
    await page.getByLabel('Annonceur', { exact: true }).fill('Maison Test');
    await pickOneChipPerGroup(page);
    await page.getByRole('button', { name: 'Soumettre la créative', exact: true }).click();
    await page.getByText('Créative publiée avec succès').first().waitFor();

    const [created] = await listApproved(`q=${encodeURIComponent(name)}`);
    expect(created?.name).toBe(name);
    expect(created?.mediaType).toBe('video');
    expect(created?.posterUrl).toMatch(/-poster\.jpg$/);
    const poster = await page.request.get(created!.posterUrl!);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/jpeg');

    await page.goto(`/creatives/${encodeURIComponent(created!.id)}`);
    const video = page.locator('video').first();
    await video.waitFor();
    expect(await video.getAttribute('poster')).toBeTruthy();
    await screenshot(page, 'video-poster-detail-1280');
  });
});
