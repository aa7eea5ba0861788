import type { User } from '@domain/types';
import type { FirebaseClientConfig } from '@/config/env';
import { createFirebaseGateway, type FirebaseGateway, type FirebaseGatewayOptions, type ProfileStore } from '@/gateway/firebase';
import { PROJECT_ID } from './emulators';

/** The web config of the demo project, pointed at the local emulators. */
export function emulatorConfig(overrides: Partial<FirebaseClientConfig> = {}): FirebaseClientConfig {
  return {
    apiKey: 'demo-api-key',
    authDomain: `${PROJECT_ID}.firebaseapp.com`,
    projectId: PROJECT_ID,
    storageBucket: `${PROJECT_ID}.appspot.com`,
    messagingSenderId: '',
    appId: '',
    emulatorHost: '127.0.0.1',
    registrationWebhookUrl: null,
    submissionWebhookUrl: null,
    ...overrides,
  };
}

let appCount = 0;
/** One Firebase app per gateway, like one browser profile per person. */
export const uniqueAppName = (prefix: string) => `${prefix}-${process.pid}-${++appCount}-${Date.now().toString(36)}`;

let emailCount = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${process.pid}.${++emailCount}.${Date.now().toString(36)}@example.com`;

/** Profiles kept in memory, standing in for `users/{uid}` where only Auth is under test. */
export function memoryProfiles(): ProfileStore & { all: Map<string, User>; failNextCreate: boolean } {
  const all = new Map<string, User>();
  const store = {
    all,
    failNextCreate: false,
    async read(uid: string) {
      return all.get(uid) ?? null;
    },
    async create(user: User) {
      if (store.failNextCreate) {
        store.failNextCreate = false;
        throw Object.assign(new Error('profile write refused'), { code: 'unavailable' });
      }
      all.set(user.id, { ...user });
    },
    async update(uid: string, fields: { firstName: string; lastName: string }) {
      const user = all.get(uid);
      if (!user) throw Object.assign(new Error('no profile'), { code: 'not-found' });
      all.set(uid, { ...user, ...fields });
    },
  };
  return store;
}

/**
 * Gateways on the Auth emulator alone, sharing `profiles` (the Firestore side has its own suites):
 * one Firebase app each, like one browser profile each. `disposeAll` releases them (in afterAll).
 */
export function authEmulatorGateways(
  authPort: number,
  options: { prefix: string; profiles: ProfileStore; config?: Partial<FirebaseClientConfig>; webhook?: FirebaseGatewayOptions['webhook'] },
): { gateway: () => FirebaseGateway; disposeAll: () => Promise<void> } {
  const gateways: FirebaseGateway[] = [];
  return {
    gateway() {
      const g = createFirebaseGateway(emulatorConfig(options.config), {
        name: uniqueAppName(options.prefix),
        mode: 'memory',
        ports: { auth: authPort },
        profiles: options.profiles,
        webhook: options.webhook ?? (() => {}),
        log: () => {},
      });
      gateways.push(g);
      return g;
    },
    async disposeAll() {
      await Promise.all(gateways.map((g) => g.dispose()));
    },
  };
}
