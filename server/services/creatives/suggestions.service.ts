import { sql } from 'drizzle-orm';
import { isVocabularyValue, matchingTags, mixSuggestions, SUGGESTION_LIMIT, suggestionWords } from '@domain/suggestions';
import type { Suggestion } from '@domain/types';
import type { Catalogue } from '@server/catalogue/catalogue';
import { suggestedNames } from '@server/catalogue/catalogue-views';
import type { Db } from '@server/db/client';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';

/**
 * Suggestions while typing (issue 17, migration 0008): advertisers, tag values and names of APPROVED
 * creatives with a word starting with each typed word, accent- and case-insensitive; never the analysis.
 *  - advertisers and tags: suggestion_terms, ranked by how many approved creatives carry them;
 *  - names: the most liked first. The POPULAR_SCAN most-liked approved creatives are read in likes order
 *    (cheap text filter on search_text, then the exact word match), up to NAME_CANDIDATES matches (room
 *    for names given twice); only when they hold fewer than SUGGESTION_LIMIT is the word-prefix index
 *    creatives_name_words_idx asked for every match, ranked by likes — a prefix rarer than 8 in 2,000,
 *    so about 0.4 % of the approved creatives at most (unless it is rare among the most liked only).
 *    Either way the names are the best by likes.
 * With the catalogue engine (server/catalogue/), the names are its: every approved creative whose
 * name's words start with the typed ones, best liked first, from memory; only their labels are read.
 * Ranked and mixed by domain/suggestions.ts mixSuggestions (3 advertisers, 3 tags, names for the rest).
 */
const POPULAR_SCAN = 2000;
const NAME_CANDIDATES = 16;
const TERMS_PER_KIND = 8;

interface Row {
  kind: string;
  label: string;
  id: string | null;
  likes: number;
  rank: number;
}

/** `cro:* & mai:*`: the words hold [a-z0-9] only, so nothing typed reaches the tsquery syntax. */
const prefixQuery = (words: readonly string[]) => sql`to_tsquery('pg_catalog.simple', ${words.map((w) => `${w}:*`).join(' & ')})`;

/** A necessary condition on search_text (normalised name + advertiser), cheap to test row by row. */
const wordStartPatterns = (words: readonly string[]) => words.map((w) => `(^|[^a-z0-9])${w}`);

export async function suggest(db: Db, q: string, catalogue: Catalogue | null = null): Promise<Suggestion[]> {
  const words = suggestionWords(q);
  if (words.length === 0) return [];
  const query = prefixQuery(words);
  const tags = matchingTags(words);
  const terms = sql`(select kind, label, null as id, 0 as likes, n as rank from suggestion_terms
          where kind = 'advertiser' and words @@ ${query} order by n desc, label limit ${TERMS_PER_KIND})
        union all
        (select kind, label, null, 0, n from suggestion_terms
          where kind <> 'advertiser' and label = any(${sql.param(tags.map((t) => t.label))}::text[]))`;
  let rows: Row[];
  let names: Row[];
  if (catalogue) {
    // The engine picks the names (in memory, in likes order); their labels are read with the terms.
    const ids = suggestedNames(await catalogue.fresh(), words, NAME_CANDIDATES);
    rows = await rowsOf<Row>(
      db,
      sql`${terms} union all (select 'creative', name, id, likes, 0 from creatives
            where id = any(${sql.param(ids)}::text[]) and status = 'approved')`,
    );
    const byId = new Map(rows.filter((r) => r.kind === 'creative').map((r) => [r.id, r]));
    names = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = await rowsOf<Row>(
      db,
      sql`${terms}
        union all
        (select 'creative', c.name, c.id, c.likes, 0 from (
           select id, name, likes, created_at, search_text from creatives where status = 'approved'
            order by likes desc, created_at desc, id desc limit ${POPULAR_SCAN}) c
          where c.search_text ~ all(${sql.param(wordStartPatterns(words))}::text[]) and suggest_document(c.name) @@ ${query}
          order by c.likes desc, c.created_at desc, c.id desc limit ${NAME_CANDIDATES})`,
    );
    names = rows.filter((r) => r.kind === 'creative');
    if (names.length < SUGGESTION_LIMIT) names = await allMatchingNames(db, query);
  }
  const found = rows.filter((r) => r.kind !== 'creative').sort((a, b) => Number(b.rank) - Number(a.rank));
  return mixSuggestions({
    advertisers: found.filter((r) => r.kind === 'advertiser').map((r) => ({ kind: 'advertiser', label: r.label })),
    tags: found.flatMap((r) => (isVocabularyValue(r.kind, r.label) ? [{ kind: 'tag' as const, label: r.label, category: r.kind }] : [])),
    creatives: names.map((r) => ({ kind: 'creative', label: r.label, id: r.id ?? undefined })),
  });
}

/**
 * Every approved creative whose name matches, best liked first, through the word-prefix index. `likes + 0`
 * keeps PostgreSQL from walking the likes index instead (it cannot estimate a prefix's rarity, and that
 * walk reads every approved creative when few match); no parallel workers for so few rows (their start
 * costs more than the query).
 */
async function allMatchingNames(db: Db, query: ReturnType<typeof prefixQuery>): Promise<Row[]> {
  return db.transaction(async (tx: SqlRunner) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<Row>(
      tx,
      sql`select 'creative' as kind, name as label, id, likes, 0 as rank from creatives
           where status = 'approved' and suggest_document(name) @@ ${query}
           order by likes + 0 desc, created_at desc, id desc limit ${NAME_CANDIDATES}`,
    );
  });
}
