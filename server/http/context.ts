import type { User } from '../../domain/types';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import type { ServerConfig } from '../env';
import type { MediaStore } from '../media/store';
import type { PendingEvents } from '../services/creatives/pending-events';
import type { WebhookSender } from '../services/webhooks';

/** Everything a route or service needs, built once by server/index.ts (or by tests). */
export interface Deps {
  db: Db;
  auth: Auth;
  config: ServerConfig;
  webhooks: WebhookSender;
  media: MediaStore;
  pending: PendingEvents;
}

export interface AppEnv {
  Variables: {
    /** The signed-in user, or null for a visitor (set by loadSession on every /api request). */
    user: User | null;
  };
}
