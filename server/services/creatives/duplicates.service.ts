import { inArray, sql, type SQL } from 'drizzle-orm';
import { canViewCreative } from '@domain/creative-access';
import { DUPLICATE_MAX_DISTANCE, hashBands } from '@domain/perceptual-hash';
import { can } from '@domain/permissions';
import type { DuplicateCheck, User } from '@domain/types';
import type { Db } from '@server/db/client';
import { bandExpressions, creatives } from '@server/db/schema';
import { rowsOf } from '@server/db/sql-rows';
import type { Deps } from '@server/http/context';
import { perceptualHash, type Fingerprint } from '@server/media/fingerprint';
import type { UploadedFile } from '@server/media/upload';
import { extractPoster } from '@server/media/video';
import { selectCreatives, toCreative } from './creative-row';

export interface Candidate {
  id: string;
  status: string;
  submittedBy: string | null;
  exact: boolean;
  distance: number;
}

/** Candidates examined per lookup: the best few are shown, the rest only make the order stable. */
const LOOKUP_LIMIT = 20;
/** Matches shown to the agency before sending. */
const SHOWN_MATCHES = 3;

/** Bits in which the stored hash differs from `phash` (PostgreSQL 14+ `bit_count`, PGlite alike). */
const distanceTo = (phash: bigint) => sql`bit_count((${creatives.phash} # ${phash.toString()}::bigint)::bit(64))`;

/**
 * The lookup of creatives that `fp` duplicates, best first: same bytes (btree on media_sha256), then
 * pictures within DUPLICATE_MAX_DISTANCE bits, oldest first among equals (the original). Near ones come
 * from one index-only scan per dHash band (the band indexes carry `phash` and `id`: the distance is
 * checked inside the index, ~500–1,000 entries a band at 1M, no table row read), and only the few
 * matches are then read by primary key. Never a scan of the table (tests/duplicates.test.ts reads the
 * plan; docs/decisions/014-duplicate-detection.md).
 */
export function duplicateLookup(fp: Fingerprint): SQL {
  const near = fp.phash;
  const bands = near === null ? [] : hashBands(near);
  const nearPart =
    near === null
      ? sql``
      : sql`union all
          select ${creatives.id}, ${creatives.status}, ${creatives.submittedBy}, ${creatives.createdAt}, false, n.distance
            from (${sql.join(
              bandExpressions(creatives.phash).map(
                (band, i) =>
                  sql`select ${creatives.id} as id, ${distanceTo(near)}::int as distance from ${creatives}
                       where ${creatives.phash} is not null and ${band} = ${bands[i]!}::bigint
                         and ${distanceTo(near)} <= ${DUPLICATE_MAX_DISTANCE}`,
              ),
              sql` union `,
            )}) n
            join ${creatives} on ${creatives.id} = n.id`;
  return sql`select id, status, submitted_by, exact, distance from (
          select ${creatives.id} as id, ${creatives.status} as status, ${creatives.submittedBy} as submitted_by,
                 ${creatives.createdAt} as created_at, true as exact, 0 as distance
            from ${creatives} where ${creatives.mediaSha256} = ${fp.sha256}
          ${nearPart}
        ) m order by exact desc, distance, created_at, id limit ${LOOKUP_LIMIT}`;
}

/** The creatives `fp` duplicates (duplicateLookup), each once. */
export async function findDuplicates(db: Db, fp: Fingerprint): Promise<Candidate[]> {
  const rows = await rowsOf<{ id: string; status: string; submitted_by: string | null; exact: boolean; distance: number }>(
    db,
    duplicateLookup(fp),
  );
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({ id: r.id, status: r.status, submittedBy: r.submitted_by, exact: r.exact, distance: Number(r.distance) }));
}

/**
 * The fingerprint of a file about to be sent: its SHA-256 (computed while it streamed in) and the
 * dHash of the image, or of the video's poster frame (no ffmpeg: exact duplicates only).
 */
export async function fingerprintOf(deps: Pick<Deps, 'media'>, file: UploadedFile): Promise<Fingerprint> {
  const picture = file.kind === 'image' ? file.tempPath : ((await extractPoster(deps.media.tools, file.tempPath))?.poster ?? null);
  return { sha256: file.sha256, phash: picture ? await perceptualHash(picture) : null };
}

/**
 * What the submit form shows before sending (issue 18): the matching creatives the viewer may open
 * (approved ones, their own submissions, everything for the staff), and only the fact that another
 * one matches when they may not open it — never its name, picture or advertiser.
 */
export async function checkDuplicates(deps: Pick<Deps, 'db' | 'media'>, viewer: User, file: UploadedFile): Promise<DuplicateCheck> {
  const candidates = await findDuplicates(deps.db, await fingerprintOf(deps, file));
  const visible = candidates.filter((c) => canViewCreative(c, viewer)).slice(0, SHOWN_MATCHES);
  const rows = visible.length
    ? await selectCreatives(deps.db, viewer.id).where(
        inArray(
          creatives.id,
          visible.map((c) => c.id),
        ),
      )
    : [];
  const withAnalysis = can(viewer.role, 'creative:read-analysis');
  return {
    matches: visible.flatMap((c) => {
      const row = rows.find((r) => r.creative.id === c.id);
      return row ? [{ exact: c.exact, creative: toCreative(row, { withAnalysis }) }] : [];
    }),
    hiddenMatch: candidates.some((c) => !canViewCreative(c, viewer)),
  };
}
