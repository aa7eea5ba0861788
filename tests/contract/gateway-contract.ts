import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE, FOLDER_PAGE_SIZE, QUEUE_PAGE_SIZE, USERS_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { NOTE_MAX } from '@domain/shares';
import type { Page } from '@domain/types';
import type { CreativeInput, Gateway } from '@/gateway/types';
import { VALID_FORM } from '../helpers/uploads';
import { featureRowsContract } from './feature-rows';
import { failure } from './failure';
import type { ContractHarness } from './harness';

const FORM: CreativeInput = { ...VALID_FORM, name: 'Contrat', attention: 'Message', bestPractices: ['Hook'] };

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}-${Date.now().toString(36)}`;

/**
 * Follows `nextCursor` from the first page to the end. Unless `short` pages are allowed (a search
 * Firestore cannot run ends a page early), every page but the last is full.
 */
async function allPages<T>(
  fetchPage: (cursor: string | null) => Promise<Page<T>>,
  pageSize: number,
  options: { short?: boolean } = {},
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page<T> = await fetchPage(cursor);
    pages += 1;
    expect(pages, 'the cursors never reach an end').toBeLessThan(200);
    expect(page.items.length).toBeLessThanOrEqual(pageSize);
    if (page.nextCursor && !options.short) expect(page.items).toHaveLength(pageSize);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { items, pages };
}

/** Each id once, and `ids` all among them. */
function expectEachOnce(items: { id: string }[], ids: string[]) {
  const seen = items.map((i) => i.id);
  expect(new Set(seen).size, 'an item came twice').toBe(seen.length);
  expect(seen).toEqual(expect.arrayContaining(ids));
}

/** Newest first: the ISO dates never increase along the list. */
function expectNewestFirst(items: { createdAt: string }[]) {
  const times = items.map((i) => Date.parse(i.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}

/** `count` results of `make`, a few at a time. */
async function many<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += 4) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(4, count - i) }, (_, k) => make(i + k)))));
  }
  return out;
}

const SLOW = 180_000;

/**
 * One set of behaviours every Gateway adapter must show (tests/contract/*.contract.test.ts run it
 * against each backend). Written only in terms of the Gateway interface.
 */
export function gatewayContract(makeHarness: () => Promise<ContractHarness>) {
  let h: ContractHarness;
  beforeAll(async () => {
    h = await makeHarness();
  }, 120_000);
  afterAll(() => h?.close());

  featureRowsContract(() => h);

  describe('accounts', () => {
    it('registers a user (always role user), keeps the session, logs out and in', async () => {
      const gateway = h.anonymous();
      const email = `${unique('contrat').replace(/\W+/g, '.')}@example.com`.toLowerCase();
      const user = await gateway.auth.register({
        firstName: 'Léa',
        lastName: 'Contrat',
        email,
        password: 'secret1',
        confirmPassword: 'secret1',
      });
      expect(user).toMatchObject({ firstName: 'Léa', lastName: 'Contrat', email, role: 'user' });
      expect((await gateway.auth.getSession())?.id).toBe(user.id);
      await gateway.auth.logout();
      expect(await gateway.auth.getSession()).toBeNull();
      const wrong = await failure(gateway.auth.login({ email, password: 'mauvais1' }));
      expect(wrong.code).toBe('INVALID_CREDENTIALS');
      expect(wrong.message).toBe(MSG.invalidCredentials);
      expect((await gateway.auth.login({ email, password: 'secret1' })).id).toBe(user.id);
      const taken = await failure(
        h.anonymous().auth.register({ firstName: 'A', lastName: 'B', email, password: 'secret1', confirmPassword: 'secret1' }),
      );
      expect(taken.code).toBe('EMAIL_TAKEN');
    });

    it('updates the profile and checks the current password', async () => {
      const { gateway, password } = await h.signedIn('user');
      expect(await gateway.auth.updateProfile({ firstName: ' Jeanne ', lastName: ' Dupont ' })).toMatchObject({
        firstName: 'Jeanne',
        lastName: 'Dupont',
      });
      const wrong = await failure(
        gateway.auth.changePassword({ currentPassword: 'pas-le-bon', newPassword: 'nouveau1', confirmPassword: 'nouveau1' }),
      );
      expect(wrong.code).toBe('WRONG_PASSWORD');
      await gateway.auth.changePassword({ currentPassword: password, newPassword: 'nouveau1', confirmPassword: 'nouveau1' });
    });
  });

  describe('submission and validation', () => {
    it('keeps an agency submission pending and private until a specialist approves it', async () => {
      const agency = await h.signedIn('agency');
      const specialist = await h.signedIn('specialist');
      const name = unique('Attente');
      const created = await agency.gateway.creatives.submit({ ...FORM, name }, await h.image());
      expect(created).toMatchObject({ name, status: 'pending', validated: false });
      const visitor = h.anonymous();
      expect((await failure(visitor.creatives.get(created.id))).code).toBe('NOT_FOUND');
      expect((await visitor.creatives.list({ q: name })).items).toEqual([]);
      expect((await agency.gateway.agency.list('pending')).items.map((c) => c.id)).toContain(created.id);
      expect((await specialist.gateway.review.list('pending')).items.map((c) => c.id)).toContain(created.id);

      const rejected = await specialist.gateway.review.reject(created.id, 'Visuel flou');
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Visuel flou' });
      expect((await agency.gateway.agency.list('rejected')).items.find((c) => c.id === created.id)?.rejectionReason).toBe('Visuel flou');
      await specialist.gateway.review.approve(created.id);
      expect((await visitor.creatives.list({ q: name })).items.map((c) => c.id)).toEqual([created.id]);
    });

    it('approves staff submissions at once and refuses validation to others', async () => {
      const specialist = await h.signedIn('specialist');
      const user = await h.signedIn('user');
      const created = await specialist.gateway.creatives.submit({ ...FORM, name: unique('Direct') }, await h.image());
      expect(created.status).toBe('approved');
      expect((await failure(user.gateway.creatives.submit(FORM, await h.image()))).code).toBe('FORBIDDEN');
      expect((await failure(user.gateway.review.approve(created.id))).code).toBe('FORBIDDEN');
      expect((await failure(user.gateway.review.list('pending'))).code).toBe('FORBIDDEN');
    });

    it('keeps one featured creative', async () => {
      const admin = await h.signedIn('admin');
      const a = await admin.gateway.creatives.submit({ ...FORM, name: unique('Une') }, await h.image());
      const b = await admin.gateway.creatives.submit({ ...FORM, name: unique('Deux') }, await h.image());
      await admin.gateway.review.feature(a.id, { analyzedBy: 'Léa', rating: 3 });
      await admin.gateway.review.feature(b.id, { analyzedBy: 'Hugo', rating: 5 });
      expect((await admin.gateway.creatives.get(a.id)).isFeatured).toBe(false);
      expect((await admin.gateway.creatives.highlights()).featured).toMatchObject({ id: b.id, analyzedBy: 'Hugo', rating: 5 });
    });

    it('tells a watcher the pending count', async () => {
      const specialist = await h.signedIn('specialist');
      const agency = await h.signedIn('agency');
      const counts: number[] = [];
      const stop = specialist.gateway.review.watchPendingCount((c) => counts.push(c));
      try {
        await expect.poll(() => counts.length, { timeout: 10_000 }).toBeGreaterThan(0);
        const before = counts[counts.length - 1]!;
        await agency.gateway.creatives.submit({ ...FORM, name: unique('Live') }, await h.image());
        await expect.poll(() => counts[counts.length - 1], { timeout: 10_000 }).toBe(before + 1);
      } finally {
        stop();
      }
    });

    it('tells the agency of a decision on its creative, live; only the agency marks it read', async () => {
      const specialist = await h.signedIn('specialist');
      const agency = await h.signedIn('agency');
      const counts: number[] = [];
      const stop = agency.gateway.notifications.watchUnreadCount((c) => counts.push(c));
      try {
        await expect.poll(() => counts.length, { timeout: 10_000 }).toBeGreaterThan(0);
        expect(counts[counts.length - 1]).toBe(0);
        const created = await agency.gateway.creatives.submit({ ...FORM, name: unique('Notifiée') }, await h.image());
        await specialist.gateway.review.reject(created.id, 'Flou');
        await expect.poll(() => counts[counts.length - 1], { timeout: 10_000 }).toBe(1);
        const [notice] = (await agency.gateway.notifications.list()).items;
        expect(notice).toMatchObject({ type: 'creative_rejected', creativeId: created.id, reason: 'Flou', read: false });
        expect((await failure(specialist.gateway.notifications.markRead(notice!.id))).code).toBe('NOT_FOUND');
        await agency.gateway.notifications.markRead(notice!.id);
        await expect.poll(() => counts[counts.length - 1], { timeout: 10_000 }).toBe(0);
        expect((await agency.gateway.notifications.list()).items[0]).toMatchObject({ id: notice!.id, read: true });
      } finally {
        stop();
      }
    });
  });

  describe('likes, favourites and comments', () => {
    let creativeId: string;
    let user: Gateway;
    let admin: Gateway;

    beforeAll(async () => {
      admin = (await h.signedIn('admin')).gateway;
      user = (await h.signedIn('user')).gateway;
      creativeId = (await admin.creatives.submit({ ...FORM, name: unique('Likée') }, await h.image())).id;
    });

    it('toggles likes idempotently and lists favourites', async () => {
      expect(await user.creatives.like(creativeId)).toEqual({ likes: 1, liked: true });
      expect(await user.creatives.like(creativeId)).toEqual({ likes: 1, liked: true });
      expect((await user.creatives.favorites({})).items.map((c) => c.id)).toContain(creativeId);
      expect(await user.creatives.unlike(creativeId)).toEqual({ likes: 0, liked: false });
      expect((await user.creatives.favorites({})).items.map((c) => c.id)).not.toContain(creativeId);
      expect((await failure(h.anonymous().creatives.like(creativeId))).code).toBe('UNAUTHENTICATED');
    });

    it('counts the likes given in the period in the analytics, and takes back an unlike', async () => {
      const specialist = (await h.signedIn('specialist')).gateway;
      const likesGiven = async () => (await specialist.analytics.get({ period: '7' })).totals.likes;
      const before = await likesGiven();
      await user.creatives.like(creativeId);
      expect(await likesGiven()).toBe(before + 1);
      await user.creatives.unlike(creativeId);
      expect(await likesGiven()).toBe(before);
    });

    it('adds comments newest first, likes them, and lets only admins delete', async () => {
      expect((await failure(user.comments.add(creativeId, '   '))).code).toBe('VALIDATION');
      const first = await user.comments.add(creativeId, 'Premier');
      await user.comments.add(creativeId, 'Second');
      expect((await user.comments.list(creativeId)).items.map((c) => c.text)).toEqual(['Second', 'Premier']);
      expect(await admin.comments.like(first.id)).toEqual({ likes: 1, liked: true });
      expect((await failure(user.comments.remove(first.id))).code).toBe('FORBIDDEN');
      await admin.comments.remove(first.id);
      expect((await user.comments.list(creativeId)).items.map((c) => c.text)).toEqual(['Second']);
    });
  });

  describe('every list pages to its end (keyset cursors, no cap)', () => {
    it(
      "pages the validation queues and 'Mes créas', newest first, each creative once",
      async () => {
        const agency = await h.signedIn('agency');
        const specialist = await h.signedIn('specialist');
        const image = await h.image();
        const created = await many(QUEUE_PAGE_SIZE + 5, (i) =>
          agency.gateway.creatives.submit({ ...FORM, name: unique(`Page ${i}`) }, image),
        );
        const ids = created.map((c) => c.id);

        const own = await allPages((cursor) => agency.gateway.agency.list('pending', { cursor }), QUEUE_PAGE_SIZE);
        expect(own.pages).toBe(2);
        expect(own.items).toHaveLength(ids.length);
        expectEachOnce(own.items, ids);
        expectNewestFirst(own.items);

        const queue = await allPages((cursor) => specialist.gateway.review.list('pending', { cursor }), QUEUE_PAGE_SIZE);
        expect(queue.pages).toBeGreaterThanOrEqual(2);
        expectEachOnce(queue.items, ids);
        expectNewestFirst(queue.items);
        expect(queue.items.every((c) => c.status === 'pending')).toBe(true);
        // Still in order relative to each other, wherever the queue's other creatives fall.
        expect(queue.items.filter((c) => ids.includes(c.id)).map((c) => c.id)).toEqual(own.items.map((c) => c.id));
      },
      SLOW,
    );

    it(
      "pages a creative's comments, newest first, each once",
      async () => {
        const admin = await h.signedIn('admin');
        const user = await h.signedIn('user');
        const creative = await admin.gateway.creatives.submit({ ...FORM, name: unique('Bavarde') }, await h.image());
        const added = [];
        for (let i = 0; i < COMMENTS_PAGE_SIZE + 5; i++) added.push(await user.gateway.comments.add(creative.id, `Avis ${i}`));
        const all = await allPages((cursor) => h.anonymous().comments.list(creative.id, { cursor }), COMMENTS_PAGE_SIZE);
        expect(all.pages).toBe(2);
        expect(all.items).toHaveLength(added.length);
        expectEachOnce(
          all.items,
          added.map((c) => c.id),
        );
        expectNewestFirst(all.items);
        expect(all.items[0]!.text).toBe(`Avis ${added.length - 1}`);
      },
      SLOW,
    );

    it(
      "pages a folder's creatives, the search continuing across pages",
      async () => {
        const owner = await h.signedIn('user');
        const admin = await h.signedIn('admin');
        const image = await h.image();
        const tag = unique('Classeur').replace(/\W+/g, '');
        const creatives = await many(FOLDER_PAGE_SIZE * 2 + 3, (i) =>
          admin.gateway.creatives.submit({ ...FORM, name: i % 2 === 0 ? `${tag} ${i}` : `Autre ${i}` }, image),
        );
        const folder = await owner.gateway.folders.create('Gros classeur');
        for (const c of creatives) await owner.gateway.folders.addCreative(folder.id, c.id);

        const all = await allPages((cursor) => owner.gateway.folders.creatives(folder.id, { cursor }), FOLDER_PAGE_SIZE);
        expect(all.pages).toBe(3);
        expect(all.items).toHaveLength(creatives.length);
        expectEachOnce(
          all.items,
          creatives.map((c) => c.id),
        );
        // Most recently added first (filed one request after the other, never at the same instant).
        expect(all.items.map((c) => c.id)).toEqual(creatives.map((c) => c.id).reverse());

        const found = await allPages(
          (cursor) => owner.gateway.folders.creatives(folder.id, { q: tag.toUpperCase(), cursor }),
          FOLDER_PAGE_SIZE,
          {
            short: true,
          },
        );
        const matching = creatives.filter((c) => c.name.startsWith(tag)).map((c) => c.id);
        expect(matching.length).toBeGreaterThan(FOLDER_PAGE_SIZE);
        expect(found.items).toHaveLength(matching.length);
        expectEachOnce(found.items, matching);
      },
      SLOW,
    );

    it(
      'pages the users, newest first, the search and role chips continuing across pages',
      async () => {
        const admin = await h.signedIn('admin');
        const tag = unique('Paginé').replace(/\W+/g, '');
        const accounts = await many(USERS_PAGE_SIZE + 5, (i) =>
          h.anonymous().auth.register({
            firstName: 'Léa',
            lastName: `${tag} ${i}`,
            email: `${tag}.${i}@example.com`.toLowerCase(),
            password: 'secret1',
            confirmPassword: 'secret1',
          }),
        );
        const ids = accounts.map((a) => a.id);

        const everyone = await allPages((cursor) => admin.gateway.users.list({ cursor }), USERS_PAGE_SIZE);
        expect(everyone.pages).toBeGreaterThanOrEqual(2);
        expectEachOnce(everyone.items, [...ids, admin.user.id]);
        expectNewestFirst(everyone.items);

        // The search ('first last' or e-mail, any case) goes on across pages: exactly these accounts.
        const found = await allPages((cursor) => admin.gateway.users.list({ q: `Léa ${tag.toUpperCase()}`, cursor }), USERS_PAGE_SIZE, {
          short: true,
        });
        expect(found.items).toHaveLength(ids.length);
        expectEachOnce(found.items, ids);
        expectNewestFirst(found.items);
        const byMail = await allPages((cursor) => admin.gateway.users.list({ q: `${tag}.`, role: ['user'], cursor }), USERS_PAGE_SIZE, {
          short: true,
        });
        expect(byMail.items).toHaveLength(ids.length);

        const staff = await allPages((cursor) => admin.gateway.users.list({ role: ['admin', 'specialist'], cursor }), USERS_PAGE_SIZE);
        expect(staff.items.map((u) => u.id)).toContain(admin.user.id);
        expect(staff.items.every((u) => u.role === 'admin' || u.role === 'specialist')).toBe(true);
      },
      SLOW,
    );
  });

  describe('discovery: suggestions and similar creatives', () => {
    it('suggests the names, advertisers and tag values of approved creatives by word start, never a pending one', async () => {
      const admin = (await h.signedIn('admin')).gateway;
      const agency = (await h.signedIn('agency')).gateway;
      const word = `Xylo${Date.now().toString(36)}`;
      const shown = await admin.creatives.submit(
        { ...FORM, name: `Grand ${word} bleu`, advertiser: `Maison ${word}`, type: ['Unboxing'] },
        await h.image(),
      );
      const hidden = await agency.creatives.submit({ ...FORM, name: `Petit ${word} caché` }, await h.image());
      const visitor = h.anonymous();
      const found = await visitor.creatives.suggest(word.slice(0, 6).toUpperCase());
      expect(found).toContainEqual({ kind: 'creative', label: `Grand ${word} bleu`, id: shown.id });
      expect(found).toContainEqual({ kind: 'advertiser', label: `Maison ${word}` });
      expect(found.map((s) => s.id)).not.toContain(hidden.id);
      expect(await visitor.creatives.suggest(word.slice(1, 6))).toEqual([]);
      expect(await visitor.creatives.suggest('unbox')).toContainEqual({ kind: 'tag', label: 'Unboxing', category: 'type' });
      expect(await visitor.creatives.suggest('  ')).toEqual([]);
    });

    it('shows approved creatives sharing the sector as similar, never the creative itself', async () => {
      const admin = (await h.signedIn('admin')).gateway;
      const agency = (await h.signedIn('agency')).gateway;
      const values = { sector: ['Énergie'], type: ['ASMR'] };
      const older = await admin.creatives.submit({ ...FORM, ...values, name: unique('Similaire') }, await h.image());
      const me = await admin.creatives.submit({ ...FORM, ...values, name: unique('Référence') }, await h.image());
      const pending = await agency.creatives.submit({ ...FORM, ...values, name: unique('Similaire en attente') }, await h.image());
      const similar = await h.anonymous().creatives.similar(me.id);
      expect(similar.length).toBeLessThanOrEqual(6);
      expect(similar[0]?.id).toBe(older.id);
      expect(similar.map((c) => c.id)).not.toContain(me.id);
      expect(similar.map((c) => c.id)).not.toContain(pending.id);
      expect(similar.every((c) => c.status === 'approved')).toBe(true);
      expect((await failure(h.anonymous().creatives.similar(pending.id))).code).toBe('NOT_FOUND');
    });
  });

  describe('folders and administration', () => {
    it("files creatives in the owner's folders only", async () => {
      const owner = await h.signedIn('user');
      const other = await h.signedIn('user');
      const admin = await h.signedIn('admin');
      const creative = await admin.gateway.creatives.submit({ ...FORM, name: unique('Rangée') }, await h.image());
      const folder = await owner.gateway.folders.create('Inspirations');
      expect((await owner.gateway.folders.addCreative(folder.id, creative.id)).creativeIds).toEqual([creative.id]);
      expect((await owner.gateway.folders.addCreative(folder.id, creative.id)).creativeIds).toEqual([creative.id]);
      expect((await owner.gateway.folders.creatives(folder.id, {})).items.map((c) => c.id)).toEqual([creative.id]);
      expect((await failure(other.gateway.folders.rename(folder.id, 'Volé'))).code).toBe('NOT_FOUND');
      expect((await owner.gateway.folders.rename(folder.id, 'Top')).name).toBe('Top');
      await owner.gateway.folders.remove(folder.id);
      expect(await owner.gateway.folders.list()).toEqual([]);
    });

    it('keeps a note per creative per folder for its owner: trimmed, limited, gone with the creative', async () => {
      const owner = await h.signedIn('user');
      const other = await h.signedIn('user');
      const admin = await h.signedIn('admin');
      const creative = await admin.gateway.creatives.submit({ ...FORM, name: unique('Notée') }, await h.image());
      const outside = await admin.gateway.creatives.submit({ ...FORM, name: unique('Ailleurs') }, await h.image());
      expect(owner.gateway.features.folderNotes).toBe(true);
      const folder = await owner.gateway.folders.create('Notes');
      await owner.gateway.folders.addCreative(folder.id, creative.id);
      const notes = async () => (await owner.gateway.folders.creatives(folder.id, {})).items.map((c) => c.note);
      expect(await notes()).toEqual([null]);

      const tooLong = await failure(owner.gateway.folders.setNote(folder.id, creative.id, 'x'.repeat(NOTE_MAX + 1)));
      expect(tooLong).toMatchObject({ code: 'VALIDATION', fields: { note: MSG.noteMax } });
      const saved = await owner.gateway.folders.setNote(folder.id, creative.id, '  À montrer au client  ');
      expect(saved).toEqual({ note: 'À montrer au client' });
      expect(await notes()).toEqual(['À montrer au client']);

      // Another user's folder, a creative the folder does not hold, a folder that does not exist.
      expect((await failure(other.gateway.folders.setNote(folder.id, creative.id, 'Volée'))).code).toBe('NOT_FOUND');
      expect((await failure(other.gateway.folders.creatives(folder.id, {}))).code).toBe('NOT_FOUND');
      expect(await failure(owner.gateway.folders.setNote(folder.id, outside.id, 'Hors dossier'))).toMatchObject({
        code: 'NOT_FOUND',
        message: MSG.creativeNotFound,
      });
      expect((await failure(owner.gateway.folders.setNote('inconnu', creative.id, 'Perdue'))).code).toBe('NOT_FOUND');
      expect(await notes()).toEqual(['À montrer au client']);

      expect(await owner.gateway.folders.setNote(folder.id, creative.id, '   ')).toEqual({ note: null });
      expect(await notes()).toEqual([null]);

      // Taken out of the folder, the creative leaves its note behind: filed again, it has none.
      await owner.gateway.folders.setNote(folder.id, creative.id, 'Avant de la retirer');
      await owner.gateway.folders.removeCreative(folder.id, creative.id);
      await owner.gateway.folders.addCreative(folder.id, creative.id);
      expect(await notes()).toEqual([null]);
    });

    it('shares a folder by link: the password asked, the notes chosen, nothing after revoking (features.folderShares)', async (ctx) => {
      const owner = await h.signedIn('user');
      if (!owner.gateway.features.folderShares) ctx.skip();
      const other = await h.signedIn('user');
      const admin = await h.signedIn('admin');
      const creative = await admin.gateway.creatives.submit({ ...FORM, name: unique('Partagée') }, await h.image());
      const folder = await owner.gateway.folders.create('Pour le client');
      await owner.gateway.folders.addCreative(folder.id, creative.id);
      await owner.gateway.folders.setNote(folder.id, creative.id, 'À montrer');
      // Long enough for every backend's minimum (features.sharePasswordMin).
      const password = 'contrat-'.padEnd(owner.gateway.features.sharePasswordMin + 2, 'x');
      const tooShort = await failure(
        owner.gateway.shares.create(folder.id, { password: password.slice(0, owner.gateway.features.sharePasswordMin - 1) }),
      );
      expect(tooShort).toMatchObject({
        code: 'VALIDATION',
        fields: { password: MSG.sharePasswordMinOf(owner.gateway.features.sharePasswordMin) },
      });
      const link = await owner.gateway.shares.create(folder.id, { password, includeNotes: true });
      expect(link).toMatchObject({ hasPassword: true, includeNotes: true, includeAnalysis: false, allowDownload: false, expired: false });
      expect((await owner.gateway.shares.list(folder.id)).map((s) => s.id)).toEqual([link.id]);
      expect((await failure(other.gateway.shares.list(folder.id))).code).toBe('NOT_FOUND');

      const visitor = h.anonymous();
      expect((await failure(visitor.shares.folder(link.token))).code).toBe('PASSWORD_REQUIRED');
      expect((await failure(visitor.shares.unlock(link.token, `${password}-faux`))).code).toBe('WRONG_PASSWORD');
      await visitor.shares.unlock(link.token, password);
      const page = await visitor.shares.folder(link.token);
      expect(page.folder).toEqual({ name: 'Pour le client', allowDownload: false, includeAnalysis: false, includeNotes: true });
      expect(page.items.map((c) => [c.id, c.note, c.submitter])).toEqual([[creative.id, 'À montrer', null]]);
      expect((await visitor.shares.creative(link.token, creative.id)).note).toBe('À montrer');
      expect((await failure(visitor.shares.download(link.token, creative))).code).toBe('FORBIDDEN');

      await owner.gateway.shares.revoke(folder.id, link.id);
      expect(await owner.gateway.shares.list(folder.id)).toEqual([]);
      expect(await failure(visitor.shares.folder(link.token))).toMatchObject({ code: 'NOT_FOUND', message: MSG.shareNotFound });
    });

    it("offers the owner's folder as a ZIP; another user's is not found", async () => {
      const owner = await h.signedIn('user');
      const other = await h.signedIn('user');
      const folder = await owner.gateway.folders.create('Archive');
      const zip = await owner.gateway.folders.downloadZip(folder);
      // The server's streamed address (http) or the archive built in the page (firebase).
      expect(zip.kind === 'url' ? zip.url : zip.fileName).toMatch(/zip$/);
      expect((await failure(other.gateway.folders.downloadZip(folder))).code).toBe('NOT_FOUND');
    });

    it('lets only admins change roles, never their own', async () => {
      const admin = await h.signedIn('admin');
      const target = await h.signedIn('user');
      expect((await admin.gateway.users.setRole(target.user.id, 'agency')).role).toBe('agency');
      expect((await failure(admin.gateway.users.setRole(admin.user.id, 'user'))).code).toBe('FORBIDDEN');
      expect((await failure(target.gateway.users.list())).code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    });

    it('gives analytics to staff only', async () => {
      const specialist = await h.signedIn('specialist');
      const analytics = await specialist.gateway.analytics.get({ period: '30' });
      expect(analytics.totals.creatives).toBeGreaterThanOrEqual(0);
      expect(analytics.breakdowns.format.length).toBe(5);
      const user = await h.signedIn('user');
      expect((await failure(user.gateway.analytics.get({ period: '30' }))).code).toBe('FORBIDDEN');
    });
  });
}
