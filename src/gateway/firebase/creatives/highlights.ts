import { collection, getDocs, limit, orderBy, query, Timestamp, where } from 'firebase/firestore';
import { creativeOfMonthRule, pickCreativeOfMonth } from '@domain/creative-of-month';
import type { Creative, Highlights } from '@domain/types';
import { dataOf, guard, uidOf, type FirebaseContext } from '../context';
import { byTimestamp, newestFirstReader } from '../keyset';
import { toCreative } from '../mappers';
import type { ScanPosition } from '../paging';

/** Documents read per query while looking for the creative of the month. */
const MONTH_BATCH = 300;

/** Every approved creative of this month is a candidate: read them all, batch after batch. */
async function creativeOfMonth(ctx: FirebaseContext, uid: string | null): Promise<Creative | null> {
  const { start, end } = creativeOfMonthRule.window(new Date());
  const monthReader = newestFirstReader(
    ctx,
    'creatives',
    [
      where('status', '==', 'approved'),
      where('createdAt', '>=', Timestamp.fromDate(start)),
      where('createdAt', '<', Timestamp.fromDate(end)),
    ],
    byTimestamp('createdAt'),
  );
  let best: Creative | null = null;
  let after: ScanPosition | null = null;
  for (;;) {
    const batch = await monthReader(after, MONTH_BATCH);
    best = pickCreativeOfMonth([...(best ? [best] : []), ...batch.items.map((c) => toCreative(c.value.id, c.value.data, { uid }))]);
    if (batch.exhausted || batch.items.length === 0) return best;
    after = batch.items[batch.items.length - 1]!.position;
  }
}

/** The home's creative of the month and featured creative (spec §2). */
export async function highlights(ctx: FirebaseContext): Promise<Highlights> {
  const uid = await uidOf(ctx);
  const featuredQuery = query(
    collection(ctx.db, 'creatives'),
    where('status', '==', 'approved'),
    where('isFeatured', '==', true),
    orderBy('featuredAt', 'desc'),
    limit(1),
  );
  const [month, featured] = await guard(ctx, () => Promise.all([creativeOfMonth(ctx, uid), getDocs(featuredQuery)]));
  const top = featured.docs[0];
  return { creativeOfMonth: month, featured: top ? toCreative(top.id, dataOf(top), { uid }) : null };
}
