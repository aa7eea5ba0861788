/**
 * Reads billed by Firebase mode's folder notes (ADR 022), 'Déconnecter les autres appareils'
 * (ADR 023) and the duplicate check on choosing a file (ADR 025), on the seeded catalogue
 * (docs/benchmarks.md). Each operation runs on a member's gateway (Auth and Firestore emulators,
 * firestore.rules loaded) and is measured twice:
 * - by the app: the gateway's read meter (`gateway.reads`, reads.ts) plus the profile reads of its
 *   ProfileStore (counted here: the store does not see the meter);
 * - by the rules: the documents firestore.rules look up with get()/exists() while it runs, from
 *   the emulator's rule coverage (rule-lookups.ts): Firestore bills each distinct one per request.
 * Used by bench/firebase-reads.ts (`--only notes,sessions,duplicates`).
 */
import { createHash } from 'node:crypto';
import { getIdTokenResult } from 'firebase/auth';
import { bandKeys, indexedFingerprint } from '@domain/fingerprints';
import { createFirebaseGateway, type FirebaseGateway, type ProfileStore } from '@/gateway/firebase';
import { FINGERPRINTS } from '@/gateway/firebase/fingerprints';
import { firestoreProfiles } from '@/gateway/firebase/profiles';
import { billedReads } from '@/gateway/firebase/reads';
import type { AdminServices } from '../../scripts/firebase/admin';
import { copiesOf, nodeFingerprint, structuredPictures, type TestPicture } from '../../tests/helpers/fingerprints';
import { demoVideoBytes } from '../../tests/helpers/uploads';
import { emulatorConfig, uniqueEmail } from '../../tests/firebase/helpers';
import { prng, SEED_BATCH, type SeededCreative } from './gallery-seed';
import { requestLookupRows } from './request-lookups';
import { kinds, ruleLookupMeter } from './rule-lookups';

export interface FeatureBenchTarget {
  host: string;
  ports: { auth: number; firestore: number };
  projectId: string;
  admin: AdminServices;
  seeded: SeededCreative[];
}

interface Member {
  gateway: FirebaseGateway;
  uid: string;
  email: string;
  /** Profile reads of the gateway's ProfileStore so far. */
  profileReads: () => number;
}

const PASSWORD = 'bench-secret1';
let made = 0;

/** A signed-in member on a gateway of its own (a browser), with `role` given by the admin SDK. */
async function member(t: FeatureBenchTarget, role: 'user' | 'agency', email = uniqueEmail(`bench-${role}`)): Promise<Member> {
  let reads = 0;
  let inner: ProfileStore | null = null;
  const store = (): ProfileStore => inner ?? (inner = firestoreProfiles(gateway.services.db));
  const counted: ProfileStore = {
    read: (uid) => {
      reads += 1;
      return store().read(uid);
    },
    create: (user) => store().create(user),
    update: (uid, fields) => store().update(uid, fields),
  };
  const gateway = createFirebaseGateway(emulatorConfig({ emulatorHost: t.host }), {
    name: `bench-member-${process.pid}-${++made}`,
    mode: 'memory',
    ports: t.ports,
    profiles: counted,
    fingerprint: nodeFingerprint,
    log: () => {},
  });
  const user = await gateway.auth
    .login({ email, password: PASSWORD })
    .catch(() => gateway.auth.register({ firstName: 'Banc', lastName: role, email, password: PASSWORD, confirmPassword: PASSWORD }));
  if (role !== 'user') await t.admin.db.collection('users').doc(user.id).update({ role });
  return { gateway, uid: user.id, email, profileReads: () => reads };
}

/**
 * Writes a fingerprint for every seeded creative (random hashes, as unrelated pictures give) and,
 * for `original`, its real fingerprint on the first approved creative: the library the check searches.
 */
async function seedFingerprints(t: FeatureBenchTarget, original: TestPicture): Promise<string> {
  const random = prng(2511);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  const target = t.seeded.find((c) => c.data.status === 'approved')!;
  const real = await nodeFingerprint(new Blob([new Uint8Array(original.bytes)], { type: original.type }));
  for (let i = 0; i < t.seeded.length; i += SEED_BATCH / 2) {
    const batch = t.admin.db.batch();
    for (const c of t.seeded.slice(i, i + SEED_BATCH / 2)) {
      const key = createHash('sha256')
        .update(c.id)
        .digest('hex')
        .slice(0, 20)
        .replace(/[^A-Za-z0-9]/g, 'x');
      const dhash = hex(16);
      const fp = c.id === target.id ? real : indexedFingerprint({ sha256: hex(64), dhash });
      batch.set(t.admin.db.collection(FINGERPRINTS).doc(key), {
        sha256: fp.sha256,
        dhash: fp.dhash,
        bands: fp.dhash ? bandKeys(fp.dhash) : [],
      });
      batch.update(t.admin.db.collection('creatives').doc(c.id), { fingerprintKey: key });
    }
    await batch.commit();
  }
  return target.id;
}

export async function featureReadTables(
  t: FeatureBenchTarget,
  parts: { notes: boolean; sessions: boolean; duplicates: boolean },
): Promise<string[]> {
  const rules = ruleLookupMeter(`${t.host}:${t.ports.firestore}`, t.projectId);
  const lines = [
    '| operation | billed by the app | of which profile reads | rules: lookups evaluated | rules: distinct documents (billed) |',
    '|---|---:|---:|---:|---|',
  ];
  const members: Member[] = [];
  const measure = async (label: string, m: Member, run: () => Promise<unknown>) => {
    const before = { meter: billedReads(m.gateway.reads), profiles: m.profileReads() };
    const { lookups } = await rules.during(run);
    const profiles = m.profileReads() - before.profiles;
    const app = billedReads(m.gateway.reads) - before.meter + profiles;
    lines.push(`| ${label} | ${app} | ${profiles} | ${lookups.calls} | ${lookups.documents.length} (${kinds(lookups.documents)}) |`);
  };
  const approved = t.seeded.filter((c) => c.data.status === 'approved').slice(0, 12);
  let sessions: { member: Member; folderId: string } | null = null;
  let agency: Member | null = null;

  try {
    if (parts.notes) {
      const owner = await member(t, 'user');
      members.push(owner);
      const folder = await owner.gateway.folders.create('Banc d’essai');
      for (const c of approved) await owner.gateway.folders.addCreative(folder.id, c.id);
      await measure('open a folder of 12 creatives, no note (first page)', owner, () => owner.gateway.folders.creatives(folder.id, {}));
      await measure('write a note', owner, () => owner.gateway.folders.setNote(folder.id, approved[0]!.id, 'À montrer au client'));
      for (const c of approved.slice(1)) await owner.gateway.folders.setNote(folder.id, c.id, 'Note');
      await measure('open the folder, 12 notes (first page)', owner, () => owner.gateway.folders.creatives(folder.id, {}));
      await measure('clear a note', owner, () => owner.gateway.folders.setNote(folder.id, approved[0]!.id, ''));
    }

    if (parts.sessions) {
      const laptop = await member(t, 'user');
      members.push(laptop);
      const folder = await laptop.gateway.folders.create('Idées');
      await laptop.gateway.creatives.like(approved[0]!.id);
      sessions = { member: laptop, folderId: folder.id };
      await measure('account page: the device list (this device)', laptop, () => laptop.gateway.auth.sessions());
      await measure("click 'Déconnecter les autres appareils'", laptop, () => laptop.gateway.auth.revokeOtherSessions());
      // After the click: what each later request of a device costs, its profile stamped.
      await measure('then: a gallery page (signed in)', laptop, () => laptop.gateway.creatives.list({}));
      await measure("then: a creative's detail", laptop, () => laptop.gateway.creatives.get(approved[1]!.id));
      await measure('then: the favourites', laptop, () => laptop.gateway.creatives.favorites({}));
      await measure('then: the notifications', laptop, () => laptop.gateway.notifications.list());
      for (const c of approved) await laptop.gateway.folders.addCreative(folder.id, c.id);
      await measure('then: open a folder of 12 creatives', laptop, () => laptop.gateway.folders.creatives(folder.id, {}));
      await measure('then: create a folder (a write)', laptop, () => laptop.gateway.folders.create('Encore'));
    }

    if (parts.duplicates) {
      const [original, unrelated] = await structuredPictures();
      const submitter = await member(t, 'agency');
      agency = submitter;
      members.push(submitter);
      await seedFingerprints(t, original!);
      const [copy] = await copiesOf(original!);
      const fileOf = (p: TestPicture) => new File([new Uint8Array(p.bytes)], `visuel.${p.type.split('/')[1]}`, { type: p.type });
      await measure('choose a file: no match (an unrelated picture)', submitter, () =>
        submitter.gateway.creatives.checkDuplicates(fileOf(unrelated!)),
      );
      await measure('choose a file: the same bytes as an approved creative', submitter, () =>
        submitter.gateway.creatives.checkDuplicates(fileOf(original!)),
      );
      await measure('choose a file: a re-encoded copy of it', submitter, () => submitter.gateway.creatives.checkDuplicates(fileOf(copy!)));
      await measure('choose a video: no match (bytes only)', submitter, () =>
        submitter.gateway.creatives.checkDuplicates(new File([new Uint8Array(demoVideoBytes())], 'clip.mp4', { type: 'video/mp4' })),
      );
    }
    if (sessions) {
      const { member: caller, folderId } = sessions;
      const authTime = Number((await getIdTokenResult(caller.gateway.services.auth.currentUser!)).claims.auth_time);
      const target = { db: caller.gateway.services.db, uid: caller.uid, folderId, creativeIds: approved.map((c) => c.id), authTime };
      lines.push('', ...(await requestLookupRows(rules, target, agency?.gateway.services.db)));
    }
  } finally {
    await Promise.all(members.map((m) => m.gateway.dispose()));
  }
  return lines;
}
