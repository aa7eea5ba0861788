import { writeBatch, type DocumentData, type DocumentSnapshot, type QueryDocumentSnapshot, type WriteBatch } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import { can, type Action } from '@domain/permissions';
import type { User } from '@domain/types';
import type { FirebaseServices } from './app';
import { currentUid, type ProfileStore } from './auth';
import { endIfRevoked } from './device-sessions';
import { gatewayError, toGatewayError, type ErrorContext } from './errors';
import type { Fingerprinter } from './fingerprints';
import type { ReadMeter } from './reads';
import type { MediaStore } from './storage';
import type { WebhookPoster } from './webhooks';

/** What every part of the adapter shares: the SDK services, the profile store, media and webhooks. */
export interface FirebaseContext extends FirebaseServices {
  profiles: ProfileStore;
  media: MediaStore;
  webhook: WebhookPoster;
  webhooks: { registration: string | null; submission: string | null };
  log: (message: string, error?: unknown) => void;
  /** Reads asked of Firestore through reads.ts (benchmarks, tests). */
  reads: ReadMeter;
  /** A chosen file's SHA-256 and dHash, once per file (fingerprints.ts; the duplicate warning). */
  fingerprint: Fingerprinter;
}

export function uidOf(ctx: FirebaseContext): Promise<string | null> {
  return currentUid(ctx.auth);
}

/** The signed-in viewer's profile, or null (visitor, or an account without a profile). */
export async function viewerOf(ctx: FirebaseContext): Promise<User | null> {
  const uid = await uidOf(ctx);
  if (!uid) return null;
  return guard(ctx, () => ctx.profiles.read(uid));
}

/**
 * The viewer, who must be signed in (UNAUTHENTICATED) and, when `action` is given, allowed to do it
 * by the domain permission matrix (FORBIDDEN). The rules check the same again on the server side.
 */
export async function requireViewer(
  ctx: FirebaseContext,
  action?: Action,
  messages: { unauthenticated?: string; forbidden?: string } = {},
): Promise<User> {
  const viewer = await viewerOf(ctx);
  if (!viewer) throw gatewayError('UNAUTHENTICATED', messages.unauthenticated ?? MSG.notSignedIn);
  if (action && !can(viewer.role, action)) throw gatewayError('FORBIDDEN', messages.forbidden ?? MSG.forbidden);
  return viewer;
}

/** The signed-in uid, or UNAUTHENTICATED (for calls that need no role). */
export async function requireUid(ctx: FirebaseContext): Promise<string> {
  const uid = await uidOf(ctx);
  if (!uid) throw gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
  return uid;
}

/**
 * Runs SDK calls and turns their failures into GatewayErrors; a refusal because this device was
 * signed out from another one ends its session here (SESSION_REVOKED, device-sessions.ts).
 */
export async function guard<T>(ctx: FirebaseContext, fn: () => Promise<T>, options: Omit<ErrorContext, 'signedIn'> = {}): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const revoked = await endIfRevoked(ctx, err);
    if (revoked) throw revoked;
    const mapped = toGatewayError(err, { ...options, signedIn: ctx.auth.currentUser !== null });
    if (mapped.code === 'INTERNAL') ctx.log('[firebase] unexpected failure', err);
    throw mapped;
  }
}

/** Document data with pending server timestamps estimated (a write's own echo before the server's). */
export function dataOf(snap: DocumentSnapshot | QueryDocumentSnapshot): DocumentData {
  return snap.data({ serverTimestamps: 'estimate' }) ?? {};
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes in one batch at most (Firestore takes 500). */
const WRITE_BATCH = 400;

/** One write of a batch, to be committed by commitAll. */
export type BatchOp = (batch: WriteBatch) => void;

/** Commits the writes in order, WRITE_BATCH a batch: a write never lands before those listed ahead of it. */
export async function commitAll(ctx: FirebaseContext, ops: BatchOp[]): Promise<void> {
  for (const group of chunks(ops, WRITE_BATCH)) {
    const batch = writeBatch(ctx.db);
    for (const op of group) op(batch);
    await batch.commit();
  }
}
