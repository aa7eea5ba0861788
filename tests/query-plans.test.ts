import crypto from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryQueryInput } from '@domain/schemas/gallery';
import type { User } from '@domain/types';
import { openDatabase, type Db } from '@server/db/client';
import { schema } from '@server/db/schema';
import { listComments } from '@server/services/comments.service';
import { mediaAudience } from '@server/services/media-access';
import { listFolderCreatives } from '@server/services/folders.service';
import { listFavorites, listGallery } from '@server/services/creatives/gallery.service';
import { likedAmong } from '@server/services/creatives/like-lookups';
import { listByStatus } from '@server/services/creatives/review.service';
import { listNotifications, unreadCount } from '@server/services/notifications/notifications.service';
import { listUsers } from '@server/services/users.service';

/**
 * The plan regression test: every list query of the product, as the services send it, must be
 * answered by an index in its ORDER BY's order — no Sort node, no sequential scan of creatives or
 * likes — even on a small table (a few thousand rows, with seq scans and sorts disabled so the
 * planner shows whether such an index exists at all). It fails the day a query is added or
 * changed without its index (1M creatives made every such query take a second: docs/benchmarks.md).
 */
const serverUrl = process.env.DATABASE_URL;

interface Recorded {
  sql: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe.runIf(serverUrl)('query plans on PostgreSQL (needs DATABASE_URL)', () => {
  const name = `creatheque_plans_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  let pool: pg.Pool;
  let recorded: Recorded[] = [];
  let db: Db;
  const ids = { user: '', admin: '', creative: '', folder: '', folderOwner: '', submitter: '' };
  /** The second page's cursor of each paginated list (its plan must use the index too). */
  const cursors = { queue: '', agency: '', users: '', comments: '', folder: '', notifications: '' };

  const admin = () => new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const migrated = await openDatabase({ databaseUrl: url.toString() });
    await migrated.close();
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    await fill(pool);
    db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => recorded.push({ sql, params }) },
    }) as unknown as Db;
    const { rows } = await pool.query<{ user_id: string; admin_id: string; creative_id: string; folder_id: string; owner_id: string }>(`
      select (select id from "user" where role = 'user' order by id limit 1) as user_id,
             (select id from "user" where role = 'admin' limit 1) as admin_id,
             (select m.creative_id from comments m join creatives c on c.id = m.creative_id and c.status = 'approved'
               group by m.creative_id order by count(*) desc, m.creative_id limit 1) as creative_id,
             (select id from folders order by id limit 1) as folder_id,
             (select user_id from folders order by id limit 1) as owner_id`);
    const row = rows[0]!;
    const { rows: submitters } = await pool.query<{ submitted_by: string }>(
      `select submitted_by from creatives where status = 'pending' group by submitted_by order by count(*) desc, submitted_by limit 1`,
    );
    Object.assign(ids, {
      user: row.user_id,
      admin: row.admin_id,
      creative: row.creative_id,
      folder: row.folder_id,
      folderOwner: row.owner_id,
      submitter: submitters[0]!.submitted_by,
    });
    const next = (page: { nextCursor: string | null }) => {
      expect(page.nextCursor).not.toBeNull();
      return page.nextCursor!;
    };
    Object.assign(cursors, {
      queue: next(await listByStatus(db, { status: 'pending' })),
      agency: next(await listByStatus(db, { status: 'pending', submittedBy: ids.submitter })),
      users: next(await listUsers(db, { q: '', role: [] })),
      comments: next(await listComments(db, null, ids.creative)),
      folder: next(await listFolderCreatives(db, viewer(ids.folderOwner, 'user'), ids.folder)),
      notifications: next(await listNotifications(db, 'u2')),
    });
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });

  const viewer = (id: string, role: User['role']): User => ({
    id,
    email: 'x@example.com',
    firstName: 'A',
    lastName: 'B',
    role,
    createdAt: new Date().toISOString(),
  });

  /** Runs the service call, then EXPLAINs its main query (the one reading `table`) with seq scans and sorts off. */
  async function planOf(call: () => Promise<unknown>, table: string): Promise<PlanNode[]> {
    recorded = [];
    await call();
    const query = recorded.find((r) => r.sql.includes(`from "${table}"`) && /order by/i.test(r.sql));
    expect(query, `no ordered query on ${table} was sent`).toBeDefined();
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_sort = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query!.sql}`, query!.params);
      return nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  }

  function expectIndexOrdered(nodes: PlanNode[], tables: string[]) {
    const sorts = nodes.filter((n) => /Sort/.test(n['Node Type']));
    expect(
      sorts.map((n) => n['Node Type']),
      'a Sort node: no index matches the ORDER BY',
    ).toEqual([]);
    const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''));
    expect(
      seqScans.map((n) => n['Relation Name']),
      'a sequential scan of a large table',
    ).toEqual([]);
  }

  const gallery =
    (query: Record<string, unknown>, who: User | null = null) =>
    () =>
      listGallery(db, who, galleryQueryInput.parse(query));

  /** Label, the call, the table its main query reads and, where one index must answer it, that index. */
  const cases: [string, () => () => Promise<unknown>, string, string?][] = [
    ['gallery, newest first', () => gallery({}), 'creatives'],
    ['gallery, most liked', () => gallery({ sort: 'likes' }), 'creatives'],
    ['gallery, one filter group', () => gallery({ format: 'Vidéo' }), 'creatives'],
    ['gallery, three filter groups', () => gallery({ format: 'Vidéo', sector: 'Beauté', platform: 'Meta' }), 'creatives'],
    ['gallery, both flags', () => gallery({ junto: '1', tested: '1' }), 'creatives'],
    // A word most names hold (> 1,000 matches): read along the sort's index. A rarer one is sorted on
    // purpose, after the full-text index found it (services/creatives/gallery.service.ts).
    ['gallery, search of a common word', () => gallery({ q: 'crea' }), 'creatives'],
    ['gallery, search of a common word, newest first', () => gallery({ q: 'crea', sort: 'recent' }), 'creatives'],
    ['gallery, signed in', () => gallery({}, viewer(ids.user, 'user')), 'creatives'],
    ['favourites', () => () => listFavorites(db, viewer('u5', 'user'), {}), 'creatives'],
    ['review queue', () => () => listByStatus(db, { status: 'pending' }), 'creatives', 'creatives_status_recent_idx'],
    [
      'review queue, next page',
      () => () => listByStatus(db, { status: 'pending', cursor: cursors.queue }),
      'creatives',
      'creatives_status_recent_idx',
    ],
    [
      "an agency's own ('Mes créas')",
      () => () => listByStatus(db, { status: 'pending', submittedBy: ids.submitter }),
      'creatives',
      'creatives_submitter_idx',
    ],
    [
      "an agency's own, next page",
      () => () => listByStatus(db, { status: 'pending', submittedBy: ids.submitter, cursor: cursors.agency }),
      'creatives',
      'creatives_submitter_idx',
    ],
    ['users', () => () => listUsers(db, { q: '', role: [] }), 'user', 'user_recent_idx'],
    ['users, next page', () => () => listUsers(db, { q: '', role: [], cursor: cursors.users }), 'user', 'user_recent_idx'],
    ['users, search and role chips', () => () => listUsers(db, { q: 'nom1', role: ['user', 'agency'] }), 'user', 'user_recent_idx'],
    ['comments of a creative', () => () => listComments(db, null, ids.creative), 'comments', 'comments_creative_idx'],
    [
      'comments of a creative, next page',
      () => () => listComments(db, null, ids.creative, { cursor: cursors.comments }),
      'comments',
      'comments_creative_idx',
    ],
    [
      'creatives of a folder',
      () => () => listFolderCreatives(db, viewer(ids.folderOwner, 'user'), ids.folder),
      'folder_creatives',
      'folder_creatives_recent_idx',
    ],
    [
      'creatives of a folder, next page',
      () => () => listFolderCreatives(db, viewer(ids.folderOwner, 'user'), ids.folder, { cursor: cursors.folder }),
      'folder_creatives',
      'folder_creatives_recent_idx',
    ],
    [
      'creatives of a folder, search',
      () => () => listFolderCreatives(db, viewer(ids.folderOwner, 'user'), ids.folder, { q: 'croquettes' }),
      'folder_creatives',
      'folder_creatives_recent_idx',
    ],
    ['notifications of a user', () => () => listNotifications(db, 'u2'), 'notifications', 'notifications_user_recent_idx'],
    [
      'notifications of a user, next page',
      () => () => listNotifications(db, 'u2', { cursor: cursors.notifications }),
      'notifications',
      'notifications_user_recent_idx',
    ],
  ];

  const LARGE_TABLES = ['creatives', 'creative_likes', 'comments', 'user', 'folder_creatives', 'notifications'];

  it('counts unread notifications from notifications_user_unread_idx', async () => {
    recorded = [];
    expect(await unreadCount(db, 'u2')).toBeGreaterThan(0);
    const query = recorded.find((r) => r.sql.includes('from "notifications"'))!;
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
      const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      expect(nodes.map((n) => n['Index Name']).filter(Boolean)).toContain('notifications_user_unread_idx');
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });

  it.each(cases)('%s: an index in ORDER BY order, no sort, no seq scan', async (_label, make, table, index) => {
    const nodes = await planOf(make(), table);
    expectIndexOrdered(nodes, LARGE_TABLES);
    if (index) expect(nodes.map((n) => n['Index Name']).filter(Boolean), `${index} answers the query`).toContain(index);
  });

  it("answers concurrent members' page likes with one query on creative_likes' primary key", async () => {
    // Liked (fill: every third creative by u2…u12), not liked, and a user who liked nothing.
    const ids = ['c1', 'c2', 'c3', 'c4', 'c7', 'c10'];
    recorded = [];
    const [u2, u5, u40] = await Promise.all([likedAmong(db, 'u2', ids), likedAmong(db, 'u5', ids.slice(0, 3)), likedAmong(db, 'u40', ids)]);
    expect([...u2].sort()).toEqual(['c1', 'c10', 'c4', 'c7']);
    expect([...u5]).toEqual(['c1']);
    expect([...u40]).toEqual([]);
    const queries = recorded.filter((r) => r.sql.includes('from "creative_likes"'));
    expect(queries).toHaveLength(1);

    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${queries[0]!.sql}`,
        queries[0]!.params,
      );
      const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
      expect(nodes.map((n) => n['Index Name'])).toContain('creative_likes_creative_id_user_id_pk');
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });

  it('finds who may see a stored file from media_name_unique and creatives_media_idx (/media of pending work)', async () => {
    recorded = [];
    expect(await mediaAudience(db, 'creatives/1732170000000-4f9a1c2b0d3e-640.webp')).toEqual([]);
    const query = recorded.find((r) => r.sql.includes('from "media"'));
    const client = await pool.connect();
    try {
      // Every creative gets a media row, for this test only (rolled back).
      await client.query('BEGIN');
      await client.query(`
        insert into media (id, name, size, content_type, original_name, timestamp)
        select 'm-' || id, 'creatives/' || (1700000000000 + row_number() over (order by id)) || '-' || left(md5(id), 12) || '.png',
               1000, 'image/png', 'a.png', 1700000000000
        from creatives`);
      await client.query(`update creatives set media_id = 'm-' || id`);
      await client.query('ANALYZE media, creatives');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query!.sql}`, query!.params);
      const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
      expect(nodes.map((n) => n['Index Name'])).toEqual(expect.arrayContaining(['media_name_unique', 'creatives_media_idx']));
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('notices a missing index (the check has teeth)', async () => {
    // Both indexes can serve the newest-first gallery (the second one through its leading `status`).
    const { rows } = await pool.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname in ('creatives_approved_recent_idx', 'creatives_status_recent_idx')`,
    );
    expect(rows).toHaveLength(2);
    await pool.query('DROP INDEX creatives_approved_recent_idx, creatives_status_recent_idx');
    try {
      const nodes = await planOf(gallery({}), 'creatives');
      expect(nodes.some((n) => /Sort/.test(n['Node Type']))).toBe(true);
    } finally {
      for (const { indexdef } of rows) await pool.query(indexdef);
    }
  });
});

/** A few thousand rows spread like the real catalogue (every filter value, likes, comments, a folder), each list longer than a page. */
async function fill(pool: pg.Pool): Promise<void> {
  await pool.query(`
    insert into "user" (id, name, email, first_name, last_name, role, created_at, updated_at)
    select 'u' || g, 'U ' || g, 'u' || g || '@example.com', 'Prénom', 'Nom' || g,
           case when g = 1 then 'admin' when g % 50 = 0 then 'agency' else 'user' end,
           now() - g * interval '1 hour', now()
    from generate_series(1, 500) g`);
  await pool.query(`
    insert into creatives (id, name, advertiser, search_text, formats, objectives, types, sectors, platforms,
                           status, validated, submitted_by, is_junto_angel, tested_and_approved, likes, created_at, updated_at)
    select 'c' || g, 'Créa ' || g, 'Marque ' || (g % 40),
           lower('crea ' || g || case when g % 7 = 0 then ' croquettes' else '' end || ' marque ' || (g % 40)),
           array[(array['Statique','Vidéo','Carrousel'])[1 + g % 3]],
           array[(array['TOFU','MOFU','BOFU'])[1 + g % 3]],
           array[(array['UGC','Humour','Témoignage'])[1 + g % 3]],
           array[(array['Beauté','Food','Mode','Tech'])[1 + g % 4]],
           array[(array['Meta','TikTok','YouTube'])[1 + g % 3]],
           case when g % 10 = 0 then 'pending' else 'approved' end, g % 10 <> 0,
           'u' || (1 + g % 500), g % 5 = 0, g % 3 = 0, g % 97, now() - g * interval '1 minute', now()
    from generate_series(1, 4000) g`);
  // One agency with more pending creatives than a queue page ('Mes créas' pages too).
  await pool.query(`
    insert into creatives (id, name, advertiser, search_text, formats, objectives, types, sectors, platforms,
                           status, validated, submitted_by, created_at, updated_at)
    select 'p' || g, 'Attente ' || g, 'Marque', 'attente ' || g, array['Statique'], array['TOFU'], array['UGC'],
           array['Food'], array['Meta'], 'pending', false, 'u50', now() - g * interval '30 second', now()
    from generate_series(1, 60) g`);
  await pool.query(`
    insert into creative_likes (creative_id, user_id, created_at)
    select 'c' || c, 'u' || u, now() - (c + u) * interval '1 second'
    from generate_series(1, 4000, 3) c, generate_series(2, 12) u`);
  await pool.query(`
    insert into comments (id, creative_id, user_id, user_first_name, user_last_name, text, created_at)
    select 'm' || g, 'c' || (1 + g % 400), 'u' || (2 + g % 400), 'P', 'N', 'Bravo ' || g, now() - g * interval '1 second'
    from generate_series(1, 12000) g`);
  await pool.query(
    `insert into folders (id, user_id, name) select 'f' || g, 'u' || (2 + g), 'Dossier ' || g from generate_series(1, 20) g`,
  );
  await pool.query(`
    insert into folder_creatives (folder_id, creative_id, added_at)
    select 'f' || f, 'c' || c, now() - c * interval '1 second' from generate_series(1, 20) f, generate_series(1, 4000, 7) c`);
  // Notifications of 50 users, a third of them read (the list pages, the unread count).
  await pool.query(`
    insert into notifications (id, user_id, type, creative_id, actor_ids, created_at, read_at)
    select 'n' || g, 'u' || (2 + g % 50), 'comment', 'c' || (1 + g % 4000), array['u' || (100 + g % 300)],
           now() - g * interval '1 second', case when g % 3 = 0 then now() end
    from generate_series(1, 10000) g`);
  await pool.query('analyze');
}
