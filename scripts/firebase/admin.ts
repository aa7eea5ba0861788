import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/**
 * The Admin SDK for the command-line tools of the Firebase mode (seed, migration, account
 * deletion). It bypasses the security rules, so it runs from a trusted machine only:
 *
 * - against the local emulators when FIRESTORE_EMULATOR_HOST (and FIREBASE_AUTH_EMULATOR_HOST for
 *   Auth) are set — the SDK reads them itself;
 * - against a real project otherwise, with Application Default Credentials
 *   (GOOGLE_APPLICATION_CREDENTIALS=<service-account key>.json, or `gcloud auth application-default login`).
 */
export interface AdminServices {
  app: App;
  db: Firestore;
  auth: Auth;
  projectId: string;
  /** True when both Firestore and Auth calls go to the emulators. */
  onEmulators: boolean;
  close(): Promise<void>;
}

/** `--project <id>` from the arguments, else GCLOUD_PROJECT / GOOGLE_CLOUD_PROJECT, else `fallback`. */
export function projectIdFrom(argv: readonly string[], env: NodeJS.ProcessEnv, fallback?: string): string {
  const i = argv.indexOf('--project');
  const fromArgs = i >= 0 ? argv[i + 1] : undefined;
  const id = fromArgs ?? env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? fallback;
  if (!id) throw new Error('No Firebase project: pass --project <id> (or set GCLOUD_PROJECT).');
  return id;
}

export function onEmulators(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.FIRESTORE_EMULATOR_HOST && env.FIREBASE_AUTH_EMULATOR_HOST);
}

export function openAdmin(projectId: string, name = `creatheque-admin-${process.pid}-${Date.now()}`): AdminServices {
  const app = initializeApp({ projectId }, name);
  const db = getFirestore(app);
  return {
    app,
    db,
    auth: getAuth(app),
    projectId,
    onEmulators: onEmulators(),
    close: () => deleteApp(app),
  };
}

/** Closes every Admin SDK app still open (end of a command). */
export async function closeAllAdmins(): Promise<void> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
}
