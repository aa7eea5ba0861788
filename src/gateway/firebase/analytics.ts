import { collection, collectionGroup, doc, query, Timestamp, where, type Query, type QueryConstraint } from 'firebase/firestore';
import { breakdown, percent, periodWindow, topContributors } from '@domain/analytics';
import { TOP_CONTRIBUTORS } from '@domain/limits';
import { analyticsQuery } from '@domain/schemas/analytics';
import type { Analytics } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import type { Gateway } from '../types';
import { dataOf, guard, requireViewer, type FirebaseContext } from './context';
import { validate } from './errors';
import { facetKey } from './index-keys';
import { LIKES } from './likes';
import { countQuery, readDocument, readQuery } from './reads';

/**
 * Analytics (spec §9) with aggregation queries only, so that a view costs the same whatever the
 * size of the library (docs/decisions/005): one count per card, per status, per value of every
 * breakdown (`facets array-contains 'key:value'`) and per contributor of the registry
 * (`contributors/{uid}`), all over the period's `createdAt` range, run in parallel. `likes` are the
 * likes given in the period (`users/{uid}/likes`, a collection group over `likedAt`), as in the
 * self-hosted mode. The shares, the order and the names follow the domain functions.
 */
export function firebaseAnalytics(ctx: FirebaseContext): Gateway['analytics'] {
  const creatives = () => collection(ctx.db, 'creatives');
  const count = (q: Query, ...constraints: QueryConstraint[]) => countQuery(ctx.reads, query(q, ...constraints));

  return {
    async get(input) {
      await requireViewer(ctx, 'analytics:read');
      const { period } = validate(analyticsQuery, input);
      const window = periodWindow(period);
      const within = (field: string, toValue: (d: Date) => unknown): QueryConstraint[] =>
        window ? [where(field, '>=', toValue(window.start)), where(field, '<', toValue(window.end))] : [];
      const asTimestamp = (d: Date) => Timestamp.fromDate(d);
      const createdIn = within('createdAt', asTimestamp);
      const creativesWhere = (...constraints: QueryConstraint[]) => count(creatives(), ...constraints, ...createdIn);

      const breakdownCounts = () =>
        Promise.all(
          CATEGORY_KEYS.map(async (key) => {
            const values = CATEGORY_LISTS[key];
            const counts = await Promise.all(
              values.map((value) => creativesWhere(where('facets', 'array-contains', facetKey(key, value)))),
            );
            return [key, new Map(values.map((value, i) => [value as string, counts[i] ?? 0]))] as const;
          }),
        );

      // Everyone who ever submitted (the registry grows with the submitters, not the creatives),
      // one count each; those with none in the period are no contributors of it.
      const contributorCounts = async () => {
        const registry = await readQuery(ctx.reads, query(collection(ctx.db, 'contributors')));
        const counts = await Promise.all(registry.docs.map((d) => creativesWhere(where('submittedBy', '==', d.id))));
        return registry.docs.map((d, i) => ({ userId: d.id, count: counts[i] ?? 0 })).filter((c) => c.count > 0);
      };

      const [total, approved, pending, rejected, users, likes, comments, analysed, byCategory, contributors] = await guard(ctx, () =>
        Promise.all([
          creativesWhere(),
          creativesWhere(where('status', '==', 'approved')),
          creativesWhere(where('status', '==', 'pending')),
          creativesWhere(where('status', '==', 'rejected')),
          // users.createdAt is an ISO string (spec §3): ISO strings in UTC sort like the instants.
          count(collection(ctx.db, 'users'), ...within('createdAt', (d) => d.toISOString())),
          count(collectionGroup(ctx.db, LIKES), ...within('likedAt', asTimestamp)),
          count(collection(ctx.db, 'comments'), ...createdIn),
          creativesWhere(where('hasAnalysis', '==', true)),
          breakdownCounts(),
          contributorCounts(),
        ]),
      );

      // What no registered contributor accounts for: creatives without a submitter (or whose
      // submitter was deleted), shown as 'Unknown User' like in the self-hosted mode.
      const unknown = total - contributors.reduce((sum, c) => sum + c.count, 0);
      const ranked = [...(unknown > 0 ? [{ userId: null, count: unknown }] : []), ...contributors]
        .sort((a, b) => b.count - a.count)
        .slice(0, TOP_CONTRIBUTORS);
      const rows = await Promise.all(ranked.map((row) => (row.userId ? withName(ctx, row.userId, row.count) : unknownRow(row.count))));

      const breakdowns = {} as Analytics['breakdowns'];
      for (const [key, counts] of byCategory) breakdowns[key] = breakdown(CATEGORY_LISTS[key], counts, total);

      return {
        period,
        totals: { creatives: total, approved, pending, rejected, users, likes, comments },
        analysedPercent: percent(analysed, total),
        topContributors: topContributors(rows),
        breakdowns,
      };
    },
  };
}

const unknownRow = (count: number) => ({ userId: null, firstName: null, lastName: null, count });

/** A contributor with the names of their profile ('Unknown User' when it is gone). */
async function withName(ctx: FirebaseContext, userId: string, count: number) {
  const snap = await readDocument(ctx.reads, doc(ctx.db, 'users', userId)).catch(() => null);
  const data = snap?.exists() ? dataOf(snap) : null;
  return {
    userId,
    firstName: data && typeof data.firstName === 'string' ? data.firstName : null,
    lastName: data && typeof data.lastName === 'string' ? data.lastName : null,
    count,
  };
}
