import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationEmailPrefs } from '@domain/notifications';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const notificationPrefsKey = ['account', 'notification-prefs'] as const;

export function notificationPrefsQueryOptions(gateway: Gateway) {
  return queryOptions({ queryKey: notificationPrefsKey, queryFn: () => gateway.notifications.emailPrefs() });
}

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQueryOptions(useGateway()));
}

/** Saves one or more choices; the answer (every choice) replaces the cached ones. */
export function useSetNotificationPrefs() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<NotificationEmailPrefs>) => gateway.notifications.setEmailPrefs(changes),
    onSuccess: (prefs) => queryClient.setQueryData(notificationPrefsKey, prefs),
  });
}
