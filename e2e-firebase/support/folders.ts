import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The folder steps of the Firebase journeys (journey, folder-notes, share-link), as a member takes them. */

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** From the header's search, the gallery card of the creative named `name`, opened: its heading shows. */
export async function openFromSearch(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox').filter({ visible: true }).fill(name);
  await page
    .getByRole('region', { name: 'Galerie des créas' })
    .locator('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('link', { name })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** On a creative's page: 'Ajouter à un dossier' → 'Nouveau dossier' named `folder`, which then holds it. */
export async function fileInNewFolder(page: Page, folder: string): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter à un dossier' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Nouveau dossier' }).click();
  const name = menu.getByRole('textbox', { name: 'Nom du nouveau dossier' });
  await name.fill(folder);
  await name.press('Enter');
  await expect.poll(() => menu.getByRole('menuitemcheckbox', { name: folder }).getAttribute('aria-checked')).toBe('true');
  await page.keyboard.press('Escape');
}

/** 'Dossiers' in the main navigation, then the folder named `folder` from the list: its heading shows. */
export async function openFolder(page: Page, folder: string): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Dossiers' }).click();
  await page.waitForURL((url) => url.pathname === '/folders');
  await page
    .getByRole('navigation', { name: /^Liste des dossiers/ })
    .getByRole('listitem')
    .filter({ hasText: folder })
    .getByRole('link')
    .click();
  await page.getByRole('heading', { level: 2, name: folder, exact: true }).waitFor();
}
