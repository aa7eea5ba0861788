import { describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { failure } from '../contract/failure';
import { probe, reportSkip } from './emulators';
import { backendOnEmulators } from './harness';

/**
 * 'Déconnecter les autres appareils' through the firebase adapter, on the Auth and Firestore
 * emulators with firestore.rules loaded (ADR 023): real ID tokens and their `auth_time`. The device
 * that asks goes on; the others learn it at their next call (SESSION_REVOKED) and are signed out.
 * Skipped with the reason when an emulator is missing.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/device-sessions.emulator.test.ts', missing);

/** `auth_time` counts whole seconds: the next sign-in must fall in a later second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe.skipIf(missing.length > 0)('device sessions on Firebase', () => {
  const backend = backendOnEmulators({ auth, firestore });

  it('lists this device alone, with its sign-in time', async () => {
    const before = Date.now();
    const { gateway } = await backend().signedIn('user');
    expect(gateway.features).toMatchObject({ deviceSessions: true, otherDevicesListed: false });
    const [device, ...others] = await gateway.auth.sessions();
    expect(others).toEqual([]);
    expect(device).toMatchObject({ id: 'this-device', current: true });
    expect(Date.parse(device!.createdAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(device!.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('signs the other devices out at their next call, and keeps the one that asked', async () => {
    const { gateway: laptop, user, password } = await backend().signedIn('user');
    await nextSecond();
    const phone = backend().gateway();
    await phone.auth.login({ email: user.email, password });
    const tablet = backend().gateway();
    await tablet.auth.login({ email: user.email, password });
    await phone.folders.create('Idées');

    await laptop.auth.revokeOtherSessions();

    // A write, then a read of the profile: refused by the rules, told why, signed out.
    expect(await failure(phone.folders.create('Encore'))).toMatchObject({ code: 'SESSION_REVOKED', message: MSG.sessionRevoked });
    expect(phone.services.auth.currentUser).toBeNull();
    expect(await phone.auth.getSession()).toBeNull();
    expect(await failure(tablet.auth.getSession())).toMatchObject({ code: 'SESSION_REVOKED', status: 401 });
    expect(await tablet.auth.getSession()).toBeNull();

    // The laptop goes on. (Not after a forced token refresh here: the Auth emulator gives a
    // refreshed token the account's last sign-in as auth_time, where Firebase keeps the device's.)
    expect(await laptop.auth.getSession()).toEqual(user);
    expect((await laptop.folders.list()).map((f) => f.name)).toEqual(['Idées']);
    expect(await laptop.auth.sessions()).toHaveLength(1);

    // Signing in again on the phone is enough.
    await nextSecond();
    await phone.auth.login({ email: user.email, password });
    expect(await phone.auth.getSession()).toEqual(user);
    await phone.folders.create('Retour');
  });

  it('leaves a refusal that is not about the session as it was', async () => {
    const owner = await backend().signedIn('user');
    const folder = await owner.gateway.folders.create('Privé');
    const { gateway } = await backend().signedIn('user');
    await gateway.auth.revokeOtherSessions();
    // Another member's folder: the rules refuse it, which reads as not found; still signed in.
    expect((await failure(gateway.folders.creatives(folder.id, {}))).code).toBe('NOT_FOUND');
    expect(await gateway.auth.getSession()).not.toBeNull();
  });
});
