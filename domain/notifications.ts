import type { Role } from './roles';
import type { MyDataNotification } from './my-data';

/**
 * The notification centre (issue 19): what happened, to whom, and how it reads. Both backends
 * write the same kinds for the same actions; the bell and the e-mails word them with these functions.
 */
export const NOTIFICATION_TYPES = [
  'creative_approved',
  'creative_rejected',
  'creative_featured',
  'comment',
  'comment_like',
  'pending_creative',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Newest first, this many per page of the panel and of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationActor {
  firstName: string;
  lastName: string;
}

export interface AppNotification {
  id: string;
  type: NotificationType;
  creativeId: string;
  /** The creative's current name. */
  creativeName: string;
  commentId: string | null;
  /** The latest actor (who commented, liked or submitted), null when they no longer exist or there is none. */
  actor: NotificationActor | null;
  /** How many people acted (grouped likes of one comment); 0 or 1 otherwise. */
  actorCount: number;
  /** The rejection reason (creative_rejected). */
  reason: string | null;
  createdAt: string;
  read: boolean;
}

/** Per-type e-mail choice of one user; a type missing from the stored choices takes its default. */
export type NotificationEmailPrefs = Record<NotificationType, boolean>;

/** The kinds a role can receive, in the order of the account page. */
export function notificationTypesFor(role: Role): NotificationType[] {
  const author: NotificationType[] = ['comment', 'comment_like'];
  if (role === 'agency') return ['creative_approved', 'creative_rejected', 'creative_featured', ...author];
  if (role === 'specialist' || role === 'admin') return ['pending_creative', 'creative_featured', ...author];
  return ['comment_like'];
}

/** Off by default, except the decisions on an agency's own creatives. */
export function defaultEmailPrefs(role: Role): NotificationEmailPrefs {
  const agency = role === 'agency';
  return {
    creative_approved: agency,
    creative_rejected: agency,
    creative_featured: false,
    comment: false,
    comment_like: false,
    pending_creative: false,
  };
}

/** The stored choices over the role's defaults (anything unknown in `stored` is ignored). */
export function emailPrefsOf(role: Role, stored: Partial<Record<string, unknown>> | null | undefined): NotificationEmailPrefs {
  const prefs = defaultEmailPrefs(role);
  for (const type of NOTIFICATION_TYPES) {
    const value = stored?.[type];
    if (typeof value === 'boolean') prefs[type] = value;
  }
  return prefs;
}

/** The label of a type's checkbox on the account page. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  creative_approved: 'Ma créative est approuvée',
  creative_rejected: 'Ma créative est refusée',
  creative_featured: 'Ma créative est mise en avant',
  comment: 'Un commentaire sur ma créative',
  comment_like: "Quelqu'un aime mon commentaire",
  pending_creative: 'Une nouvelle créative attend une validation',
};

const nameOf = (actor: NotificationActor | null) => (actor ? `${actor.firstName} ${actor.lastName}`.trim() || 'Quelqu’un' : 'Quelqu’un');

/** What a like notification says: 'Marie Dupont a aimé…', 'Marie Dupont et 3 autres ont aimé…'. */
function likedBy(n: Pick<AppNotification, 'actor' | 'actorCount'>): string {
  const others = n.actorCount - 1;
  if (others <= 0) return `${nameOf(n.actor)} a aimé votre commentaire`;
  return `${nameOf(n.actor)} et ${others} ${others === 1 ? 'autre' : 'autres'} ont aimé votre commentaire`;
}

/** The sentence of a notification, in the bell's panel and as an e-mail's subject. */
export function notificationText(n: Pick<AppNotification, 'type' | 'creativeName' | 'actor' | 'actorCount' | 'reason'>): string {
  const creative = `« ${n.creativeName} »`;
  switch (n.type) {
    case 'creative_approved':
      return `Votre créative ${creative} a été approuvée`;
    case 'creative_rejected':
      return n.reason ? `Votre créative ${creative} a été refusée : ${n.reason}` : `Votre créative ${creative} a été refusée`;
    case 'creative_featured':
      return `Votre créative ${creative} est mise en avant`;
    case 'comment':
      return `${nameOf(n.actor)} a commenté votre créative ${creative}`;
    case 'comment_like':
      return likedBy(n);
    case 'pending_creative':
      return `Nouvelle créative à valider : ${creative}${n.actor ? ` (${nameOf(n.actor)})` : ''}`;
  }
}

/** Where a notification leads: the creative, or the validation queue for a pending one (a path of the web app). */
export function notificationPath(n: Pick<AppNotification, 'type' | 'creativeId'>): string {
  return n.type === 'pending_creative' ? '/admin/creatives' : `/creatives/${encodeURIComponent(n.creativeId)}`;
}

/** 'il y a 5 min' — how long ago, short, French. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return "à l'instant";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `il y a ${days} j`;
  const months = Math.floor(days / 30);
  if (months < 12) return `il y a ${months} mois`;
  const years = Math.floor(days / 365);
  return `il y a ${years} ${years === 1 ? 'an' : 'ans'}`;
}

/** A notification as the export writes it (both backends). */
export function myDataNotification(n: AppNotification): MyDataNotification {
  return {
    id: n.id,
    type: n.type,
    text: notificationText(n),
    creativeId: n.creativeId,
    commentId: n.commentId,
    reason: n.reason,
    createdAt: n.createdAt,
    read: n.read,
  };
}
