import type { FirebaseClientConfig } from '@/config/env';
import type { Gateway } from '../types';
import { disposeFirebase, initFirebase, type FirebaseAppOptions, type FirebaseServices } from './app';
import { firebaseAnalytics } from './analytics';
import { firebaseAuth, type ProfileStore } from './auth';
import { firebaseComments } from './comments';
import type { FirebaseContext } from './context';
import { firebaseCreatives } from './creatives';
import { browserFingerprinter, memoizedFingerprinter, type Fingerprinter } from './fingerprints';
import { firebaseFolders } from './folders';
import { firebaseMyData } from './my-data';
import { firebaseProfilesOrDefault } from './profiles';
import { firebaseNotifications } from './notifications';
import { newReadMeter, type ReadMeter } from './reads';
import { firebaseAgency, firebaseReview } from './review';
import { FIREBASE_SHARE_PASSWORD_MIN, firebaseShares } from './shares/index';
import { firebaseMediaStore, type MediaStore } from './storage';
import { firebaseUsers } from './users';
import { createWebhookPoster, type WebhookPoster } from './webhooks';

export type { FirebaseClientConfig } from '@/config/env';
export type { MediaStore, StoredMedia } from './storage';
export type { ProfileStore } from './auth';
export type { Fingerprinter } from './fingerprints';

export interface FirebaseGatewayOptions extends FirebaseAppOptions {
  /** Where media go (default: Cloud Storage). */
  media?: MediaStore;
  /** Where profiles live (default: Firestore `users/{uid}`). */
  profiles?: ProfileStore;
  webhook?: WebhookPoster;
  /** How a chosen file is fingerprinted (default: in the browser, src/lib/file-fingerprint.ts). */
  fingerprint?: Fingerprinter;
  log?: (message: string, error?: unknown) => void;
}

/** The Gateway on Firebase, with its SDK services and a way to release them (tests). */
export type FirebaseGateway = Gateway & {
  readonly services: FirebaseServices;
  /** What this gateway has read from Firestore so far (reads.ts). */
  readonly reads: ReadMeter;
  dispose(): Promise<void>;
};

/**
 * The Firebase backend: Firebase Auth, Cloud Firestore and Cloud Storage called from the browser,
 * the security rules (firestore.rules, storage.rules) being the only authority.
 */
export function createFirebaseGateway(config: FirebaseClientConfig, options: FirebaseGatewayOptions = {}): FirebaseGateway {
  const services = initFirebase(config, options);
  const log = options.log ?? ((message: string, error?: unknown) => console.warn(message, error ?? ''));
  const ctx: FirebaseContext = {
    ...services,
    profiles: firebaseProfilesOrDefault(services.db, options.profiles),
    media: options.media ?? firebaseMediaStore(services.storage),
    webhook: options.webhook ?? createWebhookPoster(log),
    webhooks: { registration: config.registrationWebhookUrl, submission: config.submissionWebhookUrl },
    log,
    reads: newReadMeter(),
    fingerprint: memoizedFingerprinter(options.fingerprint ?? browserFingerprinter),
  };
  return {
    // 'Pertinence' lists a search's name matches, then the others, newest first within each
    // (creatives/relevance-page.ts, docs/decisions/027). The filter counts are count
    // aggregations, one per value, cached per query (facet-counts.ts, docs/decisions/024). A share
    // link is a document read by `get` only, showing a copy of the folder under a key only its
    // password gives; views are not counted and passwords need 12 characters (shares/,
    // docs/decisions/026). Folder notes are the owner's documents beside the folder (folder-notes.ts,
    // docs/decisions/022). Firebase Auth's client SDK cannot list another device's session: the
    // account page shows this device only, and the rules refuse the others once they are signed out
    // (device-sessions.ts, docs/decisions/023). Duplicates are checked with fingerprints the browser
    // computes (duplicates.ts, docs/decisions/025).
    features: {
      relevanceSort: true,
      facetCounts: true,
      folderShares: true,
      sharePasswordMin: FIREBASE_SHARE_PASSWORD_MIN,
      folderNotes: true,
      duplicateCheck: true,
      deviceSessions: true,
      otherDevicesListed: false,
    },
    auth: firebaseAuth({
      auth: services.auth,
      db: services.db,
      profiles: ctx.profiles,
      webhook: ctx.webhook,
      registrationWebhookUrl: config.registrationWebhookUrl,
    }),
    creatives: firebaseCreatives(ctx),
    review: firebaseReview(ctx),
    agency: firebaseAgency(ctx),
    comments: firebaseComments(ctx),
    folders: firebaseFolders(ctx),
    shares: firebaseShares(ctx),
    users: firebaseUsers(ctx),
    myData: firebaseMyData(ctx),
    analytics: firebaseAnalytics(ctx),
    notifications: firebaseNotifications(ctx),
    services,
    reads: ctx.reads,
    dispose: () => disposeFirebase(services),
  };
}
