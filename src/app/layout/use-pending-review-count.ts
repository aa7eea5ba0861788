import { useEffect, useState } from 'react';
import { useGateway } from '@/gateway/context';
import { useSession } from '@/lib/session';

/** Live number of pending creatives, listened to only for users who may validate (spec §6); 0 for others. */
export function usePendingReviewCount(): number {
  const gateway = useGateway();
  const { user, can } = useSession();
  const allowed = can('creative:review');
  const userId = user?.id;
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!allowed || !userId) return;
    return gateway.review.watchPendingCount(setCount);
  }, [gateway, allowed, userId]);
  return allowed ? count : 0;
}
