import { strFromU8, unzipSync } from 'fflate';
import { collection, doc, getDoc, getDocs, setDoc, Timestamp, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesFilters, type GalleryFilters } from '@domain/gallery-filters';
import { FOLDER_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { MyDataExport } from '@domain/my-data';
import { matchesSearch } from '@domain/search';
import type { Analysis, Creative } from '@domain/types';
import { ANALYSIS_DOC, derivedFields, PRIVATE_COLLECTION } from '@/gateway/firebase/creative-document';
import { FAVORITES_BATCH, FAVORITES_MAX_SCANNED } from '@/gateway/firebase/likes';
import { readsSince } from '@/gateway/firebase/reads';
import type { CreativeInput, Gateway } from '@/gateway/types';
import { probe, reportSkip } from './emulators';
import { firebaseTestBackend, memoryMediaStore, type FirebaseTestBackend } from './harness';

/**
 * What the firebase adapter does beyond the shared contract, on the real Auth and Firestore
 * emulators with the rules loaded: gallery pages through filters Firestore cannot combine,
 * highlights, favourites, comment counters, deletion with comments and media, user deletion as in
 * docs/decisions/002, analytics, download. Skipped with the reason when an emulator is missing.
 */
const [auth, firestore, storage] = await Promise.all([probe('auth'), probe('firestore'), probe('storage')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/adapter.emulator.test.ts (firebase adapter on Firestore)', missing);
import { failure } from '../contract/failure';
import { VALID_FORM } from '../helpers/uploads';

const FORM: CreativeInput = { ...VALID_FORM, name: 'Adapter', attention: 'Message', bestPractices: ['Accroche'] };

/** Reads every page of a paged call. */
async function allPages(read: (cursor: string | null) => Promise<{ items: Creative[]; nextCursor: string | null }>) {
  const items: Creative[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page = await read(cursor);
    items.push(...page.items);
    sizes.push(page.items.length);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { items, sizes };
}

const FORMATS = ['Carrousel', 'GIF', 'Motion', 'Statique', 'Vidéo'];
const PLATFORMS = ['LinkedIn', 'Google', 'Meta', 'TikTok'];

describe.skipIf(missing.length > 0)('firebase adapter on the emulators', () => {
  let backend: FirebaseTestBackend;
  const dataUrls = memoryMediaStore((_p, file) => `data:${file.type};base64,iVBORw0KGgo=`);

  beforeAll(async () => {
    backend = await firebaseTestBackend({ auth, firestore, storage: { ...storage, available: false }, media: dataUrls });
  }, 120_000);
  afterAll(() => backend?.close());

  const testEnv = () => backend.env;
  /** What is stored, read with the rules off: a document's data, or undefined. */
  async function storedDoc(path: string): Promise<Record<string, unknown> | undefined> {
    let data: Record<string, unknown> | undefined;
    await testEnv().withSecurityRulesDisabled(async (ctx) => {
      data = (await getDoc(doc(ctx.firestore() as unknown as Firestore, path))).data();
    });
    return data;
  }
  async function seed(id: string, data: Record<string, unknown>) {
    await testEnv().withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore() as unknown as Firestore, 'creatives', id), data);
    });
  }
  /** Documents written at once with the rules off (an admin's console), a few hundred per batch. */
  async function seedAll(docs: [path: string, data: Record<string, unknown>][]) {
    await testEnv().withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore() as unknown as Firestore;
      for (let i = 0; i < docs.length; i += 400) {
        const batch = writeBatch(db);
        for (const [path, data] of docs.slice(i, i + 400)) batch.set(doc(db, path), data);
        await batch.commit();
      }
    });
  }
  /**
   * A creative in the contract's shape (docs/decisions/005): the derived fields (facets,
   * hasAnalysis…) on the creative, the analysis in its private document.
   */
  function shaped(
    id: string,
    i: number,
    overrides: Record<string, unknown> = {},
    analysis = analysisOf(i),
  ): [string, Record<string, unknown>][] {
    return [
      [`creatives/${id}`, stored(i, overrides, analysis)],
      [`creatives/${id}/${PRIVATE_COLLECTION}/${ANALYSIS_DOC}`, { ...analysis }],
    ];
  }
  /** The contributors' registry entry the submission writes (contract §3). */
  const contributor = (uid: string): [string, Record<string, unknown>] => [`contributors/${uid}`, { uid, since: Timestamp.now() }];
  /** The analysis seeded creatives get by default: every other one has a hook. */
  const analysisOf = (i: number): Analysis => ({
    attention: '',
    interest: '',
    desire: '',
    bestPractices: i % 2 ? ['Un hook'] : [],
    actions: [],
  });
  /** A creative document as the adapter stores it (creative-document.ts); its analysis document is separate. */
  function stored(i: number, overrides: Record<string, unknown> = {}, analysis = analysisOf(i)) {
    const data = {
      name: `Galerie ${String(i).padStart(2, '0')}${i % 7 === 0 ? ' Été' : ''}`,
      advertiser: i % 5 === 0 ? 'Crème Brûlée' : 'Marque',
      mediaUrl: null,
      mediaPath: null,
      mediaType: 'image',
      image: `https://example.com/${i}.png`,
      posterUrl: null,
      width: null,
      height: null,
      format: [FORMATS[i % 5], i % 3 === 0 ? 'Vidéo' : null].filter(Boolean).join(', '),
      objective: 'TOFU',
      type: 'UGC',
      sector: 'Food',
      platform: PLATFORMS[i % 4]!,
      likes: i % 6,
      likedBy: [],
      comments: 0,
      createdAt: Timestamp.fromMillis(Date.UTC(2025, 0, 1) + i * 3_600_000),
      validated: true,
      status: 'approved',
      submittedBy: null,
      isJuntoAngel: i % 4 === 0,
      testedAndApproved: i % 8 === 0,
      isFeatured: false,
      featuredAt: null,
      analyzedBy: null,
      rating: null,
      rejectionReason: null,
      ...overrides,
    };
    return { ...data, ...derivedFields(data, analysis) };
  }

  describe('gallery', () => {
    let visitor: Gateway;
    const seeded: Creative[] = [];

    beforeAll(async () => {
      await testEnv().clearFirestore();
      for (let i = 1; i <= 30; i++) await seed(`g${String(i).padStart(2, '0')}`, stored(i));
      await seed('hidden', stored(99, { status: 'pending', validated: false, name: 'Galerie cachée' }));
      // A tie on createdAt: the cursor must still keep each one exactly once.
      await seed('twin', stored(30, { name: 'Galerie jumelle' }));
      visitor = backend.gateway();
      seeded.push(...(await allPages((cursor) => visitor.creatives.list({ cursor }))).items);
    }, 120_000);

    it('pages 12 by 12, newest first, each creative once, never a pending one', async () => {
      const { items, sizes } = await allPages((cursor) => visitor.creatives.list({ cursor }));
      expect(sizes).toEqual([12, 12, 7]);
      expect(new Set(items.map((c) => c.id)).size).toBe(31);
      expect(items.map((c) => c.id)).not.toContain('hidden');
      const times = items.map((c) => Date.parse(c.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(items.every((c) => c.analysis === null)).toBe(true);
      expect(items.find((c) => c.id === 'g03')?.analysisPreview).toEqual(['Un hook']);
    });

    it('sorts by likes, then newest', async () => {
      const { items } = await allPages((cursor) => visitor.creatives.list({ sort: 'likes', cursor }));
      expect(items).toHaveLength(31);
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1]!, items[i]!];
        expect(a.likes > b.likes || (a.likes === b.likes && a.createdAt >= b.createdAt)).toBe(true);
      }
    });

    it.each<[string, GalleryFilters, string]>([
      ['one format', { categories: { format: ['Vidéo'] }, isJuntoAngel: false, testedAndApproved: false }, ''],
      ['any of two platforms', { categories: { platform: ['Meta', 'TikTok'] }, isJuntoAngel: false, testedAndApproved: false }, ''],
      [
        'groups and flags together',
        { categories: { format: ['GIF', 'Vidéo'], platform: ['Google'] }, isJuntoAngel: true, testedAndApproved: false },
        '',
      ],
      ['tested & approved', { categories: {}, isJuntoAngel: false, testedAndApproved: true }, ''],
      ['search, accents ignored', { categories: {}, isJuntoAngel: false, testedAndApproved: false }, 'creme brulee'],
      ['search in the name', { categories: {}, isJuntoAngel: false, testedAndApproved: false }, 'ÉTÉ'],
      ['nothing matches', { categories: { format: ['Carrousel'] }, isJuntoAngel: false, testedAndApproved: true }, 'zzz'],
    ])('keeps exactly what the domain rules keep: %s', async (_label, filters, q) => {
      const { items } = await allPages((cursor) =>
        visitor.creatives.list({
          q,
          filters: filters.categories,
          isJuntoAngel: filters.isJuntoAngel,
          testedAndApproved: filters.testedAndApproved,
          cursor,
        }),
      );
      const expected = seeded.filter((c) => matchesFilters(c, filters) && matchesSearch(c, q)).map((c) => c.id);
      expect(items.map((c) => c.id)).toEqual(expected);
    });

    it('starts again from the top on a cursor that is not ours', async () => {
      expect((await visitor.creatives.list({ cursor: 'nimportequoi' })).items[0]?.id).toBe(seeded[0]?.id);
    });
  });

  describe('highlights, detail, favourites', () => {
    it('picks the creative of the month and the featured one', async () => {
      await testEnv().clearFirestore();
      const now = Date.now();
      await seed('old', stored(1, { likes: 50, createdAt: Timestamp.fromMillis(now - 400 * 86_400_000) }));
      await seed('month-a', stored(2, { likes: 3, createdAt: Timestamp.fromMillis(now - 60_000) }));
      await seed('month-b', stored(3, { likes: 7, createdAt: Timestamp.fromMillis(now - 120_000) }));
      await seed(
        'month-pending',
        stored(4, { likes: 9, status: 'pending', validated: false, createdAt: Timestamp.fromMillis(now - 1000) }),
      );
      await seed('star', stored(5, { isFeatured: true, featuredAt: Timestamp.fromMillis(now), analyzedBy: 'Léa', rating: 4 }));
      const highlights = await backend.gateway().creatives.highlights();
      expect(highlights.creativeOfMonth?.id).toBe('month-b');
      expect(highlights.featured).toMatchObject({ id: 'star', analyzedBy: 'Léa', rating: 4 });
    });

    it('shows the analysis to signed-in viewers only, and the submitter to staff', async () => {
      const agency = await backend.signedIn('agency');
      const specialist = await backend.signedIn('specialist');
      const user = await backend.signedIn('user');
      const created = await agency.gateway.creatives.submit({ ...FORM, name: 'Détail' }, await backend.image());
      expect(created.analysis).toMatchObject({ attention: 'Message' });
      // The detail page replaces its copy with what approving returns: it keeps the analysis.
      expect((await specialist.gateway.review.approve(created.id)).analysis).toMatchObject({ attention: 'Message' });
      expect((await backend.gateway().creatives.get(created.id)).analysis).toBeNull();
      expect((await user.gateway.creatives.get(created.id)).analysis).toMatchObject({ attention: 'Message' });
      const seen = await specialist.gateway.creatives.get(created.id);
      expect(seen.analysis).toMatchObject({ attention: 'Message', bestPractices: ['Accroche'] });
      // Lists and cards: the stored preview, never the analysis.
      const listed = (await user.gateway.creatives.list({ q: 'Détail' })).items.find((c) => c.id === created.id);
      expect(listed).toMatchObject({ analysis: null, analysisPreview: ['Accroche'] });
      expect(seen.submitter).toEqual({ firstName: 'Test', lastName: 'agency' });
      expect((await failure(backend.gateway().creatives.get('introuvable'))).message).toBe(MSG.creativeNotFound);
      expect((await failure(backend.gateway().creatives.get('a/b'))).code).toBe('NOT_FOUND');
    });

    it('lists favourites with the search term, approved only', async () => {
      const user = await backend.signedIn('user');
      const specialist = await backend.signedIn('specialist');
      const a = await specialist.gateway.creatives.submit({ ...FORM, name: 'Favori pomme' }, await backend.image());
      const b = await specialist.gateway.creatives.submit({ ...FORM, name: 'Favori poire' }, await backend.image());
      await user.gateway.creatives.like(a.id);
      await user.gateway.creatives.like(b.id);
      expect((await user.gateway.creatives.favorites({})).items.map((c) => c.id)).toEqual([b.id, a.id]);
      expect((await user.gateway.creatives.favorites({ q: 'POIRE' })).items.map((c) => c.id)).toEqual([b.id]);
      expect((await user.gateway.creatives.get(a.id)).likedByMe).toBe(true);
      expect((await failure(backend.gateway().creatives.favorites({}))).code).toBe('UNAUTHENTICATED');
    });

    it('orders favourites by the date of the like, reading only the likes and their creatives', async () => {
      const user = await backend.signedIn('user');
      const specialist = await backend.signedIn('specialist');
      const older = await specialist.gateway.creatives.submit({ ...FORM, name: 'Créée avant' }, await backend.image());
      const newer = await specialist.gateway.creatives.submit({ ...FORM, name: 'Créée après' }, await backend.image());
      await user.gateway.creatives.like(newer.id);
      await user.gateway.creatives.like(older.id);
      const before = { ...user.gateway.reads };
      expect((await user.gateway.creatives.favorites({})).items.map((c) => c.id)).toEqual([older.id, newer.id]);
      // One query of two likes, then the two creatives: none of the other creatives of the library.
      expect(readsSince(before, user.gateway.reads)).toBe(4);
      await user.gateway.creatives.unlike(older.id);
      await user.gateway.creatives.like(older.id);
      await user.gateway.creatives.unlike(newer.id);
      await user.gateway.creatives.like(newer.id);
      expect((await user.gateway.creatives.favorites({})).items.map((c) => c.id)).toEqual([newer.id, older.id]);
      await backend.env.withSecurityRulesDisabled(async (ctx) => {
        const likes = await getDocs(collection(ctx.firestore() as unknown as Firestore, 'users', user.user.id, 'likes'));
        expect(likes.docs.map((d) => [d.id, d.data().creativeId, d.data().likedAt instanceof Timestamp])).toEqual(
          [older.id, newer.id].sort().map((id) => [id, id, true]),
        );
      });
    });

    it('pages favourites by like date, skips creatives gone or unreadable, and bounds the reads of a page', async () => {
      const user = await backend.signedIn('user');
      const uid = user.user.id;
      const newest = Date.now();
      const ids = Array.from({ length: 100 }, (_, i) => `fav${String(i).padStart(3, '0')}`);
      const likeAt = (ms: number) => ({ likedAt: Timestamp.fromMillis(ms) });
      await seedAll([
        // Created oldest first, liked newest first: the order of the likes must win.
        ...ids.flatMap((id, i) => shaped(id, i, { likes: 1, likedBy: [uid] })),
        ...ids.map((id, i): [string, Record<string, unknown>] => [
          `users/${uid}/likes/${id}`,
          { creativeId: id, ...likeAt(newest - i * 60_000) },
        ]),
        // Liked, then deleted; liked, then (somehow) pending: neither is shown.
        [`users/${uid}/likes/gone`, { creativeId: 'gone', ...likeAt(newest + 1000) }],
        ...shaped('fav-pending', 1, { status: 'pending', validated: false, likes: 1, likedBy: [uid] }),
        [`users/${uid}/likes/fav-pending`, { creativeId: 'fav-pending', ...likeAt(newest - 30_000) }],
      ]);

      const perPage: number[] = [];
      const read = async (q: string, cursor: string | null) => {
        const before = { ...user.gateway.reads };
        const page = await user.gateway.creatives.favorites({ q, cursor });
        perPage.push(readsSince(before, user.gateway.reads));
        return page;
      };
      const { items, sizes } = await allPages((cursor) => read('', cursor));
      expect(items.map((c) => c.id)).toEqual(ids);
      expect(sizes).toEqual([12, 12, 12, 12, 12, 12, 12, 12, 4]);
      expect(items.every((c) => c.likedByMe)).toBe(true);
      expect((await allPages((cursor) => read('été', cursor))).items.map((c) => c.id)).toEqual(ids.filter((_, i) => i % 7 === 0));

      // A term nothing matches: the page stops after FAVORITES_MAX_SCANNED likes, with a cursor to go on.
      perPage.length = 0;
      const nothing = await read('introuvable', null);
      expect(nothing.items).toEqual([]);
      expect(nothing.nextCursor).not.toBeNull();
      // Each like read costs its creative's read too: two reads per like scanned, 200 at most.
      expect(perPage[0]).toBeLessThanOrEqual(2 * (FAVORITES_MAX_SCANNED + FAVORITES_BATCH));
      expect(perPage[0]).toBeLessThanOrEqual(200);
      console.log(`[firebase] favourites: ${perPage[0]} reads for a page of a search that matches none of 101 likes`);
    });
  });

  describe('submission, edits, comments and deletion', () => {
    it('refuses media of another type or too large, and users', async () => {
      const agency = await backend.signedIn('agency');
      const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
      const svgError = await failure(agency.gateway.creatives.submit(FORM, svg));
      expect([svgError.code, svgError.message]).toEqual(['UNSUPPORTED_MEDIA', MSG.mediaInvalidType]);
      const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'x.png', { type: 'image/png' });
      expect(await failure(agency.gateway.creatives.submit(FORM, big))).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: MSG.imageTooLarge,
      });
      const invalid = await failure(agency.gateway.creatives.submit({ ...FORM, name: '', format: [] }, await backend.image()));
      expect(invalid.fields).toMatchObject({ name: MSG.fieldRequired, format: MSG.selectAtLeastOne.format });
      expect((await failure(backend.gateway().creatives.submit(FORM, await backend.image()))).message).toBe(MSG.mustBeLoggedToSubmit);
    });

    it('counts agency and review queues', async () => {
      await testEnv().clearFirestore();
      const agency = await backend.signedIn('agency');
      const specialist = await backend.signedIn('specialist');
      const one = await agency.gateway.creatives.submit({ ...FORM, name: 'File 1' }, await backend.image());
      await agency.gateway.creatives.submit({ ...FORM, name: 'File 2' }, await backend.image());
      await specialist.gateway.review.reject(one.id, '  Trop sombre  ');
      expect(await agency.gateway.agency.counts()).toEqual({ pending: 1, rejected: 1 });
      expect(await specialist.gateway.review.counts()).toEqual({ pending: 1, rejected: 1 });
      expect((await specialist.gateway.review.list('rejected')).items[0]).toMatchObject({ id: one.id, rejectionReason: 'Trop sombre' });
      expect((await failure(specialist.gateway.review.reject(one.id, 'Encore'))).code).toBe('CONFLICT');
      expect((await failure(specialist.gateway.review.reject(one.id, ' '))).fields).toEqual({ reason: MSG.rejectionRequired });
      expect((await failure(agency.gateway.review.counts())).code).toBe('FORBIDDEN');
    });

    it('writes the creative and its private analysis together, and registers a first submitter once', async () => {
      const agency = await backend.signedIn('agency');
      const first = await agency.gateway.creatives.submit({ ...FORM, name: 'Première' }, await backend.image());
      const second = await agency.gateway.creatives.submit(
        { ...FORM, name: 'Seconde', attention: '', bestPractices: [] },
        await backend.image(),
      );
      const creative = await storedDoc(`creatives/${first.id}`);
      expect(creative).not.toHaveProperty('analysis');
      expect(creative).toMatchObject({ hasAnalysis: true, analysisPreview: ['Accroche'], status: 'pending' });
      expect(creative?.searchKeys).toContain('premiere');
      expect(creative?.facets).toContain(`format:${FORM.format[0]}`);
      expect(await storedDoc(`creatives/${first.id}/private/analysis`)).toEqual({
        attention: 'Message',
        interest: '',
        desire: '',
        bestPractices: ['Accroche'],
        actions: [],
      });
      expect(await storedDoc(`creatives/${second.id}`)).toMatchObject({ hasAnalysis: false, analysisPreview: [] });
      const contributor = await storedDoc(`contributors/${agency.user.id}`);
      expect(contributor).toEqual({ uid: agency.user.id, since: creative?.createdAt });
    });

    it('registers a first submitter once when first submissions race', async () => {
      const agency = await backend.signedIn('agency');
      const image = await backend.image();
      const made = await Promise.all([1, 2, 3, 4].map((i) => agency.gateway.creatives.submit({ ...FORM, name: `Course ${i}` }, image)));
      expect(new Set(made.map((c) => c.id)).size).toBe(4);
      expect(await storedDoc(`contributors/${agency.user.id}`)).toMatchObject({ uid: agency.user.id });
    });

    it('edits a creative and replaces its media, removing the old file', async () => {
      const specialist = await backend.signedIn('specialist');
      const created = await specialist.gateway.creatives.submit({ ...FORM, name: 'Avant' }, await backend.image());
      const before = [...dataUrls.objects.keys()];
      const updated = await specialist.gateway.creatives.update(
        created.id,
        { ...FORM, name: 'Après', format: ['GIF', 'Motion'] },
        new File([new Uint8Array(8)], 'b.webp', { type: 'image/webp' }),
      );
      expect(updated).toMatchObject({ name: 'Après', format: 'GIF, Motion', analysis: { attention: 'Message' } });
      expect(await storedDoc(`creatives/${created.id}`)).toMatchObject({ facets: expect.arrayContaining(['format:GIF', 'format:Motion']) });
      expect((await storedDoc(`creatives/${created.id}`))?.searchKeys).toContain('apres');
      const cleared = await specialist.gateway.creatives.update(created.id, { ...FORM, name: 'Après', attention: '', bestPractices: [] });
      expect(cleared).toMatchObject({ analysis: { attention: '', bestPractices: [] }, analysisPreview: [] });
      expect(await storedDoc(`creatives/${created.id}`)).toMatchObject({ hasAnalysis: false, analysisPreview: [] });
      expect(await storedDoc(`creatives/${created.id}/private/analysis`)).toMatchObject({ attention: '', bestPractices: [] });
      const after = [...dataUrls.objects.keys()];
      expect(after.filter((p) => !before.includes(p))).toHaveLength(1);
      expect(after.some((p) => p.endsWith('.webp'))).toBe(true);
      expect(after).toHaveLength(before.length);
      const agency = await backend.signedIn('agency');
      expect((await failure(agency.gateway.creatives.update(created.id, FORM))).code).toBe('FORBIDDEN');
    });

    it('keeps the comment counter right and deletes a creative with its comments and media', async () => {
      const specialist = await backend.signedIn('specialist');
      const admin = await backend.signedIn('admin');
      const user = await backend.signedIn('user');
      const created = await specialist.gateway.creatives.submit({ ...FORM, name: 'Commentée' }, await backend.image());
      const first = await user.gateway.comments.add(created.id, '  Premier  ');
      expect(first).toMatchObject({ text: 'Premier', userFirstName: 'Test', userLastName: 'user', likes: 0 });
      await user.gateway.comments.add(created.id, 'Second');
      expect((await user.gateway.creatives.get(created.id)).commentCount).toBe(2);
      expect(await user.gateway.comments.like(first.id)).toEqual({ likes: 1, liked: true });
      expect(await user.gateway.comments.unlike(first.id)).toEqual({ likes: 0, liked: false });
      expect(await user.gateway.comments.unlike(first.id)).toEqual({ likes: 0, liked: false });
      await admin.gateway.comments.remove(first.id);
      expect((await user.gateway.creatives.get(created.id)).commentCount).toBe(1);

      const mediaCount = dataUrls.objects.size;
      await specialist.gateway.creatives.remove(created.id);
      expect(dataUrls.objects.size).toBe(mediaCount - 1);
      expect((await failure(user.gateway.creatives.get(created.id))).code).toBe('NOT_FOUND');
      expect(await storedDoc(`creatives/${created.id}/private/analysis`)).toBeUndefined();
      await testEnv().withSecurityRulesDisabled(async (ctx) => {
        const left = await getDocs(collection(ctx.firestore() as unknown as Firestore, 'comments'));
        expect(left.docs.filter((d) => d.data().creativeId === created.id)).toEqual([]);
      });
      expect((await failure(user.gateway.comments.list(created.id))).code).toBe('NOT_FOUND');
    });

    it('creates approved creatives from the admin form', async () => {
      const adminUser = await backend.signedIn('admin');
      const created = await adminUser.gateway.creatives.adminCreate({
        name: 'Formulaire',
        advertiser: 'Admin',
        image: 'https://example.com/visuel.png',
        format: 'Statique',
        objective: 'MOFU',
        type: 'Humour',
        sector: 'Mode',
        platform: 'Pinterest',
      });
      expect(created).toMatchObject({ status: 'approved', validated: true, mediaUrl: 'https://example.com/visuel.png', objective: 'MOFU' });
      expect(created.analysis).toEqual({ attention: '', interest: '', desire: '', bestPractices: [], actions: [] });
      expect(await storedDoc(`creatives/${created.id}`)).toMatchObject({
        hasAnalysis: false,
        analysisPreview: [],
        facets: expect.arrayContaining(['objective:MOFU', 'platform:Pinterest']),
      });
      expect(await storedDoc(`creatives/${created.id}/private/analysis`)).toEqual(created.analysis);
      expect(await storedDoc(`contributors/${adminUser.user.id}`)).toMatchObject({ uid: adminUser.user.id });
      const specialist = await backend.signedIn('specialist');
      expect(
        (await failure(specialist.gateway.creatives.adminCreate({ ...created, image: 'https://example.com/x.png' } as never))).code,
      ).toBe('FORBIDDEN');
    });

    it('downloads the media as a file named after the creative', async () => {
      const specialist = await backend.signedIn('specialist');
      const created = await specialist.gateway.creatives.submit({ ...FORM, name: 'Été à Paris' }, await backend.image());
      const { blob, fileName } = await specialist.gateway.creatives.download(created);
      expect(fileName).toBe('ete-a-paris.png');
      expect(blob.size).toBeGreaterThan(0);
      expect((await failure(backend.gateway().creatives.download(created))).code).toBe('UNAUTHENTICATED');
    });

    it('never tells a plain user the pending count', async () => {
      const user = await backend.signedIn('user');
      const counts: number[] = [];
      const stop = user.gateway.review.watchPendingCount((c) => counts.push(c));
      await new Promise((r) => setTimeout(r, 1000));
      stop();
      expect(counts).toEqual([]);
    });
  });

  describe('folders', () => {
    it('drops creatives deleted since they were filed', async () => {
      const owner = await backend.signedIn('user');
      const specialist = await backend.signedIn('specialist');
      const kept = await specialist.gateway.creatives.submit({ ...FORM, name: 'Gardée' }, await backend.image());
      const gone = await specialist.gateway.creatives.submit({ ...FORM, name: 'Supprimée' }, await backend.image());
      const folder = await owner.gateway.folders.create('  Mes idées ');
      expect(folder).toMatchObject({ name: 'Mes idées', creativeIds: [] });
      await owner.gateway.folders.addCreative(folder.id, kept.id);
      expect((await owner.gateway.folders.addCreative(folder.id, gone.id)).creativeIds).toEqual([gone.id, kept.id]);
      await specialist.gateway.creatives.remove(gone.id);
      expect((await owner.gateway.folders.creatives(folder.id, {})).items.map((c) => c.id)).toEqual([kept.id]);
      expect((await owner.gateway.folders.list()).find((f) => f.id === folder.id)?.creativeIds).toEqual([kept.id]);
      expect(await owner.gateway.folders.creatives(folder.id, { q: 'rien' })).toEqual({ items: [], nextCursor: null });
      expect((await owner.gateway.folders.removeCreative(folder.id, kept.id)).creativeIds).toEqual([]);
      expect((await failure(owner.gateway.folders.create('   '))).fields).toEqual({ name: MSG.folderNameRequired });
      const agency = await backend.signedIn('agency');
      const pending = await agency.gateway.creatives.submit({ ...FORM, name: 'En attente' }, await backend.image());
      expect((await failure(agency.gateway.folders.addCreative((await agency.gateway.folders.create('A')).id, pending.id))).code).toBe(
        'NOT_FOUND',
      );
    });

    it("downloads the owner's folder as a ZIP built in the page, with README.txt", async () => {
      const owner = await backend.signedIn('user');
      const specialist = await backend.signedIn('specialist');
      const one = await specialist.gateway.creatives.submit({ ...FORM, name: 'Promo Été' }, await backend.image());
      const two = await specialist.gateway.creatives.submit({ ...FORM, name: 'promo ete' }, await backend.image());
      const folder = await owner.gateway.folders.create('Pour le client');
      await owner.gateway.folders.addCreative(folder.id, one.id);
      const filed = await owner.gateway.folders.addCreative(folder.id, two.id);
      const progress: number[] = [];
      const zip = await owner.gateway.folders.downloadZip(filed, (p) => progress.push(p.done));
      if (zip.kind !== 'blob') throw new Error('the firebase adapter builds the archive in the page');
      expect(zip.fileName).toBe('Pour le client.zip');
      const entries = unzipSync(new Uint8Array(await zip.blob.arrayBuffer()));
      expect(Object.keys(entries)).toEqual(['promo-ete.png', 'promo-ete-2.png', 'README.txt']);
      expect(strFromU8(entries['README.txt']!)).toContain('- promo-ete.png\r\n  Créative : promo ete');
      expect(progress).toEqual([0, 1, 2]);
      const stranger = await backend.signedIn('user');
      expect((await failure(stranger.gateway.folders.downloadZip(filed))).code).toBe('NOT_FOUND');
    });

    it('goes on after the last creative shown even when it left the folder between two pages', async () => {
      const owner = await backend.signedIn('user');
      const specialist = await backend.signedIn('specialist');
      const image = await backend.image();
      const filed: Creative[] = [];
      for (let i = 0; i < FOLDER_PAGE_SIZE + 3; i++) {
        filed.push(await specialist.gateway.creatives.submit({ ...FORM, name: `Rangée ${i}` }, image));
      }
      const folder = await owner.gateway.folders.create('Pages');
      for (const c of filed) await owner.gateway.folders.addCreative(folder.id, c.id);
      const newestFirst = [...filed].reverse().map((c) => c.id);

      const first = await owner.gateway.folders.creatives(folder.id, {});
      expect(first.items.map((c) => c.id)).toEqual(newestFirst.slice(0, FOLDER_PAGE_SIZE));
      // The last card of the page is taken out before 'Charger plus': the next page starts just after it anyway.
      await owner.gateway.folders.removeCreative(folder.id, first.items[FOLDER_PAGE_SIZE - 1]!.id);
      const second = await owner.gateway.folders.creatives(folder.id, { cursor: first.nextCursor });
      expect(second.items.map((c) => c.id)).toEqual(newestFirst.slice(FOLDER_PAGE_SIZE));
      expect(second.nextCursor).toBeNull();
    });
  });

  describe('user administration', () => {
    it('deletes a user as docs/decisions/002 says, as far as a client can', async () => {
      const adminUser = await backend.signedIn('admin');
      const specialist = await backend.signedIn('specialist');
      const target = await backend.signedIn('agency');
      const other = await backend.signedIn('user');
      const theirs = await target.gateway.creatives.submit({ ...FORM, name: 'Leur créa' }, await backend.image());
      await specialist.gateway.review.approve(theirs.id);
      const liked = await specialist.gateway.creatives.submit({ ...FORM, name: 'Aimée' }, await backend.image());
      await target.gateway.creatives.like(liked.id);
      await other.gateway.creatives.like(liked.id);
      const written = await target.gateway.comments.add(liked.id, 'À supprimer');
      const kept = await other.gateway.comments.add(liked.id, 'À garder');
      await target.gateway.comments.like(kept.id);

      await seedAll([contributor(target.user.id)]);

      expect((await failure(specialist.gateway.users.remove(target.user.id))).code).toBe('FORBIDDEN');
      expect((await failure(adminUser.gateway.users.remove(adminUser.user.id))).message).toBe(MSG.cannotDeleteSelf);
      await adminUser.gateway.users.remove(target.user.id);

      const after = await other.gateway.creatives.get(liked.id);
      expect([after.likes, after.commentCount]).toEqual([1, 1]);
      expect((await other.gateway.comments.list(liked.id)).items.map((c) => [c.id, c.likes])).toEqual([[kept.id, 0]]);
      expect((await other.gateway.creatives.get(theirs.id)).submittedBy).toBeNull();
      expect((await adminUser.gateway.users.list({ q: target.user.email })).items.map((u) => u.id)).not.toContain(target.user.id);
      expect(written.id).toBeTruthy();

      // The Auth account remains (Admin SDK only) but is no member any more.
      expect(await target.gateway.auth.getSession()).toBeNull();
      await target.gateway.auth.logout();
      expect((await failure(target.gateway.auth.login({ email: target.user.email, password: target.password }))).code).toBe(
        'INVALID_CREDENTIALS',
      );
      await testEnv().withSecurityRulesDisabled(async (ctx) => {
        const db = ctx.firestore() as unknown as Firestore;
        expect((await getDoc(doc(db, 'deletedUsers', target.user.id))).exists()).toBe(true);
        expect((await getDoc(doc(db, 'contributors', target.user.id))).exists()).toBe(false);
        expect((await getDocs(collection(db, 'users', target.user.id, 'likes'))).size).toBe(0);
        expect((await getDocs(collection(db, 'users', other.user.id, 'likes'))).docs.map((d) => d.id)).toEqual([liked.id]);
      });
    });

    it('exports the own data, and deletes the own account with the password (issue 19, ADR 017)', async () => {
      const specialist = await backend.signedIn('specialist');
      const me = await backend.signedIn('agency');
      const other = await backend.signedIn('user');
      const liked = await specialist.gateway.creatives.submit({ ...FORM, name: 'Aimée par moi' }, await backend.image());
      const mine = await me.gateway.creatives.submit({ ...FORM, name: 'Ma créa' }, await backend.image());
      await me.gateway.creatives.like(liked.id);
      await other.gateway.creatives.like(liked.id);
      const written = await me.gateway.comments.add(liked.id, 'Mon avis');
      const kept = await other.gateway.comments.add(liked.id, 'Leur avis');
      await me.gateway.comments.like(kept.id);
      const folder = await me.gateway.folders.create('Mon dossier');
      await me.gateway.folders.addCreative(folder.id, liked.id);

      const file = await me.gateway.myData.exportFile();
      expect(file.fileName).toMatch(/^creatheque-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
      const text = await file.blob.text();
      const data = JSON.parse(text) as MyDataExport;
      expect(data.profile).toMatchObject({ id: me.user.id, email: me.user.email, role: 'agency' });
      expect(data.likes.map((l) => [l.creativeId, l.title])).toEqual([[liked.id, 'Aimée par moi']]);
      expect(data.commentLikes.map((l) => l.commentId)).toEqual([kept.id]);
      expect(data.comments.map((c) => [c.id, c.text])).toEqual([[written.id, 'Mon avis']]);
      expect(data.folders.map((f) => [f.name, f.creatives.map((c) => c.creativeId)])).toEqual([['Mon dossier', [liked.id]]]);
      expect(data.submissions.map((x) => [x.id, x.status])).toEqual([[mine.id, 'pending']]);
      expect(text).not.toContain('Leur avis');
      expect(text).not.toContain(other.user.email);

      expect((await failure(me.gateway.myData.deleteAccount('pas-le-bon'))).code).toBe('WRONG_PASSWORD');
      expect((await me.gateway.myData.exportFile()).fileName).toBeTruthy();
      await me.gateway.myData.deleteAccount(me.password);

      const after = await other.gateway.creatives.get(liked.id);
      expect([after.likes, after.commentCount]).toEqual([1, 1]);
      expect((await other.gateway.comments.list(liked.id)).items.map((c) => [c.id, c.likes])).toEqual([[kept.id, 0]]);
      expect((await failure(me.gateway.auth.login({ email: me.user.email, password: me.password }))).code).toBe('INVALID_CREDENTIALS');
      await testEnv().withSecurityRulesDisabled(async (ctx) => {
        const db = ctx.firestore() as unknown as Firestore;
        expect((await getDoc(doc(db, 'users', me.user.id))).exists()).toBe(false);
        expect((await getDoc(doc(db, 'deletedUsers', me.user.id))).exists()).toBe(true);
        expect((await getDoc(doc(db, 'folders', folder.id))).exists()).toBe(false);
        expect((await getDoc(doc(db, 'creatives', mine.id))).data()?.submittedBy).toBeNull();
        expect((await getDocs(collection(db, 'users', me.user.id, 'likes'))).size).toBe(0);
      });
    });

    it('refuses an unknown role and unknown users', async () => {
      const adminUser = await backend.signedIn('admin');
      expect((await failure(adminUser.gateway.users.setRole('personne', 'agency'))).code).toBe('NOT_FOUND');
      expect((await failure(adminUser.gateway.users.setRole(adminUser.user.id, 'superuser' as never))).code).toBe('VALIDATION');
    });
  });

  describe('analytics', () => {
    it('computes totals, shares, breakdowns and contributors with the domain rules', async () => {
      await testEnv().clearFirestore();
      const specialist = await backend.signedIn('specialist');
      const agency = await backend.signedIn('agency');
      const user = await backend.signedIn('user');
      const now = Date.now();
      const at = (ms: number) => Timestamp.fromMillis(ms);
      const analysed = { attention: 'Message', interest: '', desire: '', bestPractices: ['Accroche'], actions: [] };
      const none = { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };
      await seedAll([
        ...shaped('a', 1, { format: 'Vidéo, GIF', submittedBy: agency.user.id, createdAt: at(now - 3000) }, analysed),
        ...shaped(
          'b',
          2,
          { format: 'Statique', status: 'pending', validated: false, submittedBy: agency.user.id, createdAt: at(now - 2000) },
          none,
        ),
        ...shaped('c', 3, { format: 'GIF', submittedBy: specialist.user.id, createdAt: at(now - 1000) }, analysed),
        // No submitter any more (deleted account): 'Unknown User'.
        ...shaped('orphan', 4, { format: 'Motion', submittedBy: null, createdAt: at(now - 500) }, analysed),
        ...shaped('ancient', 5, { submittedBy: agency.user.id, createdAt: at(Date.UTC(2020, 0, 1)) }),
        contributor(agency.user.id),
        contributor(specialist.user.id),
        // A contributor with nothing in the period is none of its contributors.
        contributor(user.user.id),
        // A like given long ago, on the ancient creative: counted over all time only.
        [`users/${specialist.user.id}/likes/ancient`, { creativeId: 'ancient', likedAt: at(Date.UTC(2020, 0, 2)) }],
      ]);
      await user.gateway.creatives.like('ancient');
      await user.gateway.comments.add('c', 'Bien');

      const month = await specialist.gateway.analytics.get({ period: '30' });
      // `likes` are the likes given in the period (as in the self-hosted mode), not those of its creatives.
      expect(month.totals).toEqual({ creatives: 4, approved: 3, pending: 1, rejected: 0, users: 3, likes: 1, comments: 1 });
      expect(month.analysedPercent).toBe(75);
      expect(month.breakdowns.format.slice(0, 4)).toEqual([
        { label: 'GIF', count: 2, percent: 50 },
        { label: 'Motion', count: 1, percent: 25 },
        { label: 'Statique', count: 1, percent: 25 },
        { label: 'Vidéo', count: 1, percent: 25 },
      ]);
      expect(month.breakdowns.platform.find((b) => b.label === 'LinkedIn')).toEqual({ label: 'LinkedIn', count: 1, percent: 25 });
      expect(month.topContributors).toEqual([
        { userId: agency.user.id, name: 'Test agency', count: 2 },
        { userId: 'unknown', name: 'Unknown User', count: 1 },
        { userId: specialist.user.id, name: 'Test specialist', count: 1 },
      ]);
      const all = await specialist.gateway.analytics.get({ period: 'all' });
      expect([all.totals.creatives, all.totals.likes]).toEqual([5, 2]);
      expect(all.topContributors[0]).toEqual({ userId: agency.user.id, name: 'Test agency', count: 3 });
      expect((await specialist.gateway.analytics.get({ period: 'yesterday' })).totals).toMatchObject({ creatives: 0, likes: 0 });
      expect((await failure(specialist.gateway.analytics.get({ period: 'hier' }))).code).toBe('VALIDATION');
      expect((await failure(agency.gateway.analytics.get({ period: '30' }))).code).toBe('FORBIDDEN');
    });

    it('reads as much for 10× the creatives: aggregation queries only', async () => {
      await testEnv().clearFirestore();
      const specialist = await backend.signedIn('specialist');
      const agency = await backend.signedIn('agency');
      const submitters = [agency.user.id, specialist.user.id, null];
      const creatives = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, k) => from + k).flatMap((i) =>
          shaped(`bulk${i}`, i, { submittedBy: submitters[i % 3], createdAt: Timestamp.fromMillis(Date.now() - i * 1000) }),
        );
      const N = 40;
      const readsOfViews = async () => {
        const counts: number[] = [];
        for (const period of ['30', 'all'] as const) {
          const before = { ...specialist.gateway.reads };
          const view = await specialist.gateway.analytics.get({ period });
          counts.push(readsSince(before, specialist.gateway.reads));
          expect(view.topContributors.map((t) => t.count).reduce((a, b) => a + b, 0)).toBe(view.totals.creatives);
        }
        return { counts, total: (await specialist.gateway.analytics.get({ period: 'all' })).totals.creatives };
      };

      await seedAll([...creatives(0, N), contributor(agency.user.id), contributor(specialist.user.id)]);
      const small = await readsOfViews();
      await seedAll(creatives(N, 10 * N));
      const large = await readsOfViews();
      expect([small.total, large.total]).toEqual([N, 10 * N]);
      expect(small.counts[0]).toBeGreaterThan(0);
      expect(large.counts).toEqual(small.counts);
      console.log(
        `[firebase] analytics: ${small.counts.join(' / ')} billed reads per view (30 days / all) for ${N} and for ${10 * N} creatives`,
      );
    });
  });
});
