import { doc, getDoc, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import type { ProfileStore } from './auth';
import { toUser } from './mappers';

/** `users/{uid}` documents: firstName, lastName, email, role, createdAt (ISO string). */
export function firestoreProfiles(db: Firestore): ProfileStore {
  return {
    async read(uid) {
      const snap = await getDoc(doc(db, 'users', uid));
      return snap.exists() ? toUser(snap.id, snap.data()) : null;
    },
    async create(user) {
      await setDoc(doc(db, 'users', user.id), {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
      });
    },
    async update(uid, fields) {
      await updateDoc(doc(db, 'users', uid), { firstName: fields.firstName, lastName: fields.lastName });
    },
  };
}

export function firebaseProfilesOrDefault(db: Firestore, given?: ProfileStore): ProfileStore {
  return given ?? firestoreProfiles(db);
}
