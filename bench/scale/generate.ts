/**
 * The SQL of the scale generator. Every row is produced inside the database with generate_series
 * (no row crosses the wire), so 1M creatives and ~10M likes load in minutes. Counters
 * (creatives.likes, comment_count, comments.likes) are decided first and the join tables are then
 * derived from them, so they match by construction.
 */
import { normalizeSearch } from '@domain/search';
import { lit, textArray } from './connection';
import * as W from './words';

export interface KnownUser {
  idx: number;
  id: string;
  firstName: string;
  lastName: string;
  role: string;
}

export interface ScaleParams {
  creatives: number;
  users: number;
  /** Accounts created through better-auth; they take the first user indexes. */
  known: KnownUser[];
  imageMediaIds: string[];
  videoMediaIds: string[];
}

/** Users 4..23 are specialists, 24..27 admins, every 100th an agency (1 %). */
export const STAFF = { specialistsFrom: 4, adminsFrom: 24, adminsTo: 28 } as const;
/** Users below this index get `bench-u-<idx>@example.com` (predictable sign-in for the load test). */
export const PREDICTABLE_EMAILS_BELOW = 100;
const YEARS_DAYS = 1095;
const MAX_LIKES = 5000;

/** 1-based index into a list of n, skewed towards the start when `power` > 1. */
const skewed = (n: number, power = 1) => `(1 + floor(${n} * power(random(), ${power})))::int`;
/** A second 1-based index, distinct from `first`. */
const other = (first: string, n: number) => `(1 + ((${first} - 1 + 1 + floor(random() * ${n - 1})::int) % ${n}))`;
/** Uniform bigint in [0, 2^32) from a text id, stable across runs of the same statement. */
const hashOf = (col: string) => `(hashtext(${col})::bigint + 2147483648)`;
const arr = (values: readonly string[]) => textArray(values);
const norm = (values: readonly string[]) => textArray(values.map((v) => normalizeSearch(v)));

export function usersSql(p: ScaleParams): string[] {
  const known = p.known.map((u) => `(${u.idx}, ${lit(u.id)}, ${lit(u.firstName)}, ${lit(u.lastName)}, ${lit(u.role)}, null)`).join(',\n');
  const first = p.known.length;
  return [
    `create table bench_users (idx int primary key, id text not null, first_name text not null, last_name text not null, role text not null, email text)`,
    `insert into bench_users values ${known}`,
    `insert into bench_users
     select i, gen_random_uuid()::text, ${arr(W.FIRST_NAMES)}[f], ${arr(W.LAST_NAMES)}[l],
            case when i >= ${STAFF.specialistsFrom} and i < ${STAFF.adminsFrom} then 'specialist'
                 when i >= ${STAFF.adminsFrom} and i < ${STAFF.adminsTo} then 'admin'
                 when i % 100 = 0 then 'agency' else 'user' end,
            case when i < ${PREDICTABLE_EMAILS_BELOW} then 'bench-u-' || i || '@example.com'
                 else ${norm(W.FIRST_NAMES)}[f] || '.' || ${norm(W.LAST_NAMES)}[l] || '.' || i || '@exemple.fr' end
       from (select i, ${skewed(W.FIRST_NAMES.length)} as f, ${skewed(W.LAST_NAMES.length, 1.5)} as l
               from generate_series(${first}, ${p.users - 1}) i) s`,
    // Sign-up dates grow with the index, denser recently (like the creatives).
    `insert into "user" (id, name, email, email_verified, first_name, last_name, role, created_at, updated_at)
     select id, first_name || ' ' || last_name, email, true, first_name, last_name, role, t, t
       from (select *, now() - interval '${YEARS_DAYS} days' * power(1 - idx::float8 / ${p.users}, 1.3) as t
               from bench_users where idx >= ${first}) s`,
  ];
}

/** Credential rows sharing the password hash better-auth wrote for the known accounts. */
export function accountsSql(p: ScaleParams, passwordHash: string): string {
  return `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
          select gen_random_uuid()::text, id, 'credential', id, ${lit(passwordHash)}, now(), now()
            from bench_users where idx >= ${p.known.length}`;
}

/** Authors of creatives: staff (25 % of submissions) then agencies, numbered 1..n. */
export function submittersSql(): string[] {
  return [
    `create table bench_submitters (k int primary key, id text not null, staff boolean not null)`,
    `insert into bench_submitters
     select row_number() over (order by staff desc, idx)::int, id, staff
       from (select idx, id, role in ('specialist', 'admin') as staff from bench_users where role <> 'user') s`,
  ];
}

/**
 * The shape classes of a library of ads (domain/media-shape.ts), by a uniform draw `r`: feed images mostly 4:5
 * and square, videos mostly vertical (stories, reels, TikTok). The few demo media the rows share have
 * their own sizes: the class is the benchmark's, not read from them.
 */
const SHAPE_SHARES = {
  image: [
    ['4:5', 0.4],
    ['1:1', 0.3],
    ['9:16', 0.15],
    ['16:9', 0.1],
    ['other', 0.05],
  ],
  video: [
    ['9:16', 0.55],
    ['1:1', 0.15],
    ['16:9', 0.15],
    ['4:5', 0.1],
    ['other', 0.05],
  ],
} as const;
/** Video lengths: bumpers, the 15 s spot, the 30 s one, a few longer. */
const LENGTH_SHARES = [
  ['le6', 0.15],
  ['le15', 0.45],
  ['le30', 0.3],
  ['long', 0.1],
] as const;

/** A class drawn from `shares` by the uniform `r` (a SQL expression): a CASE over the cumulative shares. */
function drawn(shares: readonly (readonly [string, number])[], r: string): string {
  let upTo = 0;
  const arms = shares.slice(0, -1).map(([value, share]) => `when ${r} < ${(upTo += share).toFixed(4)} then ${lit(value)}`);
  return `case ${arms.join(' ')} else ${lit(shares[shares.length - 1]![0])} end`;
}

const shapeSql = (video: string, r: string) =>
  `case when ${video} then ${drawn(SHAPE_SHARES.video, r)} else ${drawn(SHAPE_SHARES.image, r)} end`;
/** Only a video has a length. */
const lengthSql = (video: string, r: string) => `case when ${video} then ${drawn(LENGTH_SHARES, r)} end`;

export function creativesSql(p: ScaleParams, from: number, to: number, counts: { staff: number; agencies: number }): string {
  const N = p.creatives;
  const rareEvery = Math.max(1, Math.floor(N / 10));
  const nP = W.PRODUCTS.length;
  const nQ = W.QUALIFIERS.length;
  const nA = W.AUDIENCES.length;
  const nO = W.POPULAR.objective.length;
  const nT = W.POPULAR.type.length;
  const nS = W.POPULAR.sector.length;
  const nPl = W.POPULAR.platform.length;
  const maxLikes = Math.min(MAX_LIKES, p.users - 1);
  const name = (
    words: (list: readonly string[]) => string,
  ) => `case when rare then ${words([W.RARE_WORD])}[1] || ' ' || ${words(W.PRODUCTS)}[pr] || ' ' || ${words(W.QUALIFIERS)}[qu]
      else ${words(W.PRODUCTS)}[pr] || ' ' || ${words(W.QUALIFIERS)}[qu] || coalesce(' ' || nullif(${words(W.AUDIENCES)}[au], ''), '') end`;
  const advertiser = (words: (list: readonly string[]) => string) => `${words(W.BRAND_ROOTS)}[br] || ' ' || ${words(W.BRAND_SUFFIXES)}[bs]`;
  const pick2 = (list: readonly string[], a: string, b: string, share: string) =>
    `case when ${share} then ARRAY[${arr(list)}[${a}], ${arr(list)}[${b}]] else ARRAY[${arr(list)}[${a}]] end`;
  // Analysis texts for ~35 % of the approved creatives.
  const analysed = `(status = 'approved' and ra < 0.35)`;
  const columns = `id, name, advertiser, search_text, media_id, media_type, formats, objectives, types, sectors, platforms,
    likes, comment_count, status, validated, submitted_by, is_junto_angel, tested_and_approved,
    attention, interest, desire, best_practices, actions, rejection_reason, media_sha256, phash, shape, length_class, created_at, updated_at`;
  // The search documents and facet bits as the triggers of migrations 0007 and 0020 write them (replica mode skips triggers).
  return `
  insert into creatives (${columns}, search_vector, member_search_vector, facet_lo, facet_hi)
  select v.*, s.doc, creative_member_search_vector(s.doc, v.attention, v.interest, v.desire, v.best_practices, v.actions),
         facet_lo_of(s.bits), facet_hi_of(s.bits)
  from (
  select gen_random_uuid()::text,
    ${name(arr)}, ${advertiser(arr)},
    -- search_text = searchTextOf({ name, advertiser }): the same words, normalised in Node.
    ${name(norm)} || ' ' || ${advertiser(norm)},
    case when video then ${arr(p.videoMediaIds)}[${skewed(p.videoMediaIds.length)}] else ${arr(p.imageMediaIds)}[${skewed(p.imageMediaIds.length)}] end,
    case when video then 'video' else 'image' end,
    case when video then (case when rf < 0.7 then ARRAY['Vidéo'] else ARRAY['Vidéo', 'Motion'] end)::text[]
         else (case when rf < 0.6 then ARRAY['Statique'] when rf < 0.85 then ARRAY['Carrousel'] when rf < 0.95 then ARRAY['GIF'] else ARRAY['Motion'] end)::text[] end,
    ${pick2(W.POPULAR.objective, 'ob', 'ob2', 'r2 < 0.15')},
    ${pick2(W.POPULAR.type, 'ty', 'ty2', 'r2 < 0.40')},
    ${pick2(W.POPULAR.sector, 'se', 'se2', 'r3 < 0.10')},
    ${pick2(W.POPULAR.platform, 'pl', 'pl2', 'r3 < 0.45')},
    -- Pareto (alpha 1.3): mean ~10, a few hundred creatives above 1,000.
    case when status = 'approved' then least(${maxLikes}, greatest(0, floor(3.3 / power(rl, 1 / 1.3::float8)) - 3))::int else 0 end,
    case when status = 'approved' then floor(rc * 5)::int else 0 end,
    status, status = 'approved', sub.id, rj < 0.04, rt < 0.12,
    case when ${analysed} then ${arr(W.ATTENTION)}[${skewed(W.ATTENTION.length)}] else '' end,
    case when ${analysed} then ${arr(W.INTEREST)}[${skewed(W.INTEREST.length)}] else '' end,
    case when ${analysed} then ${arr(W.DESIRE)}[${skewed(W.DESIRE.length)}] else '' end,
    case when ${analysed} then jsonb_build_array(${arr(W.BEST_PRACTICES)}[bp], ${arr(W.BEST_PRACTICES)}[${other('bp', W.BEST_PRACTICES.length)}]) else '[]'::jsonb end,
    case when ${analysed} then jsonb_build_array(${arr(W.ACTIONS)}[${skewed(W.ACTIONS.length)}]) else '[]'::jsonb end,
    case when status = 'rejected' then ${arr(W.REJECTION_REASONS)}[${skewed(W.REJECTION_REASONS.length)}] end,
    -- Duplicate detection (migration 0011): a distinct upload hash and 64 random bits of dHash each.
    md5(i::text) || md5(random()::text), ('x' || substr(md5(random()::text), 1, 16))::bit(64)::bigint,
    ${shapeSql('video', 'rh')}, ${lengthSql('video', 'rd')},
    created_at, created_at
  from (
    select *, ${other('ob', nO)} as ob2, ${other('ty', nT)} as ty2, ${other('se', nS)} as se2, ${other('pl', nPl)} as pl2,
           case when rare then 'approved' when rs < 0.90 then 'approved' when rs < 0.93 then 'pending' else 'rejected' end as status,
           rv < 0.20 as video
    from (
      select i,
        -- i grows with time, so the heap is in creation order like a real table; denser recently.
        now() - interval '${YEARS_DAYS} days' * power(1 - i::float8 / ${N + 1}, 1.6) - random() * interval '10 minutes' as created_at,
        i % ${rareEvery} = ${7 % rareEvery} as rare,
        ${skewed(nP, 2)} as pr, ${skewed(nQ, 1.3)} as qu, ${skewed(nA)} as au,
        ${skewed(W.BRAND_ROOTS.length, 1.5)} as br, ${skewed(W.BRAND_SUFFIXES.length)} as bs,
        ${skewed(nO, 1.5)} as ob, ${skewed(nT, 2)} as ty, ${skewed(nS, 1.7)} as se, ${skewed(nPl, 2)} as pl,
        ${skewed(W.BEST_PRACTICES.length)} as bp,
        case when random() < 0.25 then 1 + floor(random() * ${counts.staff})::int
             else ${counts.staff + 1} + floor(random() * ${counts.agencies})::int end as sk,
        random() as rs, random() as rv, random() as rf, random() as r2, random() as r3, 1 - random() as rl,
        random() as rc, random() as rj, random() as rt, random() as ra, random() as rh, random() as rd
      from generate_series(${from}, ${to}) i
    ) a
  ) b
  join bench_submitters sub on sub.k = b.sk
  ) v(${columns})
  cross join lateral (select creative_search_vector(v.name, v.advertiser, v.formats || v.objectives || v.types || v.sectors || v.platforms) as doc,
                             creative_facet_bits(v.formats, v.objectives, v.types, v.sectors, v.platforms, v.is_junto_angel, v.tested_and_approved,
                                                 v.shape, v.length_class) as bits) s`;
}

/** Exactly one featured creative (the unique partial index allows no more): a recent analysed one. */
export function featuredSql(): string {
  return `update creatives set is_featured = true, featured_at = now() - interval '1 day', analyzed_by = 'Julien', rating = 4
           where id = (select id from creatives where status = 'approved' and attention <> '' order by created_at desc limit 1)`;
}

/**
 * One like per (creative, user): a window of consecutive user indexes from a hashed start, hence
 * distinct. Like dates fall between the creative's creation and now, skewed to soon after it.
 */
export function likesSql(p: ScaleParams): string {
  return `insert into creative_likes (creative_id, user_id, created_at)
          select c.id, u.id, c.created_at + (now() - c.created_at) * power(random(), 3)
            from creatives c cross join lateral generate_series(1, c.likes) k
            join bench_users u on u.idx = (${hashOf('c.id')} + k) % ${p.users}
           where c.likes > 0`;
}

export function commentsSql(p: ScaleParams): string {
  return `insert into comments (id, creative_id, user_id, user_first_name, user_last_name, text, likes, created_at)
          select gen_random_uuid()::text, c.id, u.id, u.first_name, u.last_name,
                 ${arr(W.COMMENTS)}[${skewed(W.COMMENTS.length)}],
                 case when random() < 0.7 then 0 else 1 + floor(random() * 5)::int end,
                 c.created_at + (now() - c.created_at) * random()
            from creatives c cross join lateral generate_series(1, c.comment_count) k
            join bench_users u on u.idx = (${hashOf('c.id')} + 7919 * k) % ${p.users}
           where c.comment_count > 0`;
}

export function commentLikesSql(p: ScaleParams): string {
  return `insert into comment_likes (comment_id, user_id, created_at)
          select cm.id, u.id, cm.created_at + (now() - cm.created_at) * random()
            from comments cm cross join lateral generate_series(1, cm.likes) k
            join bench_users u on u.idx = (${hashOf('cm.id')} + k) % ${p.users}
           where cm.likes > 0`;
}

const FOLDER_NAMES = [
  'Inspiration',
  'Concurrents',
  'Idées rentrée',
  'À montrer au client',
  'Meilleurs hooks',
  'UGC à tester',
  'Noël',
  'Benchmark beauté',
];

/** Folders for every 10th user and the known accounts (3 each), 0–20 approved creatives inside. */
export function foldersSql(p: ScaleParams): string[] {
  return [
    `create table bench_approved as select (row_number() over ())::int - 1 as k, id from creatives where status = 'approved'`,
    `alter table bench_approved add primary key (k)`,
    `insert into folders (id, user_id, name, created_at)
     select gen_random_uuid()::text, u.id, ${arr(FOLDER_NAMES)}[1 + (k - 1) % ${FOLDER_NAMES.length}],
            now() - random() * interval '700 days'
       from bench_users u
       cross join lateral generate_series(1, case when u.idx < ${p.known.length} then 3 else 1 + floor(random() * 3)::int end) k
      where u.idx < ${p.known.length} or u.idx % 10 = 3`,
    `insert into folder_creatives (folder_id, creative_id, added_at)
     select f.id, a.id, f.created_at + (now() - f.created_at) * random()
       from folders f
       -- The count depends on the folder (a hash), so the lateral call runs once per folder.
       cross join lateral generate_series(1, (${hashOf('f.id')} % 21)::int) n
       join bench_approved a on a.k = (${hashOf('f.id')} + 37 * n) % (select count(*) from bench_approved)`,
  ];
}

export const SCRATCH_TABLES = ['bench_users', 'bench_submitters', 'bench_approved'] as const;
