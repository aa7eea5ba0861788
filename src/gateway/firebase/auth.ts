import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import {
  loginInput,
  passwordChangeInput,
  passwordResetInput,
  passwordResetRequestInput,
  profileInput,
  registerInput,
} from '@domain/schemas/auth';
import type { User } from '@domain/types';
import type { Gateway } from '../types';
import { endIfRevoked, firebaseDeviceSessions } from './device-sessions';
import { errorCode, gatewayError, toGatewayError, validate } from './errors';
import { registrationPayload, type WebhookPoster } from './webhooks';

/** The `users/{uid}` profile (spec §3): Firestore in the app, injected so Auth can be tested alone. */
export interface ProfileStore {
  read(uid: string): Promise<User | null>;
  /** Registration: the profile with role 'user' (the rules refuse any other). */
  create(user: User): Promise<void>;
  update(uid: string, fields: { firstName: string; lastName: string }): Promise<void>;
}

export interface AuthDeps {
  auth: Auth;
  /** Only to tell a device signed out from another one (device-sessions.ts) and to sign the others out. */
  db: Firestore;
  profiles: ProfileStore;
  webhook: WebhookPoster;
  registrationWebhookUrl: string | null;
}

/** Firebase's answers for a reset link that was used, has expired, or whose account is gone. */
const DEAD_LINK = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found']);

/**
 * Where the reset e-mail's link leads after the password is set: the login page of this site.
 * The link itself opens the action URL of the project's e-mail template — set it to
 * https://<site>/reset-password in the console (README, "Firebase mode") so that our page takes
 * the oobCode; the Auth emulator's links carry the same oobCode.
 */
function continueSettings(): { url: string } | undefined {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? { url: `${origin}/login` } : undefined;
}

/** The signed-in uid once the persisted session has been restored, or null. */
export async function currentUid(auth: Auth): Promise<string | null> {
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

/**
 * E-mail / password accounts on Firebase Auth; the profile (names, role) in `users/{uid}`.
 * Spec §4: the profile is read after sign-in, and a session without a profile is no user.
 */
export function firebaseAuth({ auth, db, profiles, webhook, registrationWebhookUrl }: AuthDeps): Gateway['auth'] {
  const fail = (err: unknown) => toGatewayError(err, { signedIn: auth.currentUser !== null });
  /** For reads of the profile: a device signed out from another one is signed out here too. */
  const failOrEnd = async (err: unknown) => (await endIfRevoked({ auth, db }, err)) ?? fail(err);

  return {
    async getSession() {
      const uid = await currentUid(auth);
      if (!uid) return null;
      try {
        return await profiles.read(uid);
      } catch (err) {
        throw await failOrEnd(err);
      }
    },

    async login(input) {
      const { email, password } = validate(loginInput, input);
      let uid: string;
      try {
        uid = (await signInWithEmailAndPassword(auth, email, password)).user.uid;
      } catch (err) {
        throw fail(err);
      }
      const profile = await profiles.read(uid).catch((err: unknown) => {
        throw fail(err);
      });
      if (!profile) {
        // An account whose profile was deleted by an admin (docs/decisions/005): no longer a member.
        await signOut(auth).catch(() => {});
        throw gatewayError('INVALID_CREDENTIALS', MSG.invalidCredentials);
      }
      return profile;
    },

    async register(input) {
      const data = validate(registerInput, input);
      let credential;
      try {
        credential = await createUserWithEmailAndPassword(auth, data.email, data.password);
      } catch (err) {
        throw fail(err);
      }
      const user: User = {
        id: credential.user.uid,
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        role: 'user',
        createdAt: new Date().toISOString(),
      };
      try {
        await profiles.create(user);
      } catch (err) {
        // Never half-registered: without its profile the new account is removed again.
        await credential.user.delete().catch(() => signOut(auth).catch(() => {}));
        const mapped = fail(err);
        throw mapped.code === 'INTERNAL' ? gatewayError('INTERNAL', MSG.registerError) : mapped;
      }
      webhook(registrationWebhookUrl, registrationPayload(user));
      return user;
    },

    async logout() {
      try {
        await signOut(auth);
      } catch (err) {
        throw fail(err);
      }
    },

    async updateProfile(input) {
      const fields = validate(profileInput, input);
      const uid = await currentUid(auth);
      if (!uid) throw gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
      try {
        await profiles.update(uid, fields);
        const profile = await profiles.read(uid);
        if (!profile) throw gatewayError('NOT_FOUND', MSG.notFound);
        return profile;
      } catch (err) {
        throw await failOrEnd(err);
      }
    },

    async changePassword(input) {
      const { currentPassword, newPassword } = validate(passwordChangeInput, input);
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user || !user.email) throw gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
      try {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      } catch (err) {
        const mapped = fail(err);
        if (mapped.code === 'INVALID_CREDENTIALS') {
          throw gatewayError('WRONG_PASSWORD', MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
        }
        throw mapped;
      }
      try {
        await updatePassword(user, newPassword);
      } catch (err) {
        const mapped = fail(err);
        if (mapped.code === 'VALIDATION') throw gatewayError('VALIDATION', MSG.weakPassword, { newPassword: MSG.weakPassword });
        throw mapped;
      }
    },

    async requestPasswordReset(input) {
      const { email } = validate(passwordResetRequestInput, input);
      try {
        await sendPasswordResetEmail(auth, email, continueSettings());
      } catch (err) {
        // Projects without e-mail enumeration protection (and the emulator) name unknown addresses: answer as for a known one.
        if (errorCode(err) === 'auth/user-not-found') return;
        const mapped = fail(err);
        throw mapped.code === 'INTERNAL' ? gatewayError('INTERNAL', MSG.resetRequestError) : mapped;
      }
    },

    async resetPassword(input) {
      const { token, newPassword } = validate(passwordResetInput, input);
      try {
        const email = await verifyPasswordResetCode(auth, token);
        // Firebase revokes the account's refresh tokens on a password reset: every device is signed out.
        await confirmPasswordReset(auth, token, newPassword);
        if (auth.currentUser?.email === email) await signOut(auth).catch(() => {});
      } catch (err) {
        if (DEAD_LINK.has(errorCode(err) ?? '')) throw gatewayError('GONE', MSG.resetLinkInvalid);
        const mapped = fail(err);
        if (mapped.code === 'VALIDATION') throw gatewayError('VALIDATION', MSG.weakPassword, { newPassword: MSG.weakPassword });
        throw mapped.code === 'INTERNAL' ? gatewayError('INTERNAL', MSG.resetError) : mapped;
      }
    },

    ...firebaseDeviceSessions({ auth, db }),
  };
}
