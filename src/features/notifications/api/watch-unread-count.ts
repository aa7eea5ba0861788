import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGateway } from '@/gateway/context';
import { NOTIFICATIONS_KEY } from './get-notifications';

/**
 * The signed-in user's live unread count (server-sent events, or a Firestore listener); each change
 * also refreshes the loaded list, so an open panel shows what just arrived. 0 without a user.
 */
export function useUnreadCount(userId: string | null): number {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let first = true;
    return gateway.notifications.watchUnreadCount((next) => {
      setCount(next);
      if (!first) void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
      first = false;
    });
  }, [gateway, queryClient, userId]);
  return userId ? count : 0;
}
