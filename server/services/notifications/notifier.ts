import { emailPrefsOf, notificationPath, notificationText, type AppNotification } from '@domain/notifications';
import { isRole } from '@domain/roles';
import type { Db } from '@server/db/client';
import { logger } from '@server/log';
import { composeMail } from '@server/mail/compose';
import type { Mailer, MailMessage } from '@server/mail/mailer';
import type { Delivery } from './notify';
import type { NotificationEvents } from './notification-events';
import { mailProfiles, notificationsById } from './notifications.service';

/**
 * What follows a trigger once its transaction has committed: the recipients' live counts, and the
 * e-mails of those who chose them for that type. The mails are made and sent off the request path:
 * the action never waits for them, and a failure is logged, never the action's.
 */
export class Notifier {
  private readonly mailing = new Set<Promise<void>>();

  constructor(private readonly options: { db: Db; events: NotificationEvents; mailer: Mailer; publicUrl: string }) {}

  async deliver(deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const written = deliveries.flatMap((d) => (d.id ? [d.id] : []));
    if (written.length > 0) {
      const task = this.mail(written).catch((err: unknown) => logger.error({ err }, 'notifications : e-mail non envoyé'));
      this.mailing.add(task);
      void task.finally(() => this.mailing.delete(task));
    }
    try {
      await this.options.events.publish(deliveries.map((d) => d.userId));
    } catch (err) {
      logger.warn({ err }, 'notifications : compte en direct non diffusé');
    }
  }

  /** Resolves once the e-mails of every delivery so far are sent or have failed (tests, graceful stop). */
  async idle(): Promise<void> {
    while (this.mailing.size > 0) await Promise.all([...this.mailing]);
  }

  private async mail(ids: string[]): Promise<void> {
    const items = await notificationsById(this.options.db, ids);
    const profiles = new Map((await mailProfiles(this.options.db, [...new Set(items.map((n) => n.userId))])).map((p) => [p.id, p]));
    for (const n of items) {
      const profile = profiles.get(n.userId);
      if (!profile || !emailPrefsOf(isRole(profile.role) ? profile.role : 'user', profile.prefs)[n.type]) continue;
      try {
        await this.options.mailer.send(this.message(profile.email, n));
      } catch (err) {
        logger.error({ err, type: n.type }, 'notifications : e-mail non envoyé');
      }
    }
  }

  private message(to: string, n: AppNotification): MailMessage {
    const base = this.options.publicUrl.replace(/\/$/, '');
    return composeMail(to, {
      subject: notificationText(n),
      paragraphs: [`${notificationText(n)}.`],
      action: {
        label: n.type === 'pending_creative' ? 'Ouvrir la file de validation' : 'Voir la créative',
        url: `${base}${notificationPath(n)}`,
      },
      footer: `Vous recevez cet e-mail car vous l’avez choisi dans votre compte. Pour ne plus le recevoir : ${base}/account`,
    });
  }
}
