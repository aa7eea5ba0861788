import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setLogLevel, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll } from 'vitest';
import { acceptedMedia } from '@domain/media-rules';
import type { Role } from '@domain/roles';
import type { User } from '@domain/types';
import { createFirebaseGateway, type Fingerprinter, type FirebaseGateway, type MediaStore } from '@/gateway/firebase';
import { readsSince } from '@/gateway/firebase/reads';
import { mediaPath } from '@/gateway/firebase/storage';
import type { GalleryQuery } from '@/gateway/types';
import type { SeededCreative } from '../../bench/firebase/gallery-seed';
import { pngBytes } from '../helpers/uploads';
import { PROJECT_ID, type EmulatorProbe } from './emulators';
import { emulatorConfig, uniqueAppName, uniqueEmail } from './helpers';

// Expected refusals (FORBIDDEN, NOT_FOUND) would each be logged by the SDK otherwise.
setLogLevel('silent');
// Emulators are given by host and port; the hub of `firebase emulators:exec` knows only those it started.
delete process.env.FIREBASE_EMULATOR_HUB;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Media kept in memory: stands in for Cloud Storage where its emulator cannot run. */
export function memoryMediaStore(
  urlOf: (path: string, file: Blob) => string = (p) => `memory://${p}`,
): MediaStore & { objects: Map<string, Blob> } {
  const objects = new Map<string, Blob>();
  return {
    objects,
    async upload(file, { onProgress }) {
      const accepted = acceptedMedia(file.type);
      if (!accepted) throw Object.assign(new Error('refused'), { code: 'storage/unauthorized' });
      const path = mediaPath(file.type);
      objects.set(path, file);
      onProgress?.({ loaded: file.size, total: file.size });
      return { url: urlOf(path, file), path, kind: accepted.kind, contentType: file.type };
    },
    async remove(path) {
      objects.delete(path);
    },
  };
}

export interface FirebaseTestBackend {
  env: RulesTestEnvironment;
  /** A gateway with its own session (one Firebase app), like one browser profile. */
  gateway(): FirebaseGateway;
  /** A fresh account with that role, signed in on its own gateway. */
  signedIn(role: Role): Promise<{ gateway: FirebaseGateway; user: User; password: string }>;
  image(): Promise<File>;
  close(): Promise<void>;
}

/**
 * Real Auth and Firestore emulators with firestore.rules loaded; roles are given with the rules
 * disabled (an admin's console). Media go to the Storage emulator when it runs, else to `media`.
 */
export async function firebaseTestBackend(emulators: {
  auth: EmulatorProbe;
  firestore: EmulatorProbe;
  storage: EmulatorProbe;
  media?: MediaStore;
  /** How the gateways fingerprint files (default: the browser code, which reads no picture in Node). */
  fingerprint?: Fingerprinter;
}): Promise<FirebaseTestBackend> {
  const { auth, firestore, storage } = emulators;
  const env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: {
      rules: readFileSync(path.join(root, 'firestore.rules'), 'utf8'),
      host: firestore.host,
      port: firestore.port,
    },
    ...(storage.available
      ? { storage: { rules: readFileSync(path.join(root, 'storage.rules'), 'utf8'), host: storage.host, port: storage.port } }
      : {}),
  });
  await env.clearFirestore();
  const media = emulators.media ?? (storage.available ? undefined : memoryMediaStore());
  const gateways: FirebaseGateway[] = [];

  const gateway = () => {
    const g = createFirebaseGateway(emulatorConfig(), {
      name: uniqueAppName('test'),
      mode: 'memory',
      ports: { auth: auth.port, firestore: firestore.port, storage: storage.port },
      media,
      fingerprint: emulators.fingerprint,
      log: () => {},
    });
    gateways.push(g);
    return g;
  };

  return {
    env,
    gateway,
    async signedIn(role) {
      const g = gateway();
      const password = 'secret1';
      const registered = await g.auth.register({
        firstName: 'Test',
        lastName: role,
        email: uniqueEmail(role),
        password,
        confirmPassword: password,
      });
      if (role !== 'user') {
        await env.withSecurityRulesDisabled(async (ctx) => {
          await updateDoc(doc(ctx.firestore() as unknown as Firestore, 'users', registered.id), { role });
        });
      }
      const user = await g.auth.getSession();
      if (user?.role !== role) throw new Error(`could not give role ${role}`);
      return { gateway: g, user, password };
    },
    image: async () => new File([new Uint8Array(await pngBytes())], 'visuel.png', { type: 'image/png' }),
    async close() {
      await Promise.all(gateways.map((g) => g.dispose().catch(() => {})));
      await env.cleanup();
    },
  };
}

/** Writes `catalogue` into the emulator's creatives with the rules off (as the seed does), 400 per batch. */
export async function writeCatalogue(backend: FirebaseTestBackend, catalogue: readonly SeededCreative[]): Promise<void> {
  await backend.env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore() as unknown as Firestore;
    for (let i = 0; i < catalogue.length; i += 400) {
      const batch = writeBatch(db);
      for (const c of catalogue.slice(i, i + 400)) batch.set(doc(db, 'creatives', c.id), c.data);
      await batch.commit();
    }
  });
}

/**
 * For the describe block it is called in: a backend on the Auth and Firestore emulators, media in
 * memory (no Storage), made before the block's tests and closed after them. Call the returned
 * function inside a test or a later hook.
 */
export function backendOnEmulators(emulators: { auth: EmulatorProbe; firestore: EmulatorProbe }): () => FirebaseTestBackend {
  let backend: FirebaseTestBackend | undefined;
  beforeAll(async () => {
    const { auth, firestore } = emulators;
    backend = await firebaseTestBackend({ auth, firestore, storage: { ...firestore, name: 'storage', available: false } });
  }, 120_000);
  afterAll(() => backend?.close());
  return () => {
    if (!backend) throw new Error('backendOnEmulators: the backend is made in beforeAll, ask for it inside a test');
    return backend;
  };
}

/**
 * For the describe block it is called in: backendOnEmulators holding `catalogue`; `visitor()` is
 * its signed-out gateway (call it inside a test).
 */
export function catalogueOnEmulators(
  emulators: { auth: EmulatorProbe; firestore: EmulatorProbe },
  catalogue: readonly SeededCreative[],
): { visitor: () => FirebaseGateway; freshVisitor: () => FirebaseGateway } {
  const backend = backendOnEmulators(emulators);
  let visitor: FirebaseGateway | undefined;
  beforeAll(async () => {
    await writeCatalogue(backend(), catalogue);
    visitor = backend().gateway();
  }, 120_000);
  return {
    visitor: () => {
      if (!visitor) throw new Error('catalogueOnEmulators: the backend is made in beforeAll, ask for it inside a test');
      return visitor;
    },
    // Another visitor's gateway (its own session, nothing cached yet).
    freshVisitor: () => backend().gateway(),
  };
}

/** Every page of a gallery query, in turn, with the reads each one billed (`limit`: pages at most, else the list never ends). */
export async function everyGalleryPage(gateway: FirebaseGateway, q: GalleryQuery, limit: number) {
  const ids: string[] = [];
  const pages: { items: number; reads: number }[] = [];
  let cursor: string | null = null;
  do {
    const before = { ...gateway.reads };
    const page = await gateway.creatives.list({ ...q, cursor });
    pages.push({ items: page.items.length, reads: readsSince(before, gateway.reads) });
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
    if (pages.length > limit) throw new Error('the gallery never ends');
  } while (cursor);
  return { ids, pages };
}
