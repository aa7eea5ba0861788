import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderZipName } from '@domain/folder-zip';
import { sanitizeFileName } from '@domain/download';
import type { Creative, Folder } from '@domain/types';
import { apiJson, apiLogin, type ApiSession, deleteFoldersMarked, listApproved, runTag } from './support/api';
import { expectNoSeriousA11yViolations, login, MOBILE, newPage, screenshot } from './support/browser';

/**
 * Issue 18: a folder downloaded as one ZIP from its panel on /folders (self-hosted: the server
 * streams it and the browser's downloader saves it). The folder and its two creatives are set up
 * through the API as the plain demo user (filing through the UI is organise.e2e.ts's journey);
 * the download itself goes through the page, at 1440 and 390 px.
 */

const tag = runTag();
const WIDE = { width: 1440, height: 900 } as const;

let session: ApiSession;
let filed: Creative[];
let folder: Folder;
let empty: Folder;

beforeAll(async () => {
  session = await apiLogin('user');
  filed = (await listApproved()).filter((c) => c.mediaUrl?.startsWith('/media/')).slice(0, 2);
  expect(filed).toHaveLength(2);
  folder = await apiJson<Folder>(session, 'POST', '/api/folders', { name: `Pour le client ${tag}` });
  for (const c of filed) await apiJson(session, 'PUT', `/api/folders/${folder.id}/creatives/${c.id}`);
  empty = await apiJson<Folder>(session, 'POST', '/api/folders', { name: `Vide ${tag}` });
});

// The demo user's folders are shared by the journeys: this file's go when it ends.
afterAll(() => deleteFoldersMarked(session, tag));

const zipButton = (page: Page) => page.getByRole('button', { name: 'Télécharger le dossier (ZIP)' });

async function openFolder(page: Page, target: Folder): Promise<void> {
  await page.goto(`/folders?folder=${target.id}`);
  await page.getByRole('heading', { level: 2, name: target.name, exact: true }).waitFor();
}

describe.each([
  ['1440', WIDE],
  ['390', MOBILE],
])('folder ZIP at %s px', (width, viewport) => {
  let page: Page;

  it("'Télécharger le dossier (ZIP)' saves a valid archive of the folder's originals and README.txt", async () => {
    page = await newPage(viewport);
    await login(page, 'user');
    await openFolder(page, folder);
    await page.getByRole('article').first().waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `folder-zip-${width}`);

    const [download] = await Promise.all([page.waitForEvent('download'), zipButton(page).click()]);
    expect(download.suggestedFilename()).toBe(folderZipName(folder.name));
    const file = await download.path();
    const entries = unzipSync(new Uint8Array(fs.readFileSync(file)));
    const names = Object.keys(entries);
    expect(names).toHaveLength(3);
    expect(names[2]).toBe('README.txt');
    // Most recently filed first, each under its sanitized name with its media's extension.
    const newestFirst = [...filed].reverse();
    newestFirst.forEach((c, i) => expect(names[i]).toMatch(new RegExp(`^${sanitizeFileName(c.name)}(-2)?\\.(png|jpg|webp|mp4|webm|mov)$`)));
    for (const [i, c] of newestFirst.entries()) {
      const original = Buffer.from(await (await page.request.get(c.mediaUrl!)).body());
      expect(Buffer.from(entries[names[i]!]!).equals(original)).toBe(true);
    }
    const readme = strFromU8(entries['README.txt']!);
    expect(readme).toContain(`Dossier « ${folder.name} »`);
    for (const c of filed) expect(readme).toContain(`  Créative : ${c.name}\r\n  Annonceur : ${c.advertiser}`);
  });

  it('is disabled with the reason on an empty folder', async () => {
    await openFolder(page, empty);
    await expect.poll(() => zipButton(page).isDisabled()).toBe(true);
    await page.getByText('Ajoutez des créas à ce dossier pour pouvoir le télécharger.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
});
