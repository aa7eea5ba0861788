import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, inMemoryPersistence, initializeAuth, type Auth } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import type { FirebaseClientConfig } from '@/config/env';

/** Spec §7 retry windows: uploads retry up to 10 minutes, other storage operations up to 2. */
export const STORAGE_OPERATION_RETRY_MS = 2 * 60_000;
export const STORAGE_UPLOAD_RETRY_MS = 10 * 60_000;

/** Ports of the local emulators (firebase.json); a build may name others (config.emulatorPorts). */
export const EMULATOR_PORTS = { auth: 9099, firestore: 8080, storage: 9199 } as const;

export interface FirebaseServices {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  storage: FirebaseStorage;
}

export interface FirebaseAppOptions {
  /** App instance name; tests give each signed-in gateway its own (one Auth session per app). */
  name?: string;
  /**
   * 'browser': session kept in local storage and Firestore's offline cache shared by every tab
   * (IndexedDB); 'memory': nothing kept (Node, tests). Default: 'browser' where there is a window.
   */
  mode?: 'browser' | 'memory';
  /** Emulator ports, when they differ from firebase.json (tests). */
  ports?: Partial<Record<keyof typeof EMULATOR_PORTS, number>>;
}

const inBrowser = () => typeof window !== 'undefined' && typeof indexedDB !== 'undefined';

export function initFirebase(config: FirebaseClientConfig, options: FirebaseAppOptions = {}): FirebaseServices {
  const mode = options.mode ?? (inBrowser() ? 'browser' : 'memory');
  const app = initializeApp(
    {
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      storageBucket: config.storageBucket,
      messagingSenderId: config.messagingSenderId || undefined,
      appId: config.appId || undefined,
    },
    options.name,
  );

  const auth = initializeAuth(app, { persistence: mode === 'browser' ? browserLocalPersistence : inMemoryPersistence });
  const db = initializeFirestore(app, {
    localCache: mode === 'browser' ? persistentLocalCache({ tabManager: persistentMultipleTabManager() }) : memoryLocalCache(),
    ignoreUndefinedProperties: true,
  });
  const storage = getStorage(app);
  storage.maxOperationRetryTime = STORAGE_OPERATION_RETRY_MS;
  storage.maxUploadRetryTime = STORAGE_UPLOAD_RETRY_MS;

  if (config.emulatorHost) {
    const host = config.emulatorHost;
    const port = { ...EMULATOR_PORTS, ...config.emulatorPorts, ...options.ports };
    connectAuthEmulator(auth, `http://${host}:${port.auth}`, { disableWarnings: true });
    connectFirestoreEmulator(db, host, port.firestore);
    connectStorageEmulator(storage, host, port.storage);
  }
  return { app, auth, db, storage };
}

export function disposeFirebase(services: FirebaseServices): Promise<void> {
  return deleteApp(services.app);
}
