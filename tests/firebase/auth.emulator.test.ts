import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { failure } from '../contract/failure';
import { probe, reportSkip } from './emulators';
import { authEmulatorGateways, memoryProfiles, uniqueEmail } from './helpers';

/**
 * The firebase adapter's account calls against the real Auth emulator: sign up, sign in, wrong
 * password, e-mail already used, re-authenticate then update the password, sign out. The
 * `users/{uid}` profiles are kept in memory here (the Firestore side has its own suites).
 */
const authEmulator = await probe('auth');
if (!authEmulator.available) reportSkip('tests/firebase/auth.emulator.test.ts (adapter accounts on Firebase Auth)', [authEmulator]);

describe.skipIf(!authEmulator.available)('firebase adapter — accounts on the Auth emulator', () => {
  const profiles = memoryProfiles();
  const webhookCalls: { url: string | null; payload: unknown }[] = [];
  // Each gateway its own Auth session (one Firebase app), sharing the profile store.
  const { gateway, disposeAll } = authEmulatorGateways(authEmulator.port, {
    prefix: 'auth',
    profiles,
    config: { registrationWebhookUrl: 'https://hooks.example.com/inscription' },
    webhook: (url, payload) => webhookCalls.push({ url, payload }),
  });
  afterAll(disposeAll);

  const form = (email: string, password = 'secret1') => ({
    firstName: ' Léa ',
    lastName: ' Martin ',
    email: ` ${email.toUpperCase()} `,
    password,
    confirmPassword: password,
  });

  it('signs up with role user, writes the profile, calls the webhook and keeps the session', async () => {
    const g = gateway();
    const email = uniqueEmail('inscription');
    const user = await g.auth.register(form(email));
    expect(user).toMatchObject({ firstName: 'Léa', lastName: 'Martin', email, role: 'user' });
    expect(user.id).toMatch(/\w{10,}/);
    expect(profiles.all.get(user.id)).toEqual(user);
    expect(webhookCalls.at(-1)).toEqual({
      url: 'https://hooks.example.com/inscription',
      payload: { firstName: 'Léa', lastName: 'Martin', email },
    });
    expect(await g.auth.getSession()).toEqual(user);
  });

  it('signs out and in again; a wrong password or an unknown e-mail is INVALID_CREDENTIALS', async () => {
    const g = gateway();
    const email = uniqueEmail('connexion');
    const user = await g.auth.register(form(email));
    await g.auth.logout();
    expect(await g.auth.getSession()).toBeNull();

    const wrong = await failure(g.auth.login({ email, password: 'mauvais1' }));
    expect(wrong.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.message).toBe(MSG.invalidCredentials);
    expect(wrong.status).toBe(401);
    const unknown = await failure(g.auth.login({ email: uniqueEmail('inconnu'), password: 'secret1' }));
    expect(unknown.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.message).toBe(MSG.invalidCredentials);
    expect(await g.auth.getSession()).toBeNull();

    expect(await g.auth.login({ email: email.toUpperCase(), password: 'secret1' })).toEqual(user);
    expect((await g.auth.getSession())?.id).toBe(user.id);
  });

  it('refuses an e-mail already in use with EMAIL_TAKEN on the e-mail field', async () => {
    const email = uniqueEmail('doublon');
    await gateway().auth.register(form(email));
    const taken = await failure(gateway().auth.register(form(email)));
    expect(taken.code).toBe('EMAIL_TAKEN');
    expect(taken.message).toBe(MSG.emailTaken);
    expect(taken.fields).toEqual({ email: MSG.emailTaken });
  });

  it('re-authenticates before changing the password: the wrong current one is WRONG_PASSWORD', async () => {
    const g = gateway();
    const email = uniqueEmail('motdepasse');
    await g.auth.register(form(email));
    const wrong = await failure(
      g.auth.changePassword({ currentPassword: 'pas-le-bon', newPassword: 'nouveau1', confirmPassword: 'nouveau1' }),
    );
    expect(wrong.code).toBe('WRONG_PASSWORD');
    expect(wrong.message).toBe(MSG.wrongCurrentPassword);
    expect(wrong.fields).toEqual({ currentPassword: MSG.wrongCurrentPassword });

    await g.auth.changePassword({ currentPassword: 'secret1', newPassword: 'nouveau1', confirmPassword: 'nouveau1' });
    await g.auth.logout();
    expect((await failure(g.auth.login({ email, password: 'secret1' }))).code).toBe('INVALID_CREDENTIALS');
    expect((await g.auth.login({ email, password: 'nouveau1' })).email).toBe(email);
  });

  it('validates with the domain schemas before calling Firebase', async () => {
    const g = gateway();
    const bad = await failure(
      g.auth.register({ firstName: '', lastName: 'X', email: 'pas-une-adresse', password: '123', confirmPassword: '1234' }),
    );
    expect(bad.code).toBe('VALIDATION');
    expect(bad.fields).toMatchObject({ firstName: MSG.firstNameRequired, email: MSG.emailInvalid, password: MSG.passwordMin });
    const login = await failure(g.auth.login({ email: '', password: '' }));
    expect(login.fields).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });
    const mismatch = await failure(g.auth.changePassword({ currentPassword: 'x', newPassword: 'nouveau1', confirmPassword: 'nouveau2' }));
    expect(mismatch.fields).toEqual({ confirmPassword: MSG.passwordsMismatch });
  });

  it('needs a session to change the password or the profile', async () => {
    const g = gateway();
    expect(
      (await failure(g.auth.changePassword({ currentPassword: 'secret1', newPassword: 'nouveau1', confirmPassword: 'nouveau1' }))).code,
    ).toBe('UNAUTHENTICATED');
    expect((await failure(g.auth.updateProfile({ firstName: 'A', lastName: 'B' }))).code).toBe('UNAUTHENTICATED');
  });

  it('updates the first and last name of the profile', async () => {
    const g = gateway();
    await g.auth.register(form(uniqueEmail('profil')));
    expect(await g.auth.updateProfile({ firstName: ' Jeanne ', lastName: ' Dupont ' })).toMatchObject({
      firstName: 'Jeanne',
      lastName: 'Dupont',
    });
    expect(await g.auth.getSession()).toMatchObject({ firstName: 'Jeanne', lastName: 'Dupont' });
  });

  it('keeps one session per app: two gateways, two people', async () => {
    const a = gateway();
    const b = gateway();
    const ua = await a.auth.register(form(uniqueEmail('a')));
    const ub = await b.auth.register(form(uniqueEmail('b')));
    expect((await a.auth.getSession())?.id).toBe(ua.id);
    expect((await b.auth.getSession())?.id).toBe(ub.id);
    await a.auth.logout();
    expect(await a.auth.getSession()).toBeNull();
    expect((await b.auth.getSession())?.id).toBe(ub.id);
  });

  it('does not leave an account behind when the profile cannot be written', async () => {
    const g = gateway();
    const email = uniqueEmail('moitie');
    profiles.failNextCreate = true;
    const failed = await failure(g.auth.register(form(email)));
    expect(failed.code).toBe('INTERNAL');
    expect(failed.message).toBe(MSG.registerError);
    expect(await g.auth.getSession()).toBeNull();
    // The Auth account was removed again: the same e-mail can register.
    expect((await g.auth.register(form(email))).email).toBe(email);
  });

  it('refuses to sign in an account whose profile is gone (deleted by an admin)', async () => {
    const g = gateway();
    const email = uniqueEmail('supprime');
    const user = await g.auth.register(form(email));
    await g.auth.logout();
    profiles.all.delete(user.id);
    const refused = await failure(g.auth.login({ email, password: 'secret1' }));
    expect(refused.code).toBe('INVALID_CREDENTIALS');
    expect(await g.auth.getSession()).toBeNull();
  });
});
