import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@domain/messages';
import { APPROVED } from '@server/db/seed/demo-catalog';
import { DEMO_PROJECT_ID } from '../scripts/firebase/demo-seed';
import { closeToasts, expectNoSeriousA11yViolations, expectToast, login, newPage } from '../e2e/support/browser';
import { fileInNewFolder, openFolder, openFromSearch } from './support/folders';

/**
 * Share links on the Firebase build (docs/decisions/026): the demo user files a demo creative in a
 * new folder, writes a note, and shares the folder by a link with a password (12 characters in this
 * mode: a shorter one is refused in French) that includes the notes; a fresh browser context, with
 * no session, opens the link, is asked the password, gives a wrong then the right one, and sees the
 * folder's card with the note; Firestore lists no link to it. Once revoked, the link is no longer valid.
 */

/** A demo creative the other journeys leave alone. */
const SUBJECT = APPROVED[2]!;
const tag = Math.random().toString(36).slice(2, 7);
const FOLDER = `Pour le client ${tag}`;
const NOTE = `À montrer lundi ${tag}`;
const PASSWORD = 'sesame-firebase-e2e';

const folderPanel = (page: Page) => page.getByRole('region', { name: FOLDER });

describe('member, a share link of a folder', () => {
  let owner: Page;
  let visitor: Page;
  let link = '';

  afterAll(async () => {
    await visitor?.context().close();
    await owner?.context().close();
  });

  it('files a demo creative in a new folder and writes a note on it', async () => {
    owner = await newPage();
    await login(owner, 'user');
    await openFromSearch(owner, SUBJECT.name);
    await fileInNewFolder(owner, FOLDER);
    await openFolder(owner, FOLDER);
    await folderPanel(owner)
      .getByRole('button', { name: `Ajouter une note sur « ${SUBJECT.name} »` })
      .click();
    const field = folderPanel(owner).getByRole('textbox', { name: `Note sur « ${SUBJECT.name} »` });
    await field.fill(NOTE);
    await field.press('Enter');
    await expectToast(owner, MSG.noteSaved);
    await closeToasts(owner);
  });

  it('shares it with a password of 12 characters or more and the notes', async () => {
    await owner.getByRole('button', { name: 'Partager', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Partager « ${FOLDER} »` });
    await dialog.waitFor();
    await dialog.getByText('Aucun lien pour l’instant.').waitFor();
    const password = dialog.getByLabel('Mot de passe (facultatif)');
    await password.fill('sesame-e2e');
    await dialog.getByLabel('inclure les notes').check();
    await dialog.getByRole('button', { name: 'Créer le lien' }).click();
    await dialog.getByText(MSG.sharePasswordMinOf(12)).waitFor();
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Créer le lien' }).click();
    await expectToast(owner, MSG.shareCreated);
    const address = dialog.getByRole('textbox', { name: 'Adresse du lien' });
    await address.waitFor();
    link = await address.inputValue();
    expect(link).toMatch(/\/partage\/[A-Za-z0-9_-]{32}$/);
    await dialog.getByText(/protégé par un mot de passe · inclure les notes/).waitFor();
    // No view count in this mode (nothing could count them honestly).
    expect(await dialog.getByText(/\bvues?\b/).count()).toBe(0);
    await expectNoSeriousA11yViolations(owner);
    await closeToasts(owner);
    await owner.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a fresh browser context is asked the password, then sees the card and its note', async () => {
    visitor = await newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { level: 1, name: 'Dossier protégé' }).waitFor();
    const password = visitor.getByLabel('Mot de passe', { exact: true });
    await password.fill('pas-le-bon-mot-de-passe');
    await visitor.getByRole('button', { name: 'Ouvrir le dossier' }).click();
    await visitor.getByText(MSG.sharePasswordWrong).waitFor();
    await password.fill(PASSWORD);
    await password.press('Enter');

    await visitor.getByRole('heading', { level: 1, name: FOLDER }).waitFor();
    const card = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: SUBJECT.name, exact: true }) });
    await card.waitFor();
    await card.getByText(NOTE).waitFor();
    await expectNoSeriousA11yViolations(visitor);

    await card.getByRole('link', { name: SUBJECT.name }).click();
    await visitor.getByRole('heading', { level: 1, name: SUBJECT.name }).waitFor();
    await visitor.getByText(NOTE).waitFor();
    await visitor.keyboard.press('Escape');
    await visitor.getByRole('heading', { level: 1, name: FOLDER }).waitFor();

    // What anyone could ask Firestore's REST API: no list of links.
    const list = `http://${inject('firestoreHost')}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/shares`;
    expect((await fetch(list)).status).toBe(403);
  });

  it('once revoked, the link is no longer valid', async () => {
    await owner.getByRole('button', { name: 'Partager', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Partager « ${FOLDER} »` });
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Révoquer' }).click();
    await expectToast(owner, MSG.shareRevoked);
    await dialog.getByText('Aucun lien pour l’instant.').waitFor();

    await visitor.goto(link);
    await visitor.getByRole('heading', { level: 1, name: MSG.shareNotFound }).waitFor();
  });
});
