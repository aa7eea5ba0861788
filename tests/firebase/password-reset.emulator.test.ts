import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { FirebaseGateway } from '@/gateway/firebase';
import { failure } from '../contract/failure';
import { PROJECT_ID, probe, reportSkip } from './emulators';
import { authEmulatorGateways, memoryProfiles, uniqueEmail } from './helpers';

/**
 * The forgotten password in Firebase mode (issue 19): sendPasswordResetEmail, then the link's
 * oobCode — read from the Auth emulator's out-of-band codes, as a user reads the e-mail — given
 * to confirmPasswordReset through the gateway. Single use, the same answer for an unknown
 * address, other sessions signed out. (Signing the other devices out by hand, in the rules and
 * in the browser: device-session-rules.test.ts and e2e-firebase/device-sessions.e2e.ts.)
 */
const authEmulator = await probe('auth');
if (!authEmulator.available) reportSkip('tests/firebase/password-reset.emulator.test.ts (reset on Firebase Auth)', [authEmulator]);

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

describe.skipIf(!authEmulator.available)('firebase adapter — password reset on the Auth emulator', () => {
  const profiles = memoryProfiles();
  const { gateway, disposeAll } = authEmulatorGateways(authEmulator.port, { prefix: 'reset', profiles });
  afterAll(disposeAll);

  async function resetCodes(email: string): Promise<OobCode[]> {
    const res = await fetch(`http://${authEmulator.host}:${authEmulator.port}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
    return oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET');
  }

  async function register(g: FirebaseGateway, email: string, password = 'ancien1') {
    return g.auth.register({ firstName: 'Léa', lastName: 'Oubli', email, password, confirmPassword: password });
  }

  it('sends a reset code; the new password works, the old one no longer, and the code works once', async () => {
    const email = uniqueEmail('oubli');
    const owner = gateway();
    await register(owner, email);
    await owner.auth.logout();

    await gateway().auth.requestPasswordReset({ email: ` ${email.toUpperCase()} ` });
    const codes = await resetCodes(email);
    expect(codes).toHaveLength(1);
    const { oobCode, oobLink } = codes[0]!;
    expect(new URL(oobLink).searchParams.get('oobCode')).toBe(oobCode);

    const page = gateway();
    await page.auth.resetPassword({ token: oobCode, newPassword: 'nouveau2', confirmPassword: 'nouveau2' });

    const again = await failure(page.auth.resetPassword({ token: oobCode, newPassword: 'encore33', confirmPassword: 'encore33' }));
    expect(again).toMatchObject({ code: 'GONE', message: MSG.resetLinkInvalid });

    expect(await failure(gateway().auth.login({ email, password: 'ancien1' }))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await gateway().auth.login({ email, password: 'nouveau2' })).toMatchObject({ email });
  });

  it('answers an unknown address as a known one, and sends it nothing', async () => {
    const email = uniqueEmail('personne');
    await expect(gateway().auth.requestPasswordReset({ email })).resolves.toBeUndefined();
    expect(await resetCodes(email)).toEqual([]);
  });

  it('refuses a made-up code, and checks the password rules before calling Firebase', async () => {
    const g = gateway();
    expect(
      await failure(g.auth.resetPassword({ token: 'pas-un-code', newPassword: 'secret12', confirmPassword: 'secret12' })),
    ).toMatchObject({
      code: 'GONE',
      message: MSG.resetLinkInvalid,
    });
    const short = await failure(g.auth.resetPassword({ token: 'x', newPassword: '12345', confirmPassword: '12345' }));
    expect(short).toMatchObject({ code: 'VALIDATION', fields: { newPassword: MSG.passwordMin } });
    const email = await failure(g.auth.requestPasswordReset({ email: 'pas-une-adresse' }));
    expect(email.fields).toEqual({ email: MSG.emailInvalid });
  });

  it('signs the browser of that account out after the reset', async () => {
    const email = uniqueEmail('appareil');
    const g = gateway();
    await register(g, email);

    await g.auth.requestPasswordReset({ email });
    const [code] = await resetCodes(email);
    await g.auth.resetPassword({ token: code!.oobCode, newPassword: 'nouveau2', confirmPassword: 'nouveau2' });
    expect(await g.auth.getSession()).toBeNull();
  });
});
