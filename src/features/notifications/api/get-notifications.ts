import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

/** Every notification query lives under this key: a live count change refreshes them all. */
export const NOTIFICATIONS_KEY = 'notifications';
export const notificationsListKey = [NOTIFICATIONS_KEY, 'list'] as const;

/** The user's notifications page by page, newest first. */
export function notificationsQueryOptions(gateway: Gateway) {
  return infiniteQueryOptions({
    queryKey: notificationsListKey,
    queryFn: ({ pageParam }) => gateway.notifications.list({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Loaded while the panel is open (`enabled`). */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(useGateway()), enabled });
}
