import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_EMAIL } from '@domain/limits';
import { clientEnv, contactEmailOf, parseFirebaseConfig } from './env';

describe('parseFirebaseConfig (VITE_FIREBASE_*)', () => {
  it('needs a project id, and an API key unless on the emulators', () => {
    expect(() => parseFirebaseConfig({})).toThrow(/VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_API_KEY/);
    expect(() => parseFirebaseConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(/VITE_FIREBASE_API_KEY/);
    expect(parseFirebaseConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-x', VITE_FIREBASE_EMULATORS: '1' })).toMatchObject({
      apiKey: 'demo-api-key',
      emulatorHost: '127.0.0.1',
    });
  });

  it('fills the usual defaults and reads the webhooks', () => {
    expect(
      parseFirebaseConfig({
        VITE_FIREBASE_PROJECT_ID: ' creatheque ',
        VITE_FIREBASE_API_KEY: 'AIza-key',
        VITE_FIREBASE_EMULATORS: '0',
        VITE_SUBMISSION_WEBHOOK_URL: 'https://hooks.example.com/soumission',
      }),
    ).toEqual({
      apiKey: 'AIza-key',
      authDomain: 'creatheque.firebaseapp.com',
      projectId: 'creatheque',
      storageBucket: 'creatheque.firebasestorage.app',
      messagingSenderId: '',
      appId: '',
      emulatorHost: null,
      emulatorPorts: {},
      storageAvailable: true,
      registrationWebhookUrl: null,
      submissionWebhookUrl: 'https://hooks.example.com/soumission',
    });
  });

  it('refuses a webhook that is not an http(s) URL and an odd emulator host', () => {
    const base = { VITE_FIREBASE_PROJECT_ID: 'p', VITE_FIREBASE_API_KEY: 'k' };
    expect(() => parseFirebaseConfig({ ...base, VITE_REGISTRATION_WEBHOOK_URL: 'javascript:alert(1)' })).toThrow(
      /VITE_REGISTRATION_WEBHOOK_URL/,
    );
    expect(() => parseFirebaseConfig({ ...base, VITE_FIREBASE_EMULATORS: 'http://x/y' })).toThrow(/VITE_FIREBASE_EMULATORS/);
    expect(parseFirebaseConfig({ ...base, VITE_FIREBASE_EMULATORS: 'emulators.local' }).emulatorHost).toBe('emulators.local');
  });

  it('reads the emulator ports and whether a Storage emulator runs (npm run start:firebase)', () => {
    const base = { VITE_FIREBASE_PROJECT_ID: 'demo-x', VITE_FIREBASE_EMULATORS: '1' };
    const config = parseFirebaseConfig({
      ...base,
      VITE_FIREBASE_AUTH_EMULATOR_PORT: '39099',
      VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: '43210',
      VITE_FIREBASE_STORAGE_EMULATOR: 'off',
    });
    expect(config.emulatorPorts).toEqual({ auth: 39099, firestore: 43210 });
    expect(config.storageAvailable).toBe(false);
    expect(parseFirebaseConfig(base).storageAvailable).toBe(true);
    // A real project always has Storage: the flag only describes the emulators.
    expect(
      parseFirebaseConfig({ ...base, VITE_FIREBASE_EMULATORS: '0', VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_STORAGE_EMULATOR: 'off' })
        .storageAvailable,
    ).toBe(true);
    expect(() => parseFirebaseConfig({ ...base, VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: '80a' })).toThrow(
      /VITE_FIREBASE_FIRESTORE_EMULATOR_PORT/,
    );
  });

  it('has no Firebase settings in an http build', () => {
    expect(clientEnv.backend).toBe('http');
    expect(clientEnv.firebase).toBeNull();
  });
});

describe('contactEmailOf', () => {
  it("prefers the server's address written into the page, then the build's, then the default", () => {
    expect(contactEmailOf('equipe@agence.fr', 'build@agence.fr')).toBe('equipe@agence.fr');
    expect(contactEmailOf(null, ' build@agence.fr ')).toBe('build@agence.fr');
    expect(contactEmailOf(null, undefined)).toBe(DEFAULT_CONTACT_EMAIL);
    expect(contactEmailOf(null, 'pas une adresse')).toBe(DEFAULT_CONTACT_EMAIL);
  });
});
