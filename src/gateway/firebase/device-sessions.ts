import { getIdTokenResult, signOut, type Auth, type User as AuthUser } from 'firebase/auth';
import { doc, getDocFromServer, serverTimestamp, updateDoc, type Firestore } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import type { DeviceSession } from '@domain/types';
import type { Gateway, GatewayError } from '../types';
import { errorCode, gatewayError, toGatewayError } from './errors';

/**
 * 'Déconnecter les autres appareils' on Firebase (docs/decisions/023). The user's own profile
 * `users/{uid}` holds when the other devices were signed out and the sign-in time (`auth_time` of
 * the ID token, in seconds) of the device that did it; firestore.rules refuse every private read
 * and every write of a token signed in before that time, except the kept one.
 */
export const SESSION_FIELDS = { revokedAt: 'sessionsRevokedAt', keptAuthTime: 'sessionsKeptAuthTime' } as const;

export interface DeviceSessionDeps {
  auth: Auth;
  db: Firestore;
}

async function signedInUser(auth: Auth): Promise<AuthUser> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
  return user;
}

/** This device's sign-in time, in seconds, as the rules see it (`request.auth.token.auth_time`). */
async function authTimeOf(user: AuthUser): Promise<number> {
  const { claims } = await getIdTokenResult(user);
  return Number(claims.auth_time);
}

/**
 * Firebase Auth tells a browser about its own sign-in only: the list is this device (its sign-in
 * time from the ID token, its browser from the user agent, active now). Other devices are not listed.
 */
export function firebaseDeviceSessions({ auth, db }: DeviceSessionDeps): Pick<Gateway['auth'], 'sessions' | 'revokeOtherSessions'> {
  const fail = (err: unknown) => toGatewayError(err, { signedIn: auth.currentUser !== null });
  return {
    async sessions(): Promise<DeviceSession[]> {
      const user = await signedInUser(auth);
      try {
        // One read that the rules refuse if this device was signed out meanwhile: the list is never stale.
        await getDocFromServer(doc(db, 'users', user.uid));
        const signedInAt = new Date((await authTimeOf(user)) * 1000).toISOString();
        const userAgent = globalThis.navigator?.userAgent ?? null;
        return [{ id: 'this-device', userAgent, createdAt: signedInAt, lastActiveAt: new Date().toISOString(), current: true }];
      } catch (err) {
        throw (await endIfRevoked({ auth, db }, err)) ?? fail(err);
      }
    },

    async revokeOtherSessions() {
      const user = await signedInUser(auth);
      try {
        // The rules take the time from the server and check that the kept time is this token's own.
        await updateDoc(doc(db, 'users', user.uid), {
          [SESSION_FIELDS.revokedAt]: serverTimestamp(),
          [SESSION_FIELDS.keptAuthTime]: await authTimeOf(user),
        });
      } catch (err) {
        throw (await endIfRevoked({ auth, db }, err)) ?? fail(err);
      }
    },
  };
}

/**
 * After a refusal: was this device signed out from another one? Its own profile is readable by any
 * valid session (firestore.rules), so a refused read of it (one billed read, only after a refusal)
 * means that its sign-in predates the user's `sessionsRevokedAt`. Then the device is signed out
 * here too and the error says why (SESSION_REVOKED: the app goes to the sign-in page); else null.
 */
export async function endIfRevoked({ auth, db }: DeviceSessionDeps, err: unknown): Promise<GatewayError | null> {
  const uid = auth.currentUser?.uid;
  if (!uid || errorCode(err) !== 'permission-denied') return null;
  try {
    await getDocFromServer(doc(db, 'users', uid));
    return null;
  } catch (probe) {
    if (errorCode(probe) !== 'permission-denied') return null;
  }
  await signOut(auth).catch(() => {});
  return gatewayError('SESSION_REVOKED', MSG.sessionRevoked);
}
