import { useId } from 'react';
import { MSG } from '@domain/messages';
import { NOTIFICATION_TYPE_LABELS, notificationTypesFor, type NotificationType } from '@domain/notifications';
import type { User } from '@domain/types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { useNotificationPrefs, useSetNotificationPrefs } from '../api/notification-prefs';

/** 'Notifications par e-mail': one checkbox per kind the role can receive, saved as it is ticked. */
export function NotificationPrefsCard({ user }: { user: User }) {
  const prefs = useNotificationPrefs();
  const save = useSetNotificationPrefs();
  const id = useId();
  const toggle = (type: NotificationType, on: boolean) =>
    save.mutate(
      { [type]: on },
      {
        onSuccess: () => toast.success(MSG.notificationPrefsSaved),
        onError: (error) => toast.error(retryLaterMessage(error) ?? MSG.notificationPrefsError),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications par e-mail</CardTitle>
        <CardDescription>
          Chaque notification arrive dans la cloche ; cochez celles que vous voulez aussi recevoir par e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.data ? (
          <fieldset className="flex flex-col gap-3" disabled={save.isPending}>
            <legend className="sr-only">Recevoir par e-mail</legend>
            {notificationTypesFor(user.role).map((type) => (
              <div key={type} className="flex items-center gap-3">
                <input
                  id={`${id}-${type}`}
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={prefs.data[type]}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
                <label htmlFor={`${id}-${type}`} className="text-sm text-slate-800">
                  {NOTIFICATION_TYPE_LABELS[type]}
                </label>
              </div>
            ))}
          </fieldset>
        ) : prefs.isError ? (
          <p className="text-sm text-red-700">{MSG.internal}</p>
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}
