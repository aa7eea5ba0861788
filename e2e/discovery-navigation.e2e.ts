import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { apiJson, apiLogin, runTag, submitCreative } from './support/api';
import { expectNoSeriousA11yViolations, login, MOBILE, newPage, screenshot, waitForHydration } from './support/browser';

/**
 * Issue 17 items 4–6: a search with filters and 'Charger plus' comes back as it was (URL, cards,
 * scroll) after opening a creative, through Back or Esc; the detail page steps through the list
 * it was opened from with ← / →, `l` likes, `?` lists the shortcuts, `/` goes to the search; a video
 * card plays on hover, and fetches nothing before. At 1440 and 390 px.
 */

const WIDE = { width: 1440, height: 900 } as const;
const VIEWPORTS = [
  ['1440', WIDE],
  ['390', MOBILE],
] as const;

const tag = runTag();
/** More than two gallery pages (12 each) match the search and the filter. */
const LIST_SIZE = 27;
const root = path.resolve(import.meta.dirname, '..');
const clip = fs.readFileSync(path.join(root, 'server/db/seed/assets/smoothie-matin.mp4'));
const VIDEO_NAME = `Vidéo survol ${tag}`;
let video: Creative;
const listed: Creative[] = [];

beforeAll(async () => {
  const specialist = await apiLogin('specialist');
  for (let i = 0; i < LIST_SIZE; i++) {
    listed.push(await submitCreative(specialist, { name: `Parcours ${tag} ${String(i + 1).padStart(2, '0')}`, platform: ['Snapchat'] }, i));
  }
  video = await submitCreative(specialist, { name: VIDEO_NAME, format: ['Vidéo'] }, 0, {
    buffer: clip,
    type: 'video/mp4',
    name: 'survol.mp4',
  });
  expect(video.mediaType).toBe('video');
  const user = await apiLogin('user');
  for (const creative of listed.slice(0, 3)) await apiJson(user, 'POST', `/api/creatives/${encodeURIComponent(creative.id)}/like`);
}, 180_000);

const gallery = (page: Page) => page.getByRole('region', { name: 'Galerie des créas' });
const cards = (page: Page) => gallery(page).locator('article');
const searchBox = (page: Page) => page.getByRole('searchbox').filter({ visible: true });
const likeButton = (scope: Page | Locator) => scope.getByRole('button', { name: /^(J'aime|Je n'aime plus) \(/ });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const idOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop()!);
const pathId = (page: Page) => idOf(page.url());

/** The detail page of `id` is the one shown (its URL, then its title). */
async function showsCreative(page: Page, id: string, name: string): Promise<void> {
  await expect.poll(() => pathId(page)).toBe(id);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
}

async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .getByRole('heading', { level: 3 })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs.map((h) => decodeURIComponent(h.split('/').pop()!));
}

/** Signed in: searches the run's creatives, filters on Snapchat, loads every page. */
async function searchFilterAndLoadAll(page: Page): Promise<void> {
  await page.goto('/');
  await searchBox(page).fill(`Parcours ${tag}`);
  await page.waitForURL((url) => url.searchParams.get('q') === `Parcours ${tag}`);
  await gallery(page)
    .getByRole('button', { name: /^Filtres/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Filtres' });
  await dialog
    .getByRole('group', { name: 'Plateforme' })
    .getByRole('button', { name: /^Snapchat/ })
    .click();
  await dialog.getByRole('button', { name: 'Appliquer' }).click();
  await page.waitForURL((url) => url.searchParams.get('platform') === 'Snapchat');
  await expect.poll(() => cards(page).count()).toBe(12);
  for (const expected of [24, LIST_SIZE]) {
    await gallery(page).getByRole('button', { name: 'Charger plus' }).click();
    await expect.poll(() => cards(page).count()).toBe(expected);
  }
}

/** Opens the 20th card (page 2), comes back by `how`, and checks the list is as it was left. */
async function openAndComeBack(page: Page, how: 'back' | 'escape'): Promise<void> {
  const target = cards(page).nth(19);
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 60));
  const url = page.url();
  const ids = await cardIds(page);
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(400);
  const name = (await target.getByRole('heading', { level: 3 }).textContent())!.trim();
  await target.getByRole('heading', { level: 3 }).getByRole('link').click();
  await page.waitForURL((u) => u.pathname.startsWith('/creatives/'));
  // The creative's own heading: the URL changes first, and the gallery (its own h1 included) stays
  // on screen until the creative's page is rendered; a key pressed before reaches the gallery.
  await page.getByRole('heading', { level: 1, name }).waitFor();
  if (how === 'back') await page.goBack();
  else await page.keyboard.press('Escape');
  await page.waitForURL(url);
  // From the cache: every loaded card at once, no skeleton, no page refetched from the first.
  expect(await cards(page).count()).toBe(LIST_SIZE);
  expect(await cardIds(page)).toEqual(ids);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(y - 40);
  expect(Math.abs((await scrollY(page)) - y)).toBeLessThanOrEqual(40);
}

describe('a search comes back as it was', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`search + filter + 'Charger plus', open a card, Back or Esc: same URL, cards and scroll (${label})`, async () => {
      const page = await newPage(viewport);
      await login(page, 'user');
      await searchFilterAndLoadAll(page);
      await openAndComeBack(page, 'back');
      await openAndComeBack(page, 'escape');
      await page.close();
    });
  }
});

describe('keyboard shortcuts', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`/ searches; ← → step through the list; l likes; ? lists the shortcuts; nothing fires while typing (${label})`, async () => {
      const page = await newPage(viewport);
      await login(page, 'user');
      await page.goto(`/?q=${encodeURIComponent(`Parcours ${tag}`)}`);
      await expect.poll(() => cards(page).count()).toBe(12);
      // The shortcuts come with the footer's button, loaded right after the page's script.
      await page.getByRole('button', { name: 'Raccourcis clavier' }).waitFor();

      await page.keyboard.press('/');
      expect(await searchBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(' l?');
      await expect.poll(() => searchBox(page).inputValue()).toBe(`Parcours ${tag} l?`);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await searchBox(page).fill(`Parcours ${tag}`);
      await page.waitForURL((url) => url.searchParams.get('q') === `Parcours ${tag}`);
      await expect.poll(() => cards(page).count()).toBe(12);

      const ids = await cardIds(page);
      const names = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
      const listUrl = page.url();
      await cards(page).first().getByRole('heading', { level: 3 }).getByRole('link').click();
      await page.waitForURL((u) => idOf(u.href) === ids[0]);
      const nav = page.getByRole('navigation', { name: 'Liste des créatives' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await nav.waitFor();
      expect(await nav.getByRole('button', { name: 'Créative précédente' }).isDisabled()).toBe(true);
      await page.keyboard.press('ArrowRight');
      await showsCreative(page, ids[1]!, names[1]!);
      await page.keyboard.press('ArrowRight');
      await showsCreative(page, ids[2]!, names[2]!);
      await page.keyboard.press('ArrowLeft');
      await showsCreative(page, ids[1]!, names[1]!);
      await nav.getByRole('button', { name: 'Créative suivante' }).click();
      await showsCreative(page, ids[2]!, names[2]!);
      await page.getByRole('heading', { level: 1 }).waitFor();

      // The creative's own button, first in the page ('Créatives similaires' below have theirs).
      const like = likeButton(page.getByRole('main')).first();
      const before = await like.getAttribute('aria-pressed');
      const countBefore = Number(await like.textContent());
      await page.keyboard.press('l');
      await expect.poll(() => like.getAttribute('aria-pressed')).not.toBe(before);
      expect(Math.abs(Number(await like.textContent()) - countBefore)).toBe(1);
      await page.keyboard.press('l');
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe(before);

      await page.keyboard.press('?');
      const overlay = page.getByRole('dialog', { name: 'Raccourcis clavier' });
      await overlay.waitFor();
      for (const text of [
        'Aller à la recherche',
        'Créative précédente de la liste',
        'Retour à la liste',
        'Afficher les raccourcis clavier',
      ]) {
        await overlay.getByText(text, { exact: true }).waitFor();
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `discovery-shortcuts-${label}`, { fullPage: false });
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'detached' });
      expect(pathId(page)).toBe(ids[2]);

      await screenshot(page, `discovery-detail-nav-${label}`, { fullPage: false });
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await page.waitForURL(listUrl);
      await page.close();
    });
  }

  it('a creative opened directly has no list: no previous / next', async () => {
    const page = await newPage(WIDE);
    await page.goto(`/creatives/${encodeURIComponent(video.id)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Créative suivante' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Retour à la galerie' }).waitFor();
    await page.close();
  });
});

describe('favourites are a list too', () => {
  it('← / → step through the favourites, Esc and Back return to them (1440)', async () => {
    const page = await newPage(WIDE);
    await login(page, 'user');
    await page.goto(`/favorites?q=${encodeURIComponent(`Parcours ${tag}`)}`);
    const favourites = page.getByRole('main').locator('article');
    await expect.poll(() => favourites.count()).toBe(3);
    const listUrl = page.url();
    const names = await favourites.getByRole('heading', { level: 3 }).allTextContents();
    await favourites.first().getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(names[0]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(names[1]);
    await page.keyboard.press('Escape');
    await page.waitForURL(listUrl);
    expect(await favourites.getByRole('heading', { level: 3 }).allTextContents()).toEqual(names);
    await favourites.nth(2).getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(names[2]);
    expect(await page.getByRole('button', { name: 'Créative suivante' }).isDisabled()).toBe(true);
    await page.goBack();
    await page.waitForURL(listUrl);
    expect(await favourites.count()).toBe(3);
    await page.close();
  });
});

describe('video hover-play', () => {
  /** The gallery showing only the video card; every request for the video file is recorded. */
  async function videoCard(page: Page): Promise<{ media: Locator; videoRequests: string[] }> {
    const videoRequests: string[] = [];
    const file = new URL(video.mediaUrl!, 'http://x').pathname;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === file) videoRequests.push(req.url());
    });
    await page.goto(`/?q=${encodeURIComponent(VIDEO_NAME)}`);
    await expect.poll(() => cards(page).count()).toBe(1);
    const media = cards(page).first().locator('a[aria-hidden="true"]').first();
    await media.waitFor();
    // The page was rendered on the server: a hover before React adopted it would reach no handler.
    await waitForHydration(page);
    return { media, videoRequests };
  }
  const cardVideo = (page: Page) => cards(page).first().locator('video');
  const isPlaying = (page: Page) =>
    cardVideo(page)
      .evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop)
      .catch(() => false);

  it('plays muted after 250 ms of hover, stops on leave; nothing fetched before (1440)', async () => {
    const page = await newPage(WIDE);
    const { media, videoRequests } = await videoCard(page);
    await page.waitForTimeout(500);
    expect(await page.locator('video').count()).toBe(0);
    expect(videoRequests).toEqual([]);

    await media.hover();
    await page.waitForTimeout(120);
    expect(await cardVideo(page).count()).toBe(0);
    await expect.poll(() => isPlaying(page)).toBe(true);
    expect(videoRequests.length).toBeGreaterThan(0);
    // Over the poster, in the same box: nothing moves.
    const [videoBox, thumbBox] = await cardVideo(page).evaluate((v) =>
      [v, v.parentElement!].map((el) => JSON.stringify(el.getBoundingClientRect())),
    );
    expect(videoBox).toBe(thumbBox);

    await page.mouse.move(1, 1);
    await expect.poll(() => cardVideo(page).count()).toBe(0);
    await page.close();
  });

  it('plays nothing with prefers-reduced-motion: reduce', async () => {
    const page = await newPage(WIDE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { media, videoRequests } = await videoCard(page);
    await media.hover();
    await page.waitForTimeout(800);
    expect(await cardVideo(page).count()).toBe(0);
    expect(videoRequests).toEqual([]);
    await page.close();
  });

  it('a tap on the media toggles the video and stays on the list (390, touch)', async () => {
    const page = await newPage(MOBILE);
    const { media } = await videoCard(page);
    const url = page.url();
    await media.tap();
    await expect.poll(() => isPlaying(page)).toBe(true);
    expect(page.url()).toBe(url);
    await media.tap();
    await expect.poll(() => cardVideo(page).count()).toBe(0);
    await cards(page).first().getByRole('heading', { level: 3 }).getByRole('link').tap();
    await page.waitForURL((u) => u.pathname === `/creatives/${encodeURIComponent(video.id)}`);
    await page.close();
  });
});
