import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@domain/notifications';
import { useGateway } from '@/gateway/context';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { notificationsListKey } from './get-notifications';

/** 'Tout marquer comme lu': every loaded one shown read at once. */
export function useMarkAllNotificationsRead() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => gateway.notifications.markAllRead(),
    onMutate: () =>
      queryClient.setQueryData<PagedData<AppNotification>>(notificationsListKey, (data) =>
        mapLoaded(data, (items) => items.map((n) => ({ ...n, read: true }))),
      ),
  });
}
