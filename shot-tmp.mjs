import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h, tag] of [[1440, 900, '1440'], [390, 844, '390']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto('http://127.0.0.1:3100/?q=croqettes');
  await page.getByText('Résultats pour').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-typo-${tag}.png` });
  await page.goto('http://127.0.0.1:3100/?q=solaire');
  await page.getByRole('region', { name: 'Galerie des créas' }).getByRole('button', { name: /^Filtres/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vidéo' }).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-facets-${tag}.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Statique' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-facets2-${tag}.png` });
  await page.close();
}
await browser.close();
