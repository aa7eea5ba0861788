import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../notifications';

/** The account page's e-mail choices: any of the types, each on or off (the others keep theirs). */
export const notificationPrefsInput = z.object({
  email: z
    .object(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean().optional()])) as Record<
        NotificationType,
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .strict(),
});
export type NotificationPrefsInput = z.output<typeof notificationPrefsInput>;
