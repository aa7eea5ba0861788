import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { canViewCreative } from '@domain/creative-access';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { SIMILAR_LIMIT, SIMILARITY_WEIGHTS } from '@domain/suggestions';
import type { Creative, User } from '@domain/types';
import { CATEGORY_KEYS, type CategoryKey } from '@domain/vocabulary';
import type { Catalogue } from '@server/catalogue/catalogue';
import { approvedTagsOf, similarPicks } from '@server/catalogue/catalogue-views';
import type { Db } from '@server/db/client';
import { creatives } from '@server/db/schema';
import { rowsById, selectCreatives, toCreative } from './creative-row';

const COLUMNS: Record<CategoryKey, AnyPgColumn> = {
  format: creatives.formats,
  objective: creatives.objectives,
  type: creatives.types,
  sector: creatives.sectors,
  platform: creatives.platforms,
};

/**
 * Candidates scored per pool: the newest approved creatives sharing a sector AND a type (the heavy
 * weights), and the newest sharing any tag value. Exact below this many matches per pool (every
 * candidate is scored); at 1M creatives an older creative with a higher score than all 100 newest of
 * its pool can be missed — documented in docs/decisions/012-suggestions-and-similar.md.
 */
const POOL_SIZE = 100;

const overlaps = (key: CategoryKey, values: string[]) => sql`${COLUMNS[key]} && ${sql.param(values)}::text[]`;

/**
 * The score of a row: for each tag value of the creative, its weight when the row carries it too
 * (`@>` of one value per term: no sub-query, a few array tests per row).
 */
function scoreOf(tags: Record<CategoryKey, string[]>): SQL<number> {
  const terms = CATEGORY_KEYS.flatMap((k) =>
    tags[k].map((v) => sql`${sql.raw(String(SIMILARITY_WEIGHTS[k]))} * (${COLUMNS[k]} @> array[${v}]::text[])::int`),
  );
  return sql<number>`(${sql.join(terms, sql` + `)})`;
}

/** The creative whose similar ones are asked for: its tag values, and what says who may open it. */
export interface SimilarSource extends Record<CategoryKey, string[]> {
  id: string;
  status: string;
  submittedBy: string | null;
}

/**
 * Creative `id` as the source of similar creatives; 404 when there is none. An approved creative
 * the catalogue engine holds is read from it (its tag values from its filter bits), without a query.
 */
export async function readSimilarSource(db: Db, id: string, catalogue: Catalogue | null = null): Promise<SimilarSource> {
  if (catalogue) {
    const tags = approvedTagsOf(await catalogue.fresh(), id);
    if (tags) return { id, status: 'approved', submittedBy: null, ...tags };
  }
  const [me] = await db
    .select({
      status: creatives.status,
      submittedBy: creatives.submittedBy,
      format: creatives.formats,
      objective: creatives.objectives,
      type: creatives.types,
      sector: creatives.sectors,
      platform: creatives.platforms,
    })
    .from(creatives)
    .where(eq(creatives.id, id))
    .limit(1);
  if (!me) throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  return { id, ...me };
}

/** Who may open the creative may ask for its similar creatives; others get the detail page's 404. */
export function checkMayOpen(source: SimilarSource, viewer: User | null): void {
  if (!canViewCreative(source, viewer)) throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
}

/**
 * 'Créatives similaires': up to 6 approved creatives sharing the most tag values with `me`, scored
 * 3·sectors + 3·types + formats + objectives + platforms shared, newest first on a tie; never the
 * creative itself. With the catalogue engine, the same pools are read from memory and only the
 * chosen rows from the database. Every `likedByMe` is false: the viewer's own likes are added by the caller.
 */
export async function similarTo(
  db: Db,
  me: SimilarSource,
  view: { withAnalysis: boolean },
  catalogue: Catalogue | null = null,
): Promise<Creative[]> {
  if (catalogue) {
    const ids = similarPicks(await catalogue.fresh(), me, POOL_SIZE, SIMILAR_LIMIT);
    if (ids.length === 0) return [];
    const rows = await rowsById(db, null, ids);
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toCreative(row, view)] : [];
    });
  }
  const keys = CATEGORY_KEYS.filter((k) => me[k].length > 0);
  if (keys.length === 0) return [];
  const score = scoreOf(me);
  const pool = (condition: SQL | undefined) =>
    sql`(select ${creatives.id} as id, ${creatives.createdAt} as created_at, ${score} as score from ${creatives}
          where ${creatives.status} = 'approved' and ${creatives.id} <> ${me.id} and ${condition}
          order by ${creatives.createdAt} desc, ${creatives.id} desc limit ${POOL_SIZE})`;
  const heavy = keys.filter((k) => k === 'sector' || k === 'type');
  const anyShared = pool(or(...keys.map((k) => overlaps(k, me[k]))));
  const pools = heavy.length > 0 ? sql`${pool(and(...heavy.map((k) => overlaps(k, me[k]))))} union ${anyShared}` : anyShared;
  const best = sql`(select p.id from (${pools}) p order by p.score desc, p.created_at desc, p.id desc limit ${SIMILAR_LIMIT})`;

  const rows = await selectCreatives(db, null)
    .where(inArray(creatives.id, best))
    .orderBy(desc(score), desc(creatives.createdAt), desc(creatives.id));
  return rows.map((r) => toCreative(r, view));
}
