import { collection, doc, getCountFromServer, getDoc, getDocs, query, Timestamp, where, type QueryConstraint } from 'firebase/firestore';
import { hasAnalysis } from '@domain/analysis-preview';
import { breakdown, percent, periodWindow, topContributors } from '@domain/analytics';
import { TOP_CONTRIBUTORS } from '@domain/limits';
import { analyticsQuery } from '@domain/schemas/analytics';
import type { Analytics } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS, splitCategory } from '@domain/vocabulary';
import type { Gateway } from '../types';
import { dataOf, guard, requireViewer, type FirebaseContext } from './context';
import { validate } from './errors';
import { toAnalysis } from './mappers';

/**
 * Analytics (spec §7): the users and creatives created within the period's createdAt range (all
 * time: no range), computed with the domain functions. `likes` is the sum of the likes of those
 * creatives: Firestore keeps no date per like (docs/decisions/005).
 */
export function firebaseAnalytics(ctx: FirebaseContext): Gateway['analytics'] {
  return {
    async get(input) {
      await requireViewer(ctx, 'analytics:read');
      const { period } = validate(analyticsQuery, input);
      const window = periodWindow(period);
      const createdIn = (toValue: (d: Date) => unknown): QueryConstraint[] =>
        window ? [where('createdAt', '>=', toValue(window.start)), where('createdAt', '<', toValue(window.end))] : [];

      const [creativesSnap, usersSnap, commentsCount] = await guard(ctx, () =>
        Promise.all([
          getDocs(query(collection(ctx.db, 'creatives'), ...createdIn((d) => Timestamp.fromDate(d)))),
          // users.createdAt is an ISO string (spec §3): ISO strings in UTC sort like the instants.
          getDocs(query(collection(ctx.db, 'users'), ...createdIn((d) => d.toISOString()))),
          getCountFromServer(query(collection(ctx.db, 'comments'), ...createdIn((d) => Timestamp.fromDate(d)))),
        ]),
      );

      const creatives = creativesSnap.docs.map((d) => dataOf(d));
      const total = creatives.length;
      const status = (s: string) => creatives.filter((c) => c.status === s).length;
      const likes = creatives.reduce((sum, c) => sum + (typeof c.likes === 'number' ? c.likes : 0), 0);
      const analysed = creatives.filter((c) => hasAnalysis(toAnalysis(c))).length;

      const perContributor = new Map<string | null, number>();
      for (const c of creatives) {
        const by = typeof c.submittedBy === 'string' && c.submittedBy ? c.submittedBy : null;
        perContributor.set(by, (perContributor.get(by) ?? 0) + 1);
      }
      const top = [...perContributor].sort((a, b) => b[1] - a[1]).slice(0, TOP_CONTRIBUTORS);
      const rows = await Promise.all(
        top.map(async ([userId, count]) => {
          if (!userId) return { userId: null, firstName: null, lastName: null, count };
          const snap = await getDoc(doc(ctx.db, 'users', userId)).catch(() => null);
          const data = snap?.exists() ? snap.data() : null;
          return {
            userId,
            firstName: data && typeof data.firstName === 'string' ? data.firstName : null,
            lastName: data && typeof data.lastName === 'string' ? data.lastName : null,
            count,
          };
        }),
      );

      const breakdowns = {} as Analytics['breakdowns'];
      for (const key of CATEGORY_KEYS) {
        const counts = new Map<string, number>();
        for (const c of creatives) {
          for (const value of new Set(splitCategory(typeof c[key] === 'string' ? c[key] : ''))) {
            counts.set(value, (counts.get(value) ?? 0) + 1);
          }
        }
        breakdowns[key] = breakdown(CATEGORY_LISTS[key], counts, total);
      }

      return {
        period,
        totals: {
          creatives: total,
          approved: status('approved'),
          pending: status('pending'),
          rejected: status('rejected'),
          users: usersSnap.size,
          likes,
          comments: commentsCount.data().count,
        },
        analysedPercent: percent(analysed, total),
        topContributors: topContributors(rows),
        breakdowns,
      };
    },
  };
}
