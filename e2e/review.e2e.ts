import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listApproved, makePng, runTag, submitCreative, type ApiSession } from './support/api';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousA11yViolations as axeCheck,
  login,
  MOBILE,
  newPage,
  ONE_CHIP_PER_GROUP,
  screenshot as saveScreenshot,
  SCREENSHOT_DIR,
} from './support/browser';

/**
 * Issue 4: submit and review. The agency submits a creative through /submit, it waits in 'Mes créas'
 * and stays out of the gallery; the specialist rejects it with a reason, the agency reads the reason,
 * the specialist approves it from 'Refusées' and a visitor finds it. A specialist's submission is public
 * at once; the specialist deletes a pending one from the validation page, edits one and features it
 * from its page and the home shows it; the admin deletes one from its page and creates one with the
 * admin form. Media refusals (type, size, sniffed by the server). Spec §2 (Submit, Agency creatives,
 * Validation, Top bar), §4, §5, §8.
 *
 * The tests of this file are one journey: each one starts where the previous one stopped.
 * One sign-in per role (agency, specialist, admin): sign-ins are rate-limited.
 */

const tag = runTag();
const agencyCreative = { name: `Promo agence ${tag}`, advertiser: `Annonceur ${tag}` };
// No advertiser: it shows as 'Non connu'.
const specialistCreative = { name: `Créa spécialiste ${tag}`, advertiser: '' };
const adminCreative = { name: `Formulaire admin ${tag}`, advertiser: `Marque ${tag}` };
const rejectionReason = `Visuel trop flou, annonceur à préciser (${tag})`;

const INVALID_TYPE = 'Format de fichier non valide. Utilisez JPG, PNG, WebP pour les images ou MP4, WebM, MOV pour les vidéos.';

const CATEGORY_MESSAGES = [
  'Veuillez sélectionner au moins un format',
  'Veuillez sélectionner au moins un objectif',
  'Veuillez sélectionner au moins un type',
  'Veuillez sélectionner au moins un secteur',
  'Veuillez sélectionner au moins une plateforme',
];

// One page per signed-in role, opened (and signed in) by the first test that needs it.
let agency: Page;
let specialist: Page;
let admin: Page;
let agencyCreativeId = '';
let specialistCreativeId = '';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** The card (<article>) of a creative in the validation or 'Mes créas' grids. */
const cardOf = (page: Page, name: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function expectText(page: Page | Locator, text: string, count = 1): Promise<void> {
  await expect.poll(() => page.getByText(text, { exact: true }).count(), { message: `"${text}" × ${count}` }).toBe(count);
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: true })
    .first()
    .waitFor();
}

async function pngUpload(name: string, rgb: { r: number; g: number; b: number }) {
  return { name, mimeType: 'image/png', buffer: await makePng(rgb) };
}

async function fillSubmitForm(page: Page, values: { name: string; advertiser: string }, rgb: { r: number; g: number; b: number }) {
  await page.getByLabel('Fichier média').setInputFiles(await pngUpload(`${values.name}.png`, rgb));
  await page.getByRole('img', { name: `Aperçu : ${values.name}.png` }).waitFor();
  await page.getByLabel('Nom de la créative', { exact: true }).fill(values.name);
  if (values.advertiser) await page.getByLabel('Annonceur', { exact: true }).fill(values.advertiser);
  for (const [group, chip] of ONE_CHIP_PER_GROUP) {
    const button = page.getByRole('group', { name: new RegExp(`^${group} \\(`) }).getByRole('button', { name: chip, exact: true });
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
  }
  await page.getByLabel('HOOK', { exact: true }).fill(`Accroche ${values.name}\n\nDeuxième idée`);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Soumettre la créative', exact: true });

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

/** The visible part only: for dialogs. */
async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The top bar's validation entry, and the pending count it announces ('Validation (2 en attente)'; 0 when plain). */
const validationEntry = (page: Page) => mainNav(page).getByRole('link', { name: /^Validation/ });
async function pendingCount(page: Page): Promise<number> {
  const label = await validationEntry(page).getAttribute('aria-label');
  return label ? Number(/^Validation \((\d+) en attente\)$/.exec(label)?.[1] ?? NaN) : 0;
}

/** Screenshots the current page at 390 px wide, then goes back to 1280 px. */
async function mobileScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

/** A fresh visitor searches the gallery through the top-bar search box. */
async function visitorSearch(term: string): Promise<Page> {
  const visitor = await newPage();
  await visitor.goto('/');
  await visitor.getByRole('heading', { name: 'Galerie des créas' }).waitFor();
  await visitor.getByRole('searchbox', { name: 'Rechercher une créa' }).fill(term);
  await visitor.waitForURL((url) => url.searchParams.get('q') === term);
  await visitor.getByText(`Résultats pour « ${term} »`).waitFor();
  return visitor;
}

const idFromHref = (href: string | null): string => decodeURIComponent((href ?? '').split('/creatives/')[1] ?? '');

describe('submit (agency)', () => {
  it('shows every validation message verbatim on an empty submit; the name counter turns red at 5 remaining', async () => {
    agency = await newPage();
    await login(agency, 'agency');
    await mainNav(agency).getByRole('link', { name: 'Ajouter une créa' }).click();
    await agency.waitForURL((url) => url.pathname === '/submit');
    await agency.getByRole('heading', { level: 1, name: 'Ajouter une créa' }).waitFor();
    await expectText(agency, 'Votre créative sera visible dans la galerie après validation par notre équipe.');
    await expectNoSeriousA11yViolations(agency);
    await screenshot(agency, 'review-submit-1280');

    await submitButton(agency).click();
    for (const message of ['Un média est requis', 'Ce champ est requis', ...CATEGORY_MESSAGES]) await expectText(agency, message);
    const name = agency.getByLabel('Nom de la créative', { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(agency.url()).toMatch(/\/submit$/);
    await expectNoSeriousA11yViolations(agency);
    await screenshot(agency, 'review-submit-errors-1280');
    await mobileScreenshot(agency, 'review-submit-errors-390');

    // 35 characters at most; the counter is red from 5 remaining.
    await name.fill('a'.repeat(29));
    const six = agency.getByText('6 caractères restants', { exact: true });
    await six.waitFor();
    expect(await six.getAttribute('class')).not.toMatch(/text-red-600/);
    await name.fill('a'.repeat(30));
    const five = agency.getByText('5 caractères restants', { exact: true });
    await five.waitFor();
    expect(await five.getAttribute('class')).toMatch(/text-red-600/);
    await name.fill('a'.repeat(35));
    await expectText(agency, '0 caractères restants');
    expect(await name.getAttribute('maxlength')).toBe('35');
    // The counter is part of the field's description.
    const describedBy = ((await name.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
    const descriptions = await Promise.all(describedBy.map((id) => agency.locator(`[id="${id}"]`).textContent()));
    expect(descriptions.join(' ')).toContain('0 caractères restants');

    // Picking a chip clears its group's message.
    await agency
      .getByRole('group', { name: /^Format \(/ })
      .getByRole('button', { name: 'Vidéo', exact: true })
      .click();
    await expectText(agency, 'Veuillez sélectionner au moins un format', 0);
  });

  it("refuses a wrong type or a file over 10MB, in the browser and on the server, with the spec's messages", async () => {
    await agency.goto('/submit');
    const media = agency.getByLabel('Fichier média');
    await media.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
    await expectText(agency, INVALID_TYPE);
    await media.setInputFiles({
      name: 'page.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expectText(agency, INVALID_TYPE);
    await media.setInputFiles({ name: 'lourde.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expectText(agency, 'Le fichier ne doit pas dépasser 10MB.');
    await expectText(agency, INVALID_TYPE, 0);

    // A text file named .png passes the browser's check (it trusts the type); the server reads the bytes.
    const fake = `Faux PNG ${tag}`;
    await fillSubmitForm(agency, { name: fake, advertiser: '' }, { r: 0, g: 0, b: 0 });
    await media.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('ceci est un texte') });
    await expectText(agency, 'Le fichier ne doit pas dépasser 10MB.', 0);
    await expectText(agency, INVALID_TYPE, 0);
    await submitButton(agency).click();
    await expectText(agency, INVALID_TYPE);
    expect(agency.url()).toMatch(/\/submit$/);
    expect(await agency.getByRole('dialog').count()).toBe(0);
    await agency.goto('/agency/creatives');
    await agency.getByRole('heading', { level: 1, name: 'Mes créas' }).waitFor();
    await agency.getByRole('tab', { name: /^En attente \(\d+\)/ }).waitFor();
    expect(await cardOf(agency, fake).count()).toBe(0);

    // A visitor is asked to log in.
    const visitor = await newPage();
    await visitor.goto('/submit');
    await visitor.getByRole('heading', { level: 1, name: 'Vous devez être connecté pour soumettre une créative' }).waitFor();
    await visitor.context().close();
  });

  it('submits with media, name, advertiser and one chip per group: progress, success modal, home after ~3 s', async () => {
    // The specialist watches the validation entry meanwhile (live count, server-sent events).
    specialist = await newPage();
    await login(specialist, 'specialist');
    const counts = await specialist.evaluate(async () => (await fetch('/api/review/counts')).json() as Promise<{ pending: number }>);
    const pendingBefore = counts.pending;
    await expect.poll(() => pendingCount(specialist)).toBe(pendingBefore);

    await agency.goto('/submit');
    await fillSubmitForm(agency, agencyCreative, { r: 99, g: 102, b: 241 });
    // Preview then remove, then pick again.
    await agency.getByRole('button', { name: 'Retirer', exact: true }).click();
    await agency.getByRole('button', { name: 'Choisir un fichier', exact: true }).waitFor();
    await agency.getByLabel('Fichier média').setInputFiles(await pngUpload(`${agencyCreative.name}.png`, { r: 99, g: 102, b: 241 }));
    await agency.getByRole('img', { name: `Aperçu : ${agencyCreative.name}.png` }).waitFor();
    await expectText(agency, 'Un média est requis', 0);

    // Hold the upload until the progress bar has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let uploads = 0;
    await agency.route('**/api/creatives', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      uploads++;
      await held;
      await route.continue();
    });
    await submitButton(agency).click();
    const progress = agency.getByRole('progressbar', { name: 'Envoi du média' });
    await progress.waitFor();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    const busy = agency.getByRole('button', { name: 'Envoi en cours…' });
    expect(await busy.isDisabled()).toBe(true);
    await screenshot(agency, 'review-submit-progress-1280');
    release();

    const modal = agency.getByRole('dialog', { name: 'Créative soumise !' });
    await modal.waitFor();
    const shownAt = Date.now();
    expect(uploads).toBe(1);
    await agency.unroute('**/api/creatives');
    await expectNoSeriousA11yViolations(agency);
    await viewportScreenshot(agency, 'review-submit-success-1280');
    await agency.waitForURL((url) => url.pathname === '/', { timeout: 8_000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(2_000);
    expect(elapsed).toBeLessThan(5_000);
    await modal.waitFor({ state: 'detached' });

    // The specialist's top bar counted it without a reload.
    await expect.poll(() => pendingCount(specialist), { timeout: 10_000 }).toBe(pendingBefore + 1);
  });

  it("is in 'Mes créas' › 'En attente' and not in the public gallery nor search", async () => {
    await mainNav(agency).getByRole('link', { name: 'Mes créas' }).click();
    await agency.waitForURL((url) => url.pathname === '/agency/creatives');
    await agency.getByRole('heading', { level: 1, name: 'Mes créas' }).waitFor();
    const pendingTab = agency.getByRole('tab', { name: /^En attente/ });
    expect(await pendingTab.getAttribute('aria-selected')).toBe('true');
    const card = cardOf(agency, agencyCreative.name);
    await card.waitFor();
    await expectText(card, agencyCreative.advertiser);
    agencyCreativeId = idFromHref(await card.getByRole('link', { name: agencyCreative.name }).getAttribute('href'));
    expect(agencyCreativeId).not.toBe('');
    await expectNoSeriousA11yViolations(agency);
    await screenshot(agency, 'review-agency-pending-1280');
    await mobileScreenshot(agency, 'review-agency-pending-390');

    // Not public: the API, the visitor's search, the visitor's detail page.
    expect((await listApproved(`q=${encodeURIComponent(agencyCreative.name)}`)).map((c) => c.name)).not.toContain(agencyCreative.name);
    const visitor = await visitorSearch(agencyCreative.name);
    await visitor.getByText('Aucune créative ne correspond à votre recherche').waitFor();
    await visitor.goto(`/creatives/${agencyCreativeId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Créative non trouvée' }).waitFor();
    await visitor.context().close();
  });
});

describe('validation (specialist)', () => {
  it('the top bar shows the pending state; /admin/creatives lists the submission with its submitter', async () => {
    const validation = mainNav(specialist).getByRole('link', { name: /^Validation \(\d+ en attente\)$/ });
    await validation.waitFor();
    const label = (await validation.getAttribute('aria-label')) ?? '';
    const pending = Number(/\((\d+) en attente\)/.exec(label)?.[1]);
    expect(pending).toBeGreaterThanOrEqual(1);
    expect(await validation.getByTestId('pending-badge').textContent()).toBe(String(pending));
    expect(await validation.locator('svg.text-red-600').count()).toBe(1);

    await validation.click();
    await specialist.waitForURL((url) => url.pathname === '/admin/creatives');
    await specialist.getByRole('heading', { level: 1, name: 'Validation des créas' }).waitFor();
    await specialist.getByRole('tab', { name: `En attente (${pending})` }).waitFor();
    const card = cardOf(specialist, agencyCreative.name);
    await card.waitFor();
    await expectText(card, agencyCreative.advertiser);
    await card.getByText(/^Soumise par \S+ \S+/).waitFor();
    for (const [, chip] of ONE_CHIP_PER_GROUP) await expectText(card, chip);
    // Newest first: the fresh submission leads the grid.
    expect(await specialist.getByRole('article').first().getByRole('heading').textContent()).toBe(agencyCreative.name);
    await expectNoSeriousA11yViolations(specialist);
    await screenshot(specialist, 'review-validation-1280');
    await specialist.setViewportSize(MOBILE);
    await specialist.getByRole('button', { name: /^Ouvrir le menu \(\d+ créatives? en attente\)$/ }).waitFor();
    await screenshot(specialist, 'review-validation-390');
    await specialist.setViewportSize(DESKTOP);
  });

  it("rejects it through 'Motif du refus': confirm disabled while blank, remaining-characters counter", async () => {
    const validation = validationEntry(specialist);
    const before = await pendingCount(specialist);

    await cardOf(specialist, agencyCreative.name).getByRole('button', { name: 'Rejeter', exact: true }).click();
    const dialog = specialist.getByRole('dialog', { name: 'Motif du refus' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Rejeter', exact: true });
    const reason = dialog.getByRole('textbox', { name: 'Motif' });
    await expectText(dialog, '100 caractères restants');
    expect(await confirm.isDisabled()).toBe(true);
    await reason.fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    await expectText(dialog, '97 caractères restants');
    await reason.fill(rejectionReason);
    await expectText(dialog, `${100 - rejectionReason.length} caractères restants`);
    expect(await confirm.isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(specialist);
    await viewportScreenshot(specialist, 'review-reject-dialog-1280');
    await specialist.setViewportSize(MOBILE);
    await viewportScreenshot(specialist, 'review-reject-dialog-390');
    await specialist.setViewportSize(DESKTOP);

    await confirm.click();
    await expectToast(specialist, 'Créative refusée');
    await dialog.waitFor({ state: 'detached' });
    await cardOf(specialist, agencyCreative.name).waitFor({ state: 'detached' });
    // The pending count goes down live.
    const expected = before - 1;
    await expect.poll(() => validation.getAttribute('aria-label')).toBe(expected > 0 ? `Validation (${expected} en attente)` : null);

    await specialist.getByRole('tab', { name: /^Refusées/ }).click();
    await specialist.waitForURL((url) => url.searchParams.get('onglet') === 'rejected');
    const rejected = cardOf(specialist, agencyCreative.name);
    await rejected.waitFor();
    await rejected.getByText(rejectionReason).waitFor();
    expect(await rejected.getByRole('button', { name: 'Rejeter', exact: true }).count()).toBe(0);
  });

  it("the agency sees the reason under 'Refusées'", async () => {
    await agency.goto('/agency/creatives');
    await agency.getByRole('tab', { name: /^Refusées/ }).click();
    const card = cardOf(agency, agencyCreative.name);
    await card.waitFor();
    expect((await card.textContent()) ?? '').toContain(`Motif du refus : ${rejectionReason}`);
    await expectNoSeriousA11yViolations(agency);
    await screenshot(agency, 'review-agency-rejected-1280');
    await mobileScreenshot(agency, 'review-agency-rejected-390');
  });

  it("the specialist approves it from 'Refusées'; a visitor then finds it by search and opens it", async () => {
    const card = cardOf(specialist, agencyCreative.name);
    await card.getByRole('button', { name: 'Approuver', exact: true }).click();
    await expectToast(specialist, 'Créative approuvée');
    await card.waitFor({ state: 'detached' });

    const visitor = await visitorSearch(agencyCreative.name);
    const link = visitor.getByRole('link', { name: agencyCreative.name, exact: true });
    await link.click();
    await visitor.waitForURL((url) => url.pathname === `/creatives/${agencyCreativeId}`);
    await visitor.getByRole('heading', { level: 1, name: agencyCreative.name }).waitFor();
    await expectText(visitor, agencyCreative.advertiser);
    await visitor.context().close();

    // And it left 'Mes créas'.
    await agency.reload();
    await agency.getByRole('tab', { name: /^Refusées/ }).waitFor();
    await cardOf(agency, agencyCreative.name).waitFor({ state: 'detached' });
  });

  it("deletes a pending creative from the validation page after 'Êtes-vous sûr de vouloir supprimer cette créative ?'", async () => {
    // Submitted through the API with the agency's browser session (no extra sign-in).
    const cookies = await agency.context().cookies();
    const session: ApiSession = { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    const doomed = await submitCreative(session, { name: `À supprimer ${tag}` }, 3);
    expect(doomed.status).toBe('pending');

    await specialist.goto('/admin/creatives');
    const card = cardOf(specialist, doomed.name);
    await card.getByRole('button', { name: `Supprimer « ${doomed.name} »` }).click();
    const confirm = specialist.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir supprimer cette créative ?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expectToast(specialist, 'Créative supprimée avec succès');
    await card.waitFor({ state: 'detached' });
    await specialist.reload();
    await specialist.getByRole('tab', { name: /^En attente \(\d+\)/ }).waitFor();
    expect(await cardOf(specialist, doomed.name).count()).toBe(0);
  });

  it('edits a creative from its page with the prefilled submit form', async () => {
    await specialist.goto(`/creatives/${agencyCreativeId}`);
    await specialist.getByRole('link', { name: 'Modifier' }).click();
    await specialist.waitForURL((url) => url.pathname === `/creatives/${agencyCreativeId}/edit`);
    const name = specialist.getByLabel('Nom de la créative', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(agencyCreative.name);
    expect(await specialist.getByLabel('Annonceur', { exact: true }).inputValue()).toBe(agencyCreative.advertiser);
    for (const [group, chip] of ONE_CHIP_PER_GROUP) {
      const button = specialist.getByRole('group', { name: new RegExp(`^${group} \\(`) }).getByRole('button', { name: chip, exact: true });
      expect(await button.getAttribute('aria-pressed')).toBe('true');
    }
    expect(await specialist.getByLabel('HOOK', { exact: true }).inputValue()).toBe(`Accroche ${agencyCreative.name}\nDeuxième idée`);
    await specialist.getByRole('img', { name: `Média actuel : ${agencyCreative.name}` }).waitFor();

    agencyCreative.advertiser = `Annonceur revu ${tag}`;
    await specialist.getByLabel('Annonceur', { exact: true }).fill(agencyCreative.advertiser);
    await specialist.getByLabel('MESSAGE', { exact: true }).fill('Un message clair dès la première seconde.');
    await expectNoSeriousA11yViolations(specialist);
    await specialist.getByRole('button', { name: /^Enregistrer/ }).click();
    await specialist.waitForURL((url) => url.pathname === `/creatives/${agencyCreativeId}`);
    await specialist.getByRole('heading', { level: 1, name: agencyCreative.name }).waitFor();
    await expectText(specialist, agencyCreative.advertiser);
    await expectText(specialist, 'Un message clair dès la première seconde.');
  });

  it('a specialist submission is public at once', async () => {
    await specialist.goto('/submit');
    await expectText(specialist, 'Votre créative sera publiée dans la galerie dès son envoi.');
    await fillSubmitForm(specialist, specialistCreative, { r: 34, g: 197, b: 94 });
    await submitButton(specialist).click();
    await expectToast(specialist, 'Créative publiée avec succès');
    await specialist.waitForURL((url) => url.pathname.startsWith('/creatives/'));
    specialistCreativeId = idFromHref(new URL(specialist.url()).pathname);
    await specialist.getByRole('heading', { level: 1, name: specialistCreative.name }).waitFor();
    await expectText(specialist, 'Non connu');
    expect(await specialist.getByText('En attente de validation').count()).toBe(0);

    const visitor = await visitorSearch(specialistCreative.name);
    await visitor.getByRole('link', { name: specialistCreative.name, exact: true }).waitFor();
    await visitor.context().close();
  });

  it("features a creative from its page (analyst + stars); the home's analysis of the week shows it", async () => {
    await specialist.goto(`/creatives/${agencyCreativeId}`);
    await specialist.getByRole('heading', { level: 1, name: agencyCreative.name }).waitFor();
    await specialist.getByRole('button', { name: 'Mettre en avant', exact: true }).click();
    const dialog = specialist.getByRole('dialog', { name: 'Mettre en avant' });
    await dialog.waitFor();
    const analyst = dialog.getByLabel("Prénom de l'analyste", { exact: true });
    await analyst.fill('');
    await dialog.getByRole('button', { name: 'Mettre en avant', exact: true }).click();
    await expectText(dialog, 'Veuillez attribuer au moins une étoile');
    await expectText(dialog, "Le prénom de l'analyste est requis");
    await expectNoSeriousA11yViolations(specialist);
    await viewportScreenshot(specialist, 'review-feature-dialog-errors-1280');

    await analyst.fill('Camille');
    await dialog.getByRole('radio', { name: '4 étoiles' }).click();
    expect(await dialog.getByRole('radio', { name: '4 étoiles' }).getAttribute('aria-checked')).toBe('true');
    await expectText(dialog, 'Veuillez attribuer au moins une étoile', 0);
    await expectNoSeriousA11yViolations(specialist);
    await specialist.setViewportSize(MOBILE);
    await viewportScreenshot(specialist, 'review-feature-dialog-390');
    await specialist.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Mettre en avant', exact: true }).click();
    await expectToast(specialist, 'Créative mise en avant avec succès');
    await dialog.waitFor({ state: 'detached' });

    const visitor = await newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: "L'analyse créa de la semaine" }).click();
    const block = visitor.getByRole('region', { name: "L'analyse créa de la semaine" });
    await block.getByRole('heading', { name: agencyCreative.name }).waitFor();
    await block.getByText('Analysée par Camille').waitFor();
    await block.getByRole('img', { name: 'Note : 4 sur 5' }).waitFor();
    await screenshot(visitor, 'review-home-featured-1280');
    await mobileScreenshot(visitor, 'review-home-featured-390');
    await visitor.context().close();
  });
});

describe('admin', () => {
  it("deletes a creative from its page after confirmation: toast 'Créative supprimée avec succès', then it is gone", async () => {
    admin = await newPage();
    await login(admin, 'admin');
    await admin.goto(`/creatives/${specialistCreativeId}`);
    await admin.getByRole('heading', { level: 1, name: specialistCreative.name }).waitFor();
    await admin.getByRole('button', { name: 'Supprimer', exact: true }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir supprimer cette créative ?' });
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(admin);
    await viewportScreenshot(admin, 'review-delete-confirm-1280');
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expectToast(admin, 'Créative supprimée avec succès');
    await admin.waitForURL((url) => url.pathname === '/');

    expect((await listApproved(`q=${encodeURIComponent(specialistCreative.name)}`)).length).toBe(0);
    await admin.goto(`/creatives/${specialistCreativeId}`);
    await admin.getByRole('heading', { level: 1, name: 'Créative non trouvée' }).waitFor();
  });

  it("/admin/submit: 'This field is required' on every field, then 'Creative added successfully!'", async () => {
    await admin.goto('/admin/submit');
    await admin.getByRole('heading', { level: 1, name: 'Formulaire admin' }).waitFor();
    await expectNoSeriousA11yViolations(admin);
    const add = admin.getByRole('button', { name: 'Ajouter la créative', exact: true });
    await add.click();
    await expectText(admin, 'This field is required', 8);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'review-admin-submit-errors-1280');
    await mobileScreenshot(admin, 'review-admin-submit-errors-390');

    await admin.getByLabel('Nom', { exact: true }).fill(adminCreative.name);
    await admin.getByLabel('Annonceur', { exact: true }).fill(adminCreative.advertiser);
    await admin.getByLabel("URL de l'image", { exact: true }).fill('pas une url');
    for (const [group, chip] of ONE_CHIP_PER_GROUP) await admin.getByLabel(group, { exact: true }).selectOption(chip);
    await add.click();
    await expectText(admin, 'Please enter a valid URL');
    // An image the test server holds (no network here): a demo creative's picture, by its absolute URL.
    const picture = (await listApproved()).find((c) => c.mediaType === 'image' && c.mediaUrl)!;
    const imageUrl = new URL(picture.mediaUrl!, baseUrl()).href;
    await admin.getByLabel("URL de l'image", { exact: true }).fill(imageUrl);
    await add.click();
    await admin.getByRole('status').getByText('Creative added successfully!').waitFor();
    expect(await admin.getByLabel('Nom', { exact: true }).inputValue()).toBe('');
    await screenshot(admin, 'review-admin-submit-success-1280');

    const found = await listApproved(`q=${encodeURIComponent(adminCreative.name)}`);
    expect(found.map((c) => [c.name, c.advertiser, c.status, c.image])).toEqual([
      [adminCreative.name, adminCreative.advertiser, 'approved', imageUrl],
    ]);

    // Public at once, with its picture.
    const visitor = await visitorSearch(adminCreative.name);
    const card = cardOf(visitor, adminCreative.name);
    await card.waitFor();
    await expect
      .poll(() =>
        card
          .locator('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await visitor.context().close();
  });
});
