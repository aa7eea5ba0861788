import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { countFacets, maskOf } from '@domain/facets';
import { EMPTY_FILTERS, type GalleryFilters } from '@domain/gallery-filters';
import type { FacetCounts } from '@domain/types';
import { MEDIA_FILTER_KEYS, MEDIA_FILTER_LISTS } from '@domain/media-shape';
import { MEDIA_FILTER_LABELS, mediaValueLabel } from '@domain/media-shape-labels';
import { CATEGORY_KEYS, CATEGORY_LABELS, CATEGORY_LISTS, splitCategory } from '@domain/vocabulary';
import { APPROVED } from '@server/db/seed/demo-catalog';
import { DEMO_PROJECT_ID } from '../scripts/firebase/demo-seed';
import { expectNoSeriousA11yViolations, newPage } from '../e2e/support/browser';

/**
 * The filter dialog's counts in the Firebase build (docs/decisions/024): a visitor opens « Filtres »
 * and sees, beside every value and flag, how many approved demo creatives it would show — the
 * domain's counts (domain/facets.ts) of the approved catalogue — then chooses a value and sees the
 * other groups' counts follow it. Other journeys may have approved the demo agency's pending creative
 * or a creative of their own before this file runs: the approved set is read from the emulator.
 */

/** The flags' legends (src/components/creative/badges.tsx, spec §2). */
const FLAG_LABELS = { junto: 'Junto X Angel Studio', tested: 'Tested & approved' } as const;

/** An approved creative as the dialog counts it: its facet keys (domain/facets.ts FACET_KEYS). */
interface Counted {
  name: string;
  keys: string[];
}

type Field = { stringValue?: string; booleanValue?: boolean };

/**
 * The approved creatives as the emulator holds them now (the rules apply: a visitor's list), read from
 * their documents' own fields — the demo's, and any another journey submitted and approved (with its
 * proportions and length).
 */
async function approvedNow(): Promise<Counted[]> {
  const url = `http://${inject('firestoreHost')}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents:runQuery`;
  const where = { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'approved' } } };
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'creatives' }], where } }),
  });
  expect(res.status).toBe(200);
  const rows = (await res.json()) as { document?: { fields: Record<string, Field> } }[];
  return rows.flatMap(({ document }) => {
    if (!document) return [];
    const f = document.fields;
    const text = (name: string) => f[name]?.stringValue ?? '';
    const keys = [
      ...CATEGORY_KEYS.flatMap((key) => splitCategory(text(key)).map((value) => `${key}:${value}`)),
      ...(f.isJuntoAngel?.booleanValue ? ['junto'] : []),
      ...(f.testedAndApproved?.booleanValue ? ['tested'] : []),
      ...(text('shape') ? [`shape:${text('shape')}`] : []),
      ...(text('lengthClass') ? [`length:${text('lengthClass')}`] : []),
    ];
    return [{ name: text('name'), keys }];
  });
}

/** The domain's counts of a view over some creatives. */
function domainCounts(creatives: Counted[], filters: GalleryFilters): FacetCounts {
  const masks = creatives.map((c) => maskOf(c.keys));
  return countFacets({ lo: masks.map((m) => m.lo), hi: masks.map((m) => m.hi), n: masks.map(() => 1) }, filters);
}

/** The number shown beside a chip (its aria-hidden part), or null when none is. */
async function shownCount(chip: Locator): Promise<number | null> {
  const number = chip.locator('span[aria-hidden]');
  if ((await number.count()) === 0) return null;
  return Number((await number.textContent())!.replace(/\s/g, ''));
}

/** Every count the dialog shows, in the shape of FacetCounts. */
async function dialogCounts(dialog: Locator): Promise<FacetCounts> {
  const categories = {} as FacetCounts['categories'];
  for (const key of CATEGORY_KEYS) {
    const group = dialog.getByRole('group', { name: CATEGORY_LABELS[key] });
    categories[key] = {};
    for (const value of CATEGORY_LISTS[key]) {
      categories[key][value] = (await shownCount(group.getByRole('button', { name: value, exact: true }))) ?? -1;
    }
  }
  // The demo documents hold no shape or length; a creative another journey submitted has both.
  const media = {} as FacetCounts['media'];
  for (const key of MEDIA_FILTER_KEYS) {
    const group = dialog.getByRole('group', { name: MEDIA_FILTER_LABELS[key] });
    media[key] = {};
    for (const value of MEDIA_FILTER_LISTS[key]) {
      media[key][value] = (await shownCount(group.getByRole('button', { name: mediaValueLabel(key, value), exact: true }))) ?? -1;
    }
  }
  const flag = async (label: string) => (await shownCount(dialog.getByRole('button', { name: `${label} : Oui` }))) ?? -1;
  const footer = (await dialog.getByText(/^\d[\d\s]* créas? correspond/).textContent()) ?? '';
  return {
    total: Number(footer.replace(/\D/g, '')),
    categories,
    media,
    junto: await flag(FLAG_LABELS.junto),
    tested: await flag(FLAG_LABELS.tested),
  };
}

describe('visitor, filter counts', () => {
  let page: Page;
  let dialog: Locator;
  let approved: Counted[] = [];

  it('opening « Filtres » shows the count of approved creatives beside every value and flag', async () => {
    approved = await approvedNow();
    expect(approved.length).toBeGreaterThanOrEqual(APPROVED.length);
    for (const demo of APPROVED) expect(approved.map((c) => c.name)).toContain(demo.name);
    page = await newPage();
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Galerie des créas' })
      .getByRole('button', { name: /^Filtres/ })
      .click();
    dialog = page.getByRole('dialog', { name: 'Filtres' });
    await dialog.getByText(`${approved.length} créas correspondent`).waitFor({ timeout: 20_000 });
    const expected = domainCounts(approved, EMPTY_FILTERS);
    expect(await dialogCounts(dialog)).toEqual(expected);
    await expectNoSeriousA11yViolations(page);
  });

  it('choosing a value (Format: Vidéo) makes the other groups count the videos only', async () => {
    const filters: GalleryFilters = { ...EMPTY_FILTERS, categories: { format: ['Vidéo'] } };
    const expected = domainCounts(approved, filters);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(approved.length);
    await dialog.getByRole('group', { name: 'Format' }).getByRole('button', { name: 'Vidéo', exact: true }).click();
    const total = expected.total > 1 ? `${expected.total} créas correspondent` : `${expected.total} créa correspond`;
    await dialog.getByText(total).waitFor();
    // Each group's counts arrive with their own reads (facet-counts.ts): the total may come first.
    await expect.poll(() => dialogCounts(dialog), { timeout: 20_000 }).toEqual(expected);
    // The Format values still count with nothing else chosen.
    expect(expected.categories.format).toEqual(domainCounts(approved, EMPTY_FILTERS).categories.format);
    // A type no video has shows 0, dimmed, and can still be chosen.
    const none = Object.entries(expected.categories.type).find(([, n]) => n === 0)?.[0];
    expect(none).toBeDefined();
    const chip = dialog.getByRole('group', { name: 'Type' }).getByRole('button', { name: none, exact: true });
    expect(await chip.getAttribute('data-empty')).toBe('');
    expect(await chip.isEnabled()).toBe(true);
    await page.context().close();
  });
});
