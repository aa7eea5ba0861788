import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadFileName, sanitizeFileName } from '@domain/download';
import type { Creative } from '@domain/types';
import { apiLogin, ensureApprovedCreatives, listApproved, runTag, submitCreative } from './support/api';
import { DESKTOP, expectNoSeriousA11yViolations, login, MOBILE, newPage, screenshot } from './support/browser';

/**
 * Browsing (spec §2 Home, Creative detail, Favorites; §6): the visitor's gallery, highlights,
 * filters, search and sort; then a signed-in user's load more, likes, favourites, comments and
 * download; the admin's comment deletion. Robust to whatever the demo seed holds: the creatives the
 * assertions name are created here through the API (a specialist's submissions are approved at once).
 */

const tag = runTag();
const A_NAME = `Crème Brûlée Été ${tag}`;
const B_NAME = `Sans analyse ${tag}`;
const C_NAME = `Like QA ${tag}`;
const ANALYSIS = {
  bestPractices: ['Accroche visuelle forte dès la première seconde', 'Produit visible immédiatement'],
  attention: 'Un message unique : le dessert sans culpabilité.',
  interest: 'Texture filmée en gros plan, promesse de plaisir.',
  desire: 'Mentions légales lisibles, allégations prudentes.',
  actions: ['Ajouter un sous-titrage', 'Tester une version carrée'],
};

let A: Creative;
let B: Creative;
let C: Creative;

beforeAll(async () => {
  const specialist = await apiLogin('specialist');
  await ensureApprovedCreatives(specialist, 25);
  A = await submitCreative(
    specialist,
    {
      name: A_NAME,
      advertiser: 'Pâtisserie QA',
      format: ['Carrousel'],
      platform: ['Pinterest'],
      sector: ['Food'],
      ...ANALYSIS,
    },
    1,
  );
  B = await submitCreative(specialist, { name: B_NAME, advertiser: 'Annonceur QA' }, 2);
  C = await submitCreative(specialist, { name: C_NAME, advertiser: 'Annonceur QA' }, 3);
  expect([A.status, B.status, C.status]).toEqual(['approved', 'approved', 'approved']);
});

const gallery = (page: Page) => page.getByRole('region', { name: 'Galerie des créas' });
const cards = (page: Page) => gallery(page).locator('article');
/** The card whose title is `name` (the inner locator of `has` is resolved inside each article). */
const cardNamed = (scope: Locator, name: string) =>
  scope.locator('article').filter({ has: scope.page().getByRole('heading', { name, exact: true }) });
const searchBox = (page: Page) => page.getByRole('searchbox').filter({ visible: true });
const filtersButton = (page: Page) => gallery(page).getByRole('button', { name: /^Filtres/ });
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allTextContents();
const param = (page: Page, name: string) => new URL(page.url()).searchParams.getAll(name);
const likeButton = (scope: Locator) => scope.getByRole('button', { name: /^(J'aime|Je n'aime plus) \(/ });

async function waitForCards(page: Page, count: number): Promise<void> {
  await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(count);
}

describe('visitor', () => {
  let page: Page;

  it("home: highlights and 'Galerie des créas' with 12 cards; accessible at 1280 and 390", async () => {
    page = await newPage();
    await page.goto('/');
    await gallery(page).getByRole('heading', { level: 2, name: 'Galerie des créas' }).waitFor();
    await waitForCards(page, 12);
    await page.getByRole('heading', { level: 2, name: 'Créa du mois' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-home-visitor-1280');
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-home-visitor-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);
  });

  it("the highlights block toggles between 'Créa du mois' and \"L'analyse créa de la semaine\"", async () => {
    const block = page.getByRole('region', { name: 'Créa du mois' });
    const toMonth = block.getByRole('button', { name: 'Créa du mois' });
    const toWeek = block.getByRole('button', { name: "L'analyse créa de la semaine" });
    expect(await toMonth.getAttribute('aria-pressed')).toBe('true');
    await toWeek.click();
    const weekBlock = page.getByRole('region', { name: "L'analyse créa de la semaine" });
    await weekBlock.getByRole('heading', { level: 2, name: "L'analyse créa de la semaine" }).waitFor();
    expect(await weekBlock.getByRole('button', { name: "L'analyse créa de la semaine" }).getAttribute('aria-pressed')).toBe('true');
    // Either the featured creative (with its analyst) or the empty message.
    await weekBlock
      .getByText(/Analysée par|Aucune analyse de la semaine/)
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await weekBlock.getByRole('button', { name: 'Créa du mois' }).click();
    await page.getByRole('heading', { level: 2, name: 'Créa du mois' }).waitFor();
  });

  it("'Charger plus' asks a visitor to sign in ('Connexion requise' with login and register links)", async () => {
    await gallery(page).getByRole('button', { name: 'Charger plus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connexion requise' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe('/login');
    expect(await dialog.getByRole('link', { name: 'Inscription' }).getAttribute('href')).toBe('/register');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-login-required-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(12);
    // The login link of the dialog leads to /login.
    await gallery(page).getByRole('button', { name: 'Charger plus' }).click();
    await page.getByRole('dialog', { name: 'Connexion requise' }).getByRole('link', { name: 'Connexion' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('filters: two groups → count 2, in the URL, kept on reload, cleared by Réinitialiser', async () => {
    await page.goto('/');
    await waitForCards(page, 12);
    await filtersButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Filtres' });
    await dialog.waitFor();
    for (const group of ['Format', 'Objectif', 'Type', 'Secteur', 'Plateforme']) {
      await dialog.getByRole('group', { name: group }).waitFor();
    }
    await dialog.getByRole('group', { name: 'Format' }).getByRole('button', { name: 'Carrousel', exact: true }).click();
    await dialog.getByRole('group', { name: 'Plateforme' }).getByRole('button', { name: 'Pinterest', exact: true }).click();
    expect(
      await dialog
        .getByRole('group', { name: 'Format' })
        .getByRole('button', { name: 'Carrousel', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-filters-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => filtersButton(page).textContent()).toBe('Filtres2');
    expect(param(page, 'format')).toEqual(['Carrousel']);
    expect(param(page, 'platform')).toEqual(['Pinterest']);
    const expected = (await listApproved('format=Carrousel&platform=Pinterest')).map((c) => c.name);
    expect(expected).toContain(A_NAME);
    await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 12));

    await page.reload();
    await expect.poll(() => filtersButton(page).textContent()).toBe('Filtres2');
    await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 12));

    await filtersButton(page).click();
    await expect
      .poll(() =>
        dialog
          .getByRole('group', { name: 'Plateforme' })
          .getByRole('button', { name: 'Pinterest', exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect.poll(() => param(page, 'format')).toEqual([]);
    expect(param(page, 'platform')).toEqual([]);
    expect(
      await dialog
        .getByRole('group', { name: 'Format' })
        .getByRole('button', { name: 'Carrousel', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => filtersButton(page).textContent()).toBe('Filtres');
    await waitForCards(page, 12);
  });

  it('the top-bar search sets ?q= and filters by name or advertiser, whatever the case and accents', async () => {
    await searchBox(page).fill(`CREME brulee ete ${tag.toUpperCase()}`);
    await expect.poll(() => param(page, 'q')).toEqual([`CREME brulee ete ${tag.toUpperCase()}`]);
    await expect.poll(() => cardNames(page)).toEqual([A_NAME]);
    await gallery(page).getByText('Résultats pour').waitFor();

    await searchBox(page).fill('patisserie qa');
    await expect.poll(() => param(page, 'q')).toEqual(['patisserie qa']);
    await expect.poll(() => cardNames(page)).toContain(A_NAME);
    expect(await cardNames(page)).not.toContain(B_NAME);

    await searchBox(page).fill(`zz-aucune-créa-${tag}`);
    await gallery(page).getByText('Aucune créative ne correspond à votre recherche').waitFor();
    await expectNoSeriousA11yViolations(page);

    await searchBox(page).fill('');
    await expect.poll(() => param(page, 'q')).toEqual([]);
    await waitForCards(page, 12);
  });

  it("'Plus likées' puts sort=likes in the URL and orders the cards by likes", async () => {
    const sort = gallery(page).getByRole('group', { name: 'Trier' });
    await sort.getByRole('button', { name: 'Plus likées' }).click();
    await expect.poll(() => param(page, 'sort')).toEqual(['likes']);
    // The URL changes first; the page renders the new sort right after (a navigation is a transition).
    await expect.poll(() => sort.getByRole('button', { name: 'Plus likées' }).getAttribute('aria-pressed')).toBe('true');
    const byLikes = (await listApproved('sort=likes')).slice(0, 12).map((c) => c.name);
    await expect.poll(() => cardNames(page)).toEqual(byLikes);
    await sort.getByRole('button', { name: 'Plus récentes' }).click();
    await expect.poll(() => param(page, 'sort')).toEqual([]);
    await expect.poll(async () => (await cardNames(page))[0]).toBe(C_NAME);
  });

  it("an unknown creative shows 'Créative non trouvée'", async () => {
    await page.goto('/creatives/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Créative non trouvée' }).waitFor();
    await page.goto('/creatives/pas-un-identifiant');
    await page.getByRole('heading', { level: 1, name: 'Créative non trouvée' }).waitFor();
  });

  it('on a detail page a visitor gets the login prompt instead of the analysis; liking goes to /login', async () => {
    await page.goto(`/creatives/${A.id}`);
    await page.getByRole('heading', { level: 1, name: A_NAME }).waitFor();
    await page.getByText("L'analyse complète est réservée aux membres").waitFor();
    for (const section of ['HOOK', 'MESSAGE', 'DÉSIRABILITÉ', 'CONFORMITÉ', 'LE TRUC EN PLUS']) {
      expect(await page.getByRole('heading', { name: section, exact: true }).count()).toBe(0);
    }
    expect(await page.getByText(ANALYSIS.attention).count()).toBe(0);
    await page.getByText('pour commenter cette créa').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-detail-visitor-1280');
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-detail-visitor-390');
    await page.setViewportSize(DESKTOP);

    await likeButton(page.locator('main')).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('signed-in user', () => {
  let page: Page;
  const commentText = `Très bon hook, bravo ${tag} !`;

  it("'Charger plus' adds 12 more cards; accessible at 1280 and 390", async () => {
    page = await newPage();
    await login(page, 'user');
    await waitForCards(page, 12);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-home-user-1280');
    await gallery(page).getByRole('button', { name: 'Charger plus' }).click();
    await waitForCards(page, 24);
    const names = await cardNames(page);
    expect(new Set(names).size).toBe(24);
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await waitForCards(page, 12);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-home-user-390');
    await page.setViewportSize(DESKTOP);
  });

  it('liking from a card updates the count at once (before the server answers)', async () => {
    await page.goto('/');
    const card = cardNamed(gallery(page), C_NAME);
    await card.waitFor();
    const like = likeButton(card);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect((await like.textContent())?.trim()).toBe('0');

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/creatives/*/like', async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((res) => res.url().includes('/like') && res.request().method() === 'POST');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 2_000 }).toBe('true');
    expect((await like.textContent())?.trim()).toBe('1');
    release();
    expect((await answered).status()).toBe(200);
    await page.unroute('**/api/creatives/*/like');

    await page.reload();
    await expect.poll(() => likeButton(cardNamed(gallery(page), C_NAME)).getAttribute('aria-pressed')).toBe('true');
    expect((await likeButton(cardNamed(gallery(page), C_NAME)).textContent())?.trim()).toBe('1');
  });

  it('the liked creative is in /favorites; unliking it there removes it', async () => {
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Favoris' }).click();
    await page.waitForURL((url) => url.pathname === '/favorites');
    await page.getByRole('heading', { level: 1, name: 'Mes favoris' }).waitFor();
    const card = cardNamed(page.locator('main'), C_NAME);
    await card.waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-favorites-1280');
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-favorites-390');
    await page.setViewportSize(DESKTOP);

    await likeButton(card).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mes favoris' }).waitFor();
    await page
      .locator('main')
      .getByText(/Les créas que vous avez likées/)
      .waitFor();
    await expect.poll(() => cardNamed(page.locator('main'), C_NAME).count()).toBe(0);
  });

  it('the detail page shows the five analysis sections, or Non renseigné', async () => {
    await page.goto(`/creatives/${A.id}`);
    await page.getByRole('heading', { level: 1, name: A_NAME }).waitFor();
    const analysis = page.getByRole('region', { name: 'Analyse' });
    const sections = ['HOOK', 'MESSAGE', 'DÉSIRABILITÉ', 'CONFORMITÉ', 'LE TRUC EN PLUS'];
    await expect.poll(() => analysis.getByRole('heading', { level: 3 }).allTextContents()).toEqual(sections);
    for (const text of [...ANALYSIS.bestPractices, ANALYSIS.attention, ANALYSIS.interest, ANALYSIS.desire, ...ANALYSIS.actions]) {
      await analysis.getByText(text, { exact: true }).waitFor();
    }
    expect(await analysis.getByText('Non renseigné').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-detail-user-1280');

    await page.goto(`/creatives/${B.id}`);
    await page.getByRole('heading', { level: 1, name: B_NAME }).waitFor();
    await expect.poll(() => analysis.getByRole('heading', { level: 3 }).allTextContents()).toEqual(sections);
    expect(await analysis.getByText('Non renseigné', { exact: true }).count()).toBe(5);
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-detail-user-390');
    await page.setViewportSize(DESKTOP);
  });

  it('comments: empty refused, the new one comes first, it can be liked; a plain user cannot delete', async () => {
    await page.goto(`/creatives/${A.id}`);
    const comments = page.getByRole('region', { name: /^Commentaires/ });
    await comments.getByRole('heading', { name: 'Commentaires (0)' }).waitFor();
    const box = comments.getByLabel('Votre commentaire');
    const send = comments.getByRole('button', { name: 'Commenter' });
    expect(await send.isDisabled()).toBe(true);
    await box.fill('    ');
    expect(await send.isDisabled()).toBe(true);
    expect(await comments.locator('li').count()).toBe(0);

    await box.fill('Premier avis');
    await send.click();
    await comments.getByRole('heading', { name: 'Commentaires (1)' }).waitFor();
    await box.fill(commentText);
    await send.click();
    await comments.getByRole('heading', { name: 'Commentaires (2)' }).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    const first = comments.getByRole('listitem').first();
    await expect.poll(() => first.textContent()).toContain(commentText);
    await first.getByText('Léa Martin').waitFor();

    const like = likeButton(first);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect((await like.textContent())?.trim()).toBe('1');
    await page.reload();
    await expect.poll(() => likeButton(comments.getByRole('listitem').first()).getAttribute('aria-pressed')).toBe('true');

    expect(await comments.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-detail-comments-1280');
  });

  it("'Télécharger' saves the media under the sanitized creative name with its extension", async () => {
    await page.goto(`/creatives/${A.id}`);
    await page.getByRole('heading', { level: 1, name: A_NAME }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger' }).click()]);
    expect(download.suggestedFilename()).toBe(downloadFileName(A_NAME, 'image/png'));
    expect(download.suggestedFilename()).toBe(`creme-brulee-ete-${tag}.png`);

    const video = (await listApproved()).find((c) => c.mediaType === 'video' && c.mediaUrl);
    if (video) {
      await page.goto(`/creatives/${video.id}`);
      await page.getByRole('heading', { level: 1, name: video.name }).waitFor();
      const [clip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger' }).click()]);
      expect(clip.suggestedFilename()).toMatch(new RegExp(`^${sanitizeFileName(video.name)}\\.(mp4|webm|mov)$`));
    }
  });
});

describe('admin', () => {
  it("sees 'Supprimer' on comments and deletes one after 'Confirmer'", async () => {
    const page = await newPage();
    await login(page, 'admin');
    await page.goto(`/creatives/${A.id}`);
    const comments = page.getByRole('region', { name: /^Commentaires/ });
    await comments.getByRole('heading', { name: 'Commentaires (2)' }).waitFor();
    const target = comments.getByRole('listitem').filter({ hasText: 'Très bon hook' });
    await target.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'browse-comment-delete-confirm-1280', { fullPage: false });
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await confirm.waitFor({ state: 'detached' });
    await comments.getByRole('heading', { name: 'Commentaires (1)' }).waitFor();
    expect(await comments.getByText('Très bon hook').count()).toBe(0);
    await page.reload();
    // The heading's count comes with the creative, before the list: wait for the list itself.
    await comments.getByRole('heading', { name: 'Commentaires (1)' }).waitFor();
    await comments.getByRole('listitem').filter({ hasText: 'Premier avis' }).waitFor();
    expect(await comments.getByText('Premier avis').count()).toBe(1);
    expect(await comments.getByText('Très bon hook').count()).toBe(0);
  });
});
