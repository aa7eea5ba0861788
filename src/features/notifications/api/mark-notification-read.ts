import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@domain/notifications';
import { useGateway } from '@/gateway/context';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { notificationsListKey } from './get-notifications';

/** Marks one read: shown read at once; the live count follows from the backend. */
export function useMarkNotificationRead() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.notifications.markRead(id),
    onMutate: (id) =>
      queryClient.setQueryData<PagedData<AppNotification>>(notificationsListKey, (data) =>
        mapLoaded(data, (items) => items.map((n) => (n.id === id ? { ...n, read: true } : n))),
      ),
  });
}
