/**
 * What every security-rules test file shares: firestore.rules, the emulator (or the file reports
 * itself skipped), a test environment per file emptied and seeded before each test with the rules
 * off, signed-in clients, the people's profiles and a creative the creative rules accept.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, setDoc, setLogLevel, Timestamp, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Analysis } from '@domain/types';
import { derivedFields } from '@/gateway/firebase/creative-document';
import { probe, reportSkip, type EmulatorProbe } from './emulators';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const firestoreRules = readFileSync(path.join(root, 'firestore.rules'), 'utf8');

// Refusals are what most of these tests expect: keep the SDK from logging each one.
setLogLevel('silent');
// Emulators are given by host and port; the hub of `firebase emulators:exec` knows only those it started.
delete process.env.FIREBASE_EMULATOR_HUB;

/** The Firestore emulator for the rules tests of `file`; when it does not answer, the file says it is skipped and why. */
export async function rulesEmulator(file: string): Promise<EmulatorProbe> {
  const emulator = await probe('firestore');
  if (!emulator.available) reportSkip(file, [emulator]);
  return emulator;
}

export interface RulesSuite {
  readonly env: RulesTestEnvironment;
  /** A client signed in as `uid` (its e-mail `<uid>@example.com`, with `claims` in its token), or a visitor for null. */
  db(uid: string | null, claims?: Record<string, unknown>): Firestore;
}

/**
 * Registers, in the calling `describe`, a test environment on `projectId` with firestore.rules,
 * emptied before each test and then given what `seed` writes with the rules off.
 */
export function rulesSuite(projectId: string, emulator: EmulatorProbe, seed: (admin: Firestore) => Promise<void>): RulesSuite {
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId,
      firestore: { rules: firestoreRules, host: emulator.host, port: emulator.port },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  beforeEach(async () => {
    await env!.clearFirestore();
    await env!.withSecurityRulesDisabled((ctx) => seed(ctx.firestore() as unknown as Firestore));
  });
  return {
    get env() {
      return env!;
    },
    db: (uid, claims = {}) =>
      (uid === null
        ? env!.unauthenticatedContext().firestore()
        : env!.authenticatedContext(uid, { email: `${uid}@example.com`, ...claims }).firestore()) as unknown as Firestore,
  };
}

/** The profile document of a test person. */
export const profile = (uid: string, role: string) => ({
  firstName: uid[0]!.toUpperCase() + uid.slice(1),
  lastName: 'Test',
  email: `${uid}@example.com`,
  role,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** Writes the profile of each `uid → role`. */
export async function seedPeople(admin: Firestore, people: Record<string, string>): Promise<void> {
  for (const [uid, role] of Object.entries(people)) await setDoc(doc(admin, 'users', uid), profile(uid, role));
}

export const EMPTY_ANALYSIS: Analysis = { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };

/** The form fields of the test creative. */
export const CREATIVE_FIELDS = {
  name: 'Visuel',
  advertiser: 'Marque',
  format: 'Statique',
  objective: 'TOFU',
  type: 'UGC',
  sector: 'Food',
  platform: 'Meta',
  isJuntoAngel: false,
  testedAndApproved: false,
};

/** A valid creative as a client creates it (createdAt = the request's time), what creative-document.ts derives included; its analysis is empty. */
export function newCreative(submittedBy: string, status: 'pending' | 'approved', overrides: Record<string, unknown> = {}) {
  return {
    ...CREATIVE_FIELDS,
    ...derivedFields(CREATIVE_FIELDS, EMPTY_ANALYSIS),
    mediaUrl: 'http://127.0.0.1/media.png',
    mediaPath: 'creatives/1700000000000-abc.png',
    mediaType: 'image',
    image: null,
    posterUrl: null,
    width: null,
    height: null,
    likes: 0,
    likedBy: [],
    comments: 0,
    createdAt: serverTimestamp(),
    validated: status === 'approved',
    status,
    submittedBy,
    isFeatured: false,
    featuredAt: null,
    analyzedBy: null,
    rating: null,
    rejectionReason: null,
    ...overrides,
  };
}

/** The same creative as stored (seeded with the rules off), rejected ones with their reason. */
export function storedCreative(submittedBy: string, status: 'pending' | 'approved' | 'rejected', overrides: Record<string, unknown> = {}) {
  return {
    ...newCreative(submittedBy, status === 'rejected' ? 'pending' : status),
    createdAt: Timestamp.fromDate(new Date('2026-01-02T00:00:00Z')),
    status,
    validated: status === 'approved',
    rejectionReason: status === 'rejected' ? 'Visuel flou' : null,
    ...overrides,
  };
}
