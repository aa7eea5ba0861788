/** What each drill takes away, and how it brings it back. */
import pg from 'pg';
import type { Instance, ObjectStore, PgCluster, RedisServer } from './services';

export interface Services {
  pg: PgCluster;
  redis: RedisServer;
  store: ObjectStore;
  instances: Instance[];
}

interface Drill {
  title: string;
  /**
   * Whether `/api/ready` must say 503 during the fault: not when the instances still serve (their
   * pooled connections outlive an exhausted PostgreSQL; the surviving instance of two).
   */
  unready: boolean;
  inject(services: Services): Promise<void>;
  restore(services: Services): Promise<void>;
}

/** The connections that fill PostgreSQL up in the `pg-connections` drill. */
let hogs: pg.Client[] = [];

export const DRILLS = {
  'pg-fast': {
    unready: true,
    title: 'PostgreSQL arrêté (fast), puis redémarré',
    inject: async ({ pg: cluster }) => cluster.down('fast'),
    restore: async ({ pg: cluster }) => cluster.up(),
  },
  'pg-immediate': {
    unready: true,
    title: 'PostgreSQL arrêté (immediate, comme un crash), puis redémarré',
    inject: async ({ pg: cluster }) => cluster.down('immediate'),
    restore: async ({ pg: cluster }) => cluster.up(),
  },
  redis: {
    unready: true,
    title: 'Redis tué (SIGKILL), puis relancé vide',
    inject: ({ redis }) => redis.kill(),
    restore: ({ redis }) => redis.up(),
  },
  s3: {
    unready: true,
    title: 'Stockage S3 refusant les connexions',
    inject: ({ store }) => store.relay.cut(),
    restore: async ({ store }) => {
      await store.relay.start();
    },
  },
  instance: {
    unready: false,
    title: "Une des deux instances tuée (SIGKILL), la charge continue sur l'autre",
    inject: ({ instances }) => instances[1]!.kill('SIGKILL'),
    restore: ({ instances }) => instances[1]!.up(),
  },
  'pg-connections': {
    unready: false,
    title: 'Connexions PostgreSQL épuisées par un autre client',
    inject: async ({ pg: cluster }) => {
      for (;;) {
        const client = new pg.Client({ connectionString: cluster.url });
        try {
          await client.connect();
          hogs.push(client);
        } catch {
          await client.end().catch(() => {});
          return;
        }
      }
    },
    restore: async () => {
      await Promise.all(hogs.map((c) => c.end().catch(() => {})));
      hogs = [];
    },
  },
} satisfies Record<string, Drill>;

export type DrillName = keyof typeof DRILLS;
