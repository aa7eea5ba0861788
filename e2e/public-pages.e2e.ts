import { describe, expect, it } from 'vitest';
import { apiLogin, listApproved, runTag, submitCreative } from './support/api';
import { baseUrl, getBrowser, newPage } from './support/browser';

/**
 * The public pages as a visitor, a browser without JavaScript and a link-preview crawler see them:
 * rendered on the server, hydrated without a mismatch, with their own tags; robots.txt and the
 * sitemap for search engines.
 */

/** A page in a context with JavaScript off. */
async function pageWithoutJavaScript() {
  const context = await (await getBrowser()).newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, close: () => context.close() };
}

const tag = async (page: import('playwright-core').Page, selector: string) => page.locator(selector).first().getAttribute('content');

describe('public pages rendered on the server', () => {
  it('home and a creative page show their content without JavaScript', async () => {
    const [creative] = await listApproved();
    const { page, close } = await pageWithoutJavaScript();
    try {
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const card = page.locator(`a[href="/creatives/${creative!.id}"]`).first();
      await expect(card.count()).resolves.toBeGreaterThan(0);
      expect(await page.locator('img[srcset], img[src]').count()).toBeGreaterThan(0);
      await page.goto(`/creatives/${creative!.id}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(creative!.name);
      expect(await page.getByText(creative!.advertiser).count()).toBeGreaterThan(0);
      // A search's page is rendered by the server too.
      await page.goto(`/?q=${encodeURIComponent(creative!.name.split(' ')[0]!)}`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('a[href^="/creatives/"]').count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('a share link shows its password form without JavaScript', async () => {
    const user = await apiLogin('user');
    const headers = { 'content-type': 'application/json', cookie: user.cookie, origin: baseUrl() };
    const folder = (await (
      await fetch(`${baseUrl()}/api/folders`, { method: 'POST', headers, body: JSON.stringify({ name: `Privé ${runTag()}` }) })
    ).json()) as { id: string };
    const share = (await (
      await fetch(`${baseUrl()}/api/folders/${folder.id}/shares`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ password: 'sesame12' }),
      })
    ).json()) as { token: string };
    const { page, close } = await pageWithoutJavaScript();
    try {
      await page.goto(`/partage/${share.token}`);
      expect(await page.locator('input[type="password"]').count()).toBe(1);
      expect(await page.content()).not.toContain(`Privé ${runTag()}`);
      expect(await tag(page, 'meta[name="robots"]')).toBe('noindex');
      expect(await page.locator('meta[property="og:image"]').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('hydrates home and a creative page without a console error, and carries their link-preview tags', async () => {
    const [creative] = await listApproved();
    const page = await newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.locator('h2#gallery-title').waitFor();
    expect(await tag(page, 'meta[property="og:type"]')).toBe('website');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/$/);
    // The page reacts once hydrated: the filters open.
    await page
      .getByRole('button', { name: /^Filtres/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`/creatives/${creative!.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toContain(creative!.name);
    expect(await tag(page, 'meta[property="og:type"]')).toBe('article');
    expect(await tag(page, 'meta[property="og:title"]')).toContain(creative!.advertiser);
    expect(await tag(page, 'meta[property="og:url"]')).toMatch(new RegExp(`/creatives/${creative!.id}$`));
    expect(problems).toEqual([]);
  });

  it('robots.txt and the sitemap list approved creatives and no pending one', async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toMatch(/Disallow: \/api/);
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    const agency = await apiLogin('agency');
    const pending = await submitCreative(agency, { name: `En attente ${runTag()}` });
    const index = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    const all = (await Promise.all(files.map(async (file) => (await fetch(`${baseUrl()}${file}`)).text()))).join('');
    const [approved] = await listApproved();
    expect(all).toContain(`/creatives/${approved!.id}</loc>`);
    expect(all).not.toContain(pending.id);
  });
});
