import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@domain/messages';
import { NOTE_MAX } from '@domain/shares';
import { APPROVED } from '@server/db/seed/demo-catalog';
import { FOLDER_PARAM } from '@/features/folders/url-state';
import { DEMO_PROJECT_ID } from '../scripts/firebase/demo-seed';
import { closeToasts, expectNoSeriousA11yViolations, expectToast, login, newPage } from '../e2e/support/browser';
import { fileInNewFolder, openFolder, openFromSearch } from './support/folders';

/**
 * Folder notes on the Firebase build (docs/decisions/022): the demo user files a demo creative in a
 * new folder, writes a note on it (too long first: the French message), finds it again after a
 * reload, and Firestore gives it to nobody else; then empties it, which removes it.
 */

/** A demo creative the other journey leaves alone (it likes and comments the first one). */
const SUBJECT = APPROVED[1]!;
const tag = Math.random().toString(36).slice(2, 7);
const FOLDER = `Carnet ${tag}`;
const NOTE = `À montrer au client lundi ${tag}`;

const folderPanel = (page: Page) => page.getByRole('region', { name: FOLDER });
const noteButton = (page: Page, verb: 'Ajouter une' | 'Modifier la') =>
  folderPanel(page).getByRole('button', { name: `${verb} note sur « ${SUBJECT.name} »` });

describe('member, notes in a folder', () => {
  let page: Page;
  let folderId = '';
  let creativeId = '';

  afterAll(() => page?.context().close());

  it('files a demo creative in a new folder and opens the folder', async () => {
    page = await newPage();
    await login(page, 'user');
    await openFromSearch(page, SUBJECT.name);
    creativeId = new URL(page.url()).pathname.split('/').pop()!;

    await fileInNewFolder(page, FOLDER);
    await openFolder(page, FOLDER);
    folderId = new URL(page.url()).searchParams.get(FOLDER_PARAM) ?? '';
    expect(folderId).not.toBe('');
  });

  it('writes a note on it: too long is refused in French, then saved', async () => {
    await noteButton(page, 'Ajouter une').click();
    const field = folderPanel(page).getByRole('textbox', { name: `Note sur « ${SUBJECT.name} »` });
    await field.fill('x'.repeat(NOTE_MAX + 1));
    await field.press('Enter');
    await folderPanel(page).getByText(MSG.noteMax).waitFor();
    await field.fill(`  ${NOTE}  `);
    await field.press('Enter');
    await expectToast(page, MSG.noteSaved);
    // Under the tags, after a hidden 'Note : ' for screen readers.
    await folderPanel(page).getByText(NOTE).waitFor();
    await closeToasts(page);
  });

  it('sees the note after a reload; Firestore gives it to nobody else', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 2, name: FOLDER, exact: true }).waitFor();
    await folderPanel(page).getByText(NOTE).waitFor();
    await noteButton(page, 'Modifier la').waitFor();
    await expectNoSeriousA11yViolations(page);

    // What a visitor would get from Firestore's REST API: the rules refuse it.
    const url = `http://${inject('firestoreHost')}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/folders/${folderId}/notes/${creativeId}`;
    expect((await fetch(url)).status).toBe(403);
  });

  it('empties the note, which removes it, after a reload too', async () => {
    await noteButton(page, 'Modifier la').click();
    const field = folderPanel(page).getByRole('textbox', { name: `Note sur « ${SUBJECT.name} »` });
    await field.fill('   ');
    await field.press('Enter');
    await expectToast(page, MSG.noteSaved);
    await noteButton(page, 'Ajouter une').waitFor();
    await page.reload();
    await noteButton(page, 'Ajouter une').waitFor();
    expect(await folderPanel(page).getByText(NOTE).count()).toBe(0);
  });
});
