import { DEFAULT_CONTACT_EMAIL } from '@domain/limits';

/**
 * The whitelisted build-time variables the web app may read (VITE_*), checked once.
 * Plain code rather than zod so the home page's initial bundle does not carry a schema library.
 */
const BACKENDS = ['http', 'firebase'] as const;
type Backend = (typeof BACKENDS)[number];

function parseBackend(value: unknown): Backend {
  const backend = value === undefined || value === '' ? 'http' : value;
  if (!(BACKENDS as readonly unknown[]).includes(backend)) {
    throw new Error(`Invalid web app configuration: VITE_BACKEND must be one of ${BACKENDS.join(', ')}`);
  }
  return backend as Backend;
}

/** The Firebase web config (VITE_FIREBASE_*) and the client-side webhooks of Firebase mode. */
export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  /** Host of the local emulators (auth 9099, firestore 8080, storage 9199), or null for the real project. */
  emulatorHost: string | null;
  /**
   * Emulator ports that differ from firebase.json's (VITE_FIREBASE_AUTH_EMULATOR_PORT,
   * VITE_FIREBASE_FIRESTORE_EMULATOR_PORT, VITE_FIREBASE_STORAGE_EMULATOR_PORT): `npm run
   * start:firebase` takes free ports when the usual ones are busy.
   */
  emulatorPorts?: Partial<Record<EmulatorName, number>>;
  /**
   * False when the build runs on emulators without a Storage emulator (VITE_FIREBASE_STORAGE_EMULATOR=off,
   * set by `npm run start:firebase` where none can run): the submit page then says uploads are not
   * available instead of failing on them. Always true for a real project.
   */
  storageAvailable?: boolean;
  registrationWebhookUrl: string | null;
  submissionWebhookUrl: string | null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** VITE_FIREBASE_EMULATORS: '1' / 'true' / 'yes' = 127.0.0.1, a host name = that host, empty / '0' / 'false' = none. */
function parseEmulatorHost(value: unknown): string | null {
  const v = text(value).toLowerCase();
  if (!v || v === '0' || v === 'false' || v === 'no') return null;
  if (v === '1' || v === 'true' || v === 'yes') return '127.0.0.1';
  if (!/^[a-z0-9.-]+$/.test(v)) throw new Error('Invalid web app configuration: VITE_FIREBASE_EMULATORS must be 1, 0 or a host name');
  return v;
}

export type EmulatorName = 'auth' | 'firestore' | 'storage';

function parsePort(name: string, value: unknown): number | undefined {
  const v = text(value);
  if (!v) return undefined;
  const port = Number(v);
  if (!/^\d+$/.test(v) || port < 1 || port > 65535) throw new Error(`Invalid web app configuration: ${name} must be a port number`);
  return port;
}

/** VITE_FIREBASE_*_EMULATOR_PORT, only those that are set. */
function parseEmulatorPorts(env: Record<string, unknown>): Partial<Record<EmulatorName, number>> {
  const ports: Partial<Record<EmulatorName, number>> = {};
  for (const name of ['auth', 'firestore', 'storage'] as const) {
    const key = `VITE_FIREBASE_${name.toUpperCase()}_EMULATOR_PORT`;
    const port = parsePort(key, env[key]);
    if (port !== undefined) ports[name] = port;
  }
  return ports;
}

/** VITE_FIREBASE_STORAGE_EMULATOR: 'off' / '0' / 'false' / 'no' = no Storage emulator runs (emulators only). */
function parseStorageAvailable(value: unknown, emulatorHost: string | null): boolean {
  if (!emulatorHost) return true;
  return !['off', '0', 'false', 'no'].includes(text(value).toLowerCase());
}

function parseUrl(name: string, value: unknown): string | null {
  const v = text(value);
  if (!v) return null;
  if (!/^https?:\/\/\S+$/.test(v)) throw new Error(`Invalid web app configuration: ${name} must be an http(s) URL`);
  return v;
}

/** Checked only when VITE_BACKEND=firebase: the project id is required, the API key too unless on the emulators. */
export function parseFirebaseConfig(env: Record<string, unknown>): FirebaseClientConfig {
  const emulatorHost = parseEmulatorHost(env.VITE_FIREBASE_EMULATORS);
  const projectId = text(env.VITE_FIREBASE_PROJECT_ID);
  const missing: string[] = [];
  if (!projectId) missing.push('VITE_FIREBASE_PROJECT_ID');
  const apiKey = text(env.VITE_FIREBASE_API_KEY) || (emulatorHost ? 'demo-api-key' : '');
  if (!apiKey) missing.push('VITE_FIREBASE_API_KEY');
  if (missing.length) throw new Error(`Invalid web app configuration: ${missing.join(', ')} required when VITE_BACKEND=firebase`);
  return {
    apiKey,
    authDomain: text(env.VITE_FIREBASE_AUTH_DOMAIN) || `${projectId}.firebaseapp.com`,
    projectId,
    storageBucket: text(env.VITE_FIREBASE_STORAGE_BUCKET) || `${projectId}.firebasestorage.app`,
    messagingSenderId: text(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
    appId: text(env.VITE_FIREBASE_APP_ID),
    emulatorHost,
    emulatorPorts: parseEmulatorPorts(env),
    storageAvailable: parseStorageAvailable(env.VITE_FIREBASE_STORAGE_EMULATOR, emulatorHost),
    registrationWebhookUrl: parseUrl('VITE_REGISTRATION_WEBHOOK_URL', env.VITE_REGISTRATION_WEBHOOK_URL),
    submissionWebhookUrl: parseUrl('VITE_SUBMISSION_WEBHOOK_URL', env.VITE_SUBMISSION_WEBHOOK_URL),
  };
}

const backend = parseBackend(import.meta.env.VITE_BACKEND);

export const clientEnv = {
  backend,
  /**
   * The Firebase settings, read when the firebase adapter starts (a getter, so a bad value makes
   * the start-up fail with the app's configuration message rather than a blank page); null in http mode.
   */
  get firebase(): FirebaseClientConfig | null {
    // Statically false in an http build: the parsing below is then left out of the bundle.
    if (import.meta.env.VITE_BACKEND !== 'firebase' || backend !== 'firebase') return null;
    return parseFirebaseConfig({
      VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
      VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
      VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
      VITE_FIREBASE_STORAGE_BUCKET: import.meta.env.VITE_FIREBASE_STORAGE_BUCKET,
      VITE_FIREBASE_MESSAGING_SENDER_ID: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
      VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
      VITE_FIREBASE_EMULATORS: import.meta.env.VITE_FIREBASE_EMULATORS,
      VITE_FIREBASE_AUTH_EMULATOR_PORT: import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_PORT,
      VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: import.meta.env.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT,
      VITE_FIREBASE_STORAGE_EMULATOR_PORT: import.meta.env.VITE_FIREBASE_STORAGE_EMULATOR_PORT,
      VITE_FIREBASE_STORAGE_EMULATOR: import.meta.env.VITE_FIREBASE_STORAGE_EMULATOR,
      VITE_REGISTRATION_WEBHOOK_URL: import.meta.env.VITE_REGISTRATION_WEBHOOK_URL,
      VITE_SUBMISSION_WEBHOOK_URL: import.meta.env.VITE_SUBMISSION_WEBHOOK_URL,
    });
  },
  /** Whether media can be uploaded: false only on Firebase emulators without Storage (see storageAvailable). */
  get uploadsAvailable(): boolean {
    return this.firebase?.storageAvailable ?? true;
  },
};

/** Runtime settings the server writes into index.html (server/render/page-maker.ts); none on the server itself. */
function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return value && !value.startsWith('__') ? value : null;
}

/**
 * The address of 'Discuter avec nos experts créa': the server's CONTACT_EMAIL written into the page
 * (self-hosted), else VITE_CONTACT_EMAIL given to the build (Firebase mode: no server writes the
 * page), else the default. A build value that is not an e-mail address is ignored.
 */
export function contactEmailOf(fromPage: string | null, fromBuild: unknown): string {
  const built = text(fromBuild);
  return fromPage ?? (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(built) ? built : DEFAULT_CONTACT_EMAIL);
}

export const runtimeConfig = {
  contactEmail: contactEmailOf(meta('creatheque:contact-email'), import.meta.env.VITE_CONTACT_EMAIL),
};

/** The server-side renderer is given the settings the server writes into the page (src/entry-server.tsx). */
export function configureRuntime(settings: { contactEmail: string }): void {
  runtimeConfig.contactEmail = contactEmailOf(settings.contactEmail, import.meta.env.VITE_CONTACT_EMAIL);
}
