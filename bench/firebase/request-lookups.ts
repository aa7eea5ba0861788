/**
 * One request at a time, the documents firestore.rules look up for it (rule-lookups.ts): what each
 * kind of request the folder notes, the device sessions and the duplicate check send is billed on
 * top of the documents it returns. Since 'Déconnecter les autres appareils' (ADR 023) every signed-in
 * rule also looks up the caller's profile (`sessionStillValid`); Firestore bills a document looked
 * up twice in one request once, so it costs a read only where the rule did not read the profile
 * already. Used by bench/firebase/feature-reads.ts.
 */
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  addDoc,
  type Firestore,
} from 'firebase/firestore';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadFirestoreRules } from '../../scripts/firestore-emulator.mjs';
import { projectRoot } from '../scale/target';
import { kinds, type ruleLookupMeter } from './rule-lookups';

export interface RequestTarget {
  db: Firestore;
  uid: string;
  /** A folder of the caller holding `creativeIds`. */
  folderId: string;
  creativeIds: string[];
  /** The caller's ID token `auth_time` (seconds), for the sessions stamp. */
  authTime: number;
}

/**
 * Rows `| request | documents the rules read | without the session check | added |`: each request
 * measured under firestore.rules, then under the same rules with `sessionStillValid()` always true.
 */
export async function requestLookupRows(
  rules: ReturnType<typeof ruleLookupMeter>,
  t: RequestTarget,
  agencyDb?: Firestore,
): Promise<string[]> {
  const { db, uid, folderId, creativeIds } = t;
  const folder = doc(db, 'folders', folderId);
  const requests: [string, () => Promise<unknown>][] = [
    ['get the own profile (`users/{uid}`)', () => getDoc(doc(db, 'users', uid))],
    ['a gallery query (approved, 13)', () => getDocs(query(collection(db, 'creatives'), where('status', '==', 'approved'), limit(13)))],
    ['get an approved creative', () => getDoc(doc(db, 'creatives', creativeIds[0]!))],
    ['get its analysis (`private/analysis`)', () => getDoc(doc(db, 'creatives', creativeIds[0]!, 'private', 'analysis'))],
    ['list the own likes (favourites)', () => getDocs(query(collection(db, 'users', uid, 'likes'), limit(13)))],
    ['list the own notifications', () => getDocs(query(collection(db, 'users', uid, 'notifications'), limit(13)))],
    ['get the own folder', () => getDoc(folder)],
    ['list the notes of 12 creatives', () => getDocs(query(collection(folder, 'notes'), where(documentId(), 'in', creativeIds)))],
    ['write a note', () => setDoc(doc(folder, 'notes', creativeIds[0]!), { note: 'Mesure' })],
    [
      'create a folder',
      () => addDoc(collection(db, 'folders'), { userId: uid, name: 'Mesure', creatives: [], createdAt: serverTimestamp() }),
    ],
    [
      "stamp the profile ('Déconnecter les autres appareils')",
      () => updateDoc(doc(db, 'users', uid), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: t.authTime }),
    ],
  ];
  if (agencyDb) {
    requests.push(
      [
        'agency: fingerprints by SHA-256 (limit 20)',
        () => getDocs(query(collection(agencyDb, 'fingerprints'), where('sha256', '==', '0'.repeat(64)), limit(20))),
      ],
      [
        'agency: approved creatives by fingerprint key',
        () => getDocs(query(collection(agencyDb, 'creatives'), where('status', '==', 'approved'), where('fingerprintKey', 'in', ['x']))),
      ],
    );
  }
  const counts = async () => {
    const out: { label: string; documents: string[] }[] = [];
    for (const [label, run] of requests) out.push({ label, documents: (await rules.during(run)).lookups.documents });
    return out;
  };
  const withCheck = await counts();
  // The same requests under the rules as they were before ADR 023 (no session check), then back.
  const rulesText = await readFile(path.join(projectRoot, 'firestore.rules'), 'utf8');
  const before = rulesText.replace(
    /(function sessionStillValid\(\) \{)([\s\S]*?)(\n {4}\})/,
    (_m, open: string, body: string, close: string) => `${open}${body.replace(/return [^;]*;/, 'return true;')}${close}`,
  );
  if (before === rulesText) throw new Error('sessionStillValid() not found in firestore.rules');
  await loadFirestoreRules(rules.hostPort, rules.projectId, before);
  let withoutCheck: Awaited<ReturnType<typeof counts>>;
  try {
    withoutCheck = await counts();
  } finally {
    await loadFirestoreRules(rules.hostPort, rules.projectId, rulesText);
  }
  const rows = [
    '| one request alone | documents the rules read (billed), with the session check | without it (rules before ADR 023) | added |',
    '|---|---:|---:|---:|',
  ];
  withCheck.forEach(({ label, documents }, i) => {
    const without = withoutCheck[i]!.documents;
    rows.push(
      `| ${label} | ${documents.length} (${kinds(documents)}) | ${without.length} (${kinds(without)}) | ${documents.length - without.length} |`,
    );
  });
  return rows;
}
