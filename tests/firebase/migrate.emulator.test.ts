import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { doc as clientDoc, getDoc, setLogLevel, updateDoc, type Firestore as ClientFirestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '@domain/types';
import { derivedFields, type IndexedFields } from '@/gateway/firebase/creative-document';
import { migrateFirestore, WRITE_BATCH, type MigrationSummary } from '../../scripts/firebase/migrate-lib';
import { probe, reportSkip } from './emulators';

/**
 * `npm run migrate:firebase` (scripts/firebase/migrate-lib.ts) on the Firestore emulator: creatives
 * of the old shape (the analysis inside), half-migrated ones and enough of them to page and to fill
 * several batches; every document is checked after the run, the migrated creatives pass the new
 * rules, and a second run changes nothing. Skipped with the reason when the emulator is missing.
 */
const firestore = await probe('firestore');
if (!firestore.available) reportSkip('tests/firebase/migrate.emulator.test.ts (migration on Firestore)', [firestore]);

setLogLevel('silent');
delete process.env.FIREBASE_EMULATOR_HUB;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT = 'demo-creatheque-migrate';
const EMPTY: Analysis = { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };
const FULL: Analysis = { attention: 'Regard', interest: 'Intérêt', desire: '', bestPractices: ['Hook 1', 'Hook 2'], actions: ['Agir'] };
/** Creatives beyond the few named ones: several pages of PAGE and more writes than one batch holds. */
const BULK = 150;
const PAGE = 40;

const at = (day: number) => Timestamp.fromMillis(Date.UTC(2025, 0, day));

/** A creative as stored before issue 16: the analysis inside, no derived field. */
function oldCreative(name: string, overrides: DocumentData = {}): DocumentData {
  return {
    name,
    advertiser: 'Marque Éphémère',
    mediaUrl: 'https://example.com/m.png',
    mediaPath: null,
    mediaType: 'image',
    image: null,
    posterUrl: null,
    width: null,
    height: null,
    format: 'Statique, Vidéo',
    objective: 'TOFU',
    type: 'UGC',
    sector: 'Food',
    platform: 'Meta',
    likes: 0,
    likedBy: [],
    comments: 0,
    createdAt: at(10),
    validated: true,
    status: 'approved',
    submittedBy: null,
    isJuntoAngel: true,
    testedAndApproved: false,
    analysis: EMPTY,
    isFeatured: false,
    featuredAt: null,
    analyzedBy: null,
    rating: null,
    rejectionReason: null,
    ...overrides,
  };
}

/** Every document of the collections the migration touches, as comparable JSON. */
async function everything(db: Firestore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const groups = [db.collection('creatives'), db.collectionGroup('private'), db.collectionGroup('likes'), db.collection('contributors')];
  for (const group of groups) {
    for (const d of (await group.get()).docs) out[d.ref.path] = JSON.parse(JSON.stringify(d.data()));
  }
  return out;
}

describe.skipIf(!firestore.available)('npm run migrate:firebase on the emulator', () => {
  let app: App;
  let db: Firestore;
  let env: RulesTestEnvironment;
  let before: Record<string, unknown>;
  let first: MigrationSummary;

  beforeAll(async () => {
    process.env.FIRESTORE_EMULATOR_HOST = `${firestore.host}:${firestore.port}`;
    env = await initializeTestEnvironment({
      projectId: PROJECT,
      firestore: { rules: readFileSync(path.join(root, 'firestore.rules'), 'utf8'), host: firestore.host, port: firestore.port },
    });
    await env.clearFirestore();
    app = initializeApp({ projectId: PROJECT }, `migrate-${process.pid}-${Date.now()}`);
    db = getFirestore(app);

    const batch = db.batch();
    const creatives = db.collection('creatives');
    batch.set(
      creatives.doc('a-full'),
      oldCreative('Été à Paris', { analysis: FULL, likedBy: ['u1', 'u2'], likes: 2, submittedBy: 'agency1', createdAt: at(5) }),
    );
    batch.set(
      creatives.doc('b-pending'),
      oldCreative('En attente', { status: 'pending', validated: false, submittedBy: 'agency1', createdAt: at(2) }),
    );
    batch.set(
      creatives.doc('c-bare'),
      oldCreative('Sans analyse', { likedBy: ['u1'], likes: 1, submittedBy: 'agency2', createdAt: at(3) }),
    );
    // Half migrated already: private document written, derived fields of an older name.
    const half = oldCreative('Nouveau nom', { submittedBy: 'agency2', createdAt: at(8) });
    delete half.analysis;
    batch.set(creatives.doc('d-half'), { ...half, ...derivedFields({ ...(half as IndexedFields), name: 'Ancien nom' }, FULL) });
    batch.set(creatives.doc('d-half').collection('private').doc('analysis'), FULL);
    // A like recorded by the app already keeps its real date; a contributor registered late moves back.
    batch.set(db.doc('users/u2/likes/a-full'), { creativeId: 'a-full', likedAt: at(20) });
    batch.set(db.doc('contributors/agency2'), { uid: 'agency2', since: at(30) });
    batch.set(db.doc('users/sam'), {
      firstName: 'Sam',
      lastName: 'Test',
      email: 'sam@example.com',
      role: 'specialist',
      createdAt: '2025-01-01',
    });
    batch.set(db.doc('users/alice'), {
      firstName: 'Alice',
      lastName: 'Test',
      email: 'alice@example.com',
      role: 'user',
      createdAt: '2025-01-01',
    });
    await batch.commit();
    const bulk = db.batch();
    for (let i = 0; i < BULK; i++) {
      const id = `z${String(i).padStart(3, '0')}`;
      bulk.set(creatives.doc(id), oldCreative(`Lot ${i}`, { likedBy: [`fan${i % 7}`], likes: 1, analysis: i % 2 ? FULL : EMPTY }));
    }
    await bulk.commit();
    before = await everything(db);
  }, 120_000);

  afterAll(async () => {
    if (app) await deleteApp(app);
    await env?.cleanup();
  });

  it('describes the changes on a dry run and writes nothing', async () => {
    const lines: string[] = [];
    const planned = await migrateFirestore(db, { dryRun: true, pageSize: PAGE, log: (l) => lines.push(l) });
    expect(await everything(db)).toEqual(before);
    expect(planned).toMatchObject({ creatives: BULK + 4, analysesMoved: BULK + 3, analysesCreated: 0, batches: 0 });
    expect(lines).toContain('creatives/a-full : analysis → private/analysis, champs dérivés');
    expect(lines).toContain('creatives/d-half : champs dérivés');
    first = await migrateFirestore(db, { pageSize: PAGE });
    expect({ ...first, batches: 0 }).toEqual(planned);
  });

  it('moves every analysis, rewrites the derived fields, dates the likes and registers the contributors', async () => {
    expect(first).toMatchObject({
      creatives: BULK + 4,
      analysesMoved: BULK + 3,
      derivedRewritten: BULK + 4,
      likesCreated: BULK + 2,
      contributorsCreated: 1,
      contributorsBackdated: 1,
    });
    expect(first.batches).toBeGreaterThanOrEqual(Math.ceil(first.writes / WRITE_BATCH));
    expect(first.batches).toBeGreaterThan(1);

    const creatives = await db.collection('creatives').get();
    expect(creatives.size).toBe(BULK + 4);
    for (const c of creatives.docs) {
      const data = c.data();
      const stored = (await c.ref.collection('private').doc('analysis').get()).data() as Analysis;
      const original = before[`creatives/${c.id}`] as DocumentData;
      expect(data).not.toHaveProperty('analysis');
      expect(stored).toEqual(original.analysis ?? FULL);
      // The rest of the creative as it was, with its derived fields as creative-document.ts derives them.
      const { analysis: _moved, ...rest } = original;
      expect(JSON.parse(JSON.stringify(data))).toEqual({ ...rest, ...derivedFields(data as IndexedFields, stored) });
      for (const uid of data.likedBy as string[]) {
        expect((await db.doc(`users/${uid}/likes/${c.id}`).get()).data()).toEqual({
          creativeId: c.id,
          likedAt: uid === 'u2' ? at(20) : data.createdAt,
        });
      }
    }
    expect((await db.doc('creatives/a-full').get()).data()).toMatchObject({ hasAnalysis: true, analysisPreview: ['Hook 1', 'Hook 2'] });
    expect((await db.doc('creatives/c-bare').get()).data()).toMatchObject({ hasAnalysis: false, analysisPreview: [] });
    expect((await db.doc('creatives/d-half').get()).get('searchKeys')).toContain('nouveau');
    expect((await db.doc('contributors/agency1').get()).data()).toEqual({ uid: 'agency1', since: at(2) });
    expect((await db.doc('contributors/agency2').get()).data()).toEqual({ uid: 'agency2', since: at(3) });
  });

  it('leaves creatives the new rules accept: members read the analysis, visitors do not, staff review', async () => {
    const as = (uid: string | null) =>
      (uid ? env.authenticatedContext(uid).firestore() : env.unauthenticatedContext().firestore()) as unknown as ClientFirestore;
    await assertFails(getDoc(clientDoc(as(null), 'creatives/a-full/private/analysis')));
    expect((await assertSucceeds(getDoc(clientDoc(as('alice'), 'creatives/a-full/private/analysis')))).data()).toEqual(FULL);
    await assertSucceeds(updateDoc(clientDoc(as('sam'), 'creatives/b-pending'), { status: 'approved', validated: true }));
  });

  it('changes nothing when run again', async () => {
    const settled = await everything(db);
    const again = await migrateFirestore(db, { pageSize: PAGE });
    expect(again).toEqual({
      creatives: BULK + 4,
      analysesMoved: 0,
      analysesCreated: 0,
      derivedRewritten: 0,
      likesCreated: 0,
      contributorsCreated: 0,
      contributorsBackdated: 0,
      writes: 0,
      batches: 0,
    });
    expect(await everything(db)).toEqual(settled);
  });
});
