import { describe, expect, it } from 'vitest';
import {
  defaultEmailPrefs,
  emailPrefsOf,
  notificationPath,
  notificationText,
  notificationTypesFor,
  timeAgo,
  type AppNotification,
} from './notifications';

const base: AppNotification = {
  id: 'n',
  type: 'creative_approved',
  creativeId: 'c 1',
  creativeName: 'Été 2026',
  commentId: null,
  actor: { firstName: 'Marie', lastName: 'Dupont' },
  actorCount: 1,
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  read: false,
};

describe('notificationText', () => {
  it('words each kind', () => {
    expect(notificationText(base)).toBe('Votre créative « Été 2026 » a été approuvée');
    expect(notificationText({ ...base, type: 'creative_rejected', reason: 'Flou' })).toBe(
      'Votre créative « Été 2026 » a été refusée : Flou',
    );
    expect(notificationText({ ...base, type: 'creative_featured' })).toBe('Votre créative « Été 2026 » est mise en avant');
    expect(notificationText({ ...base, type: 'comment' })).toBe('Marie Dupont a commenté votre créative « Été 2026 »');
    expect(notificationText({ ...base, type: 'pending_creative' })).toBe('Nouvelle créative à valider : « Été 2026 » (Marie Dupont)');
  });

  it('groups likes: one, two, many', () => {
    const like = { ...base, type: 'comment_like' as const };
    expect(notificationText(like)).toBe('Marie Dupont a aimé votre commentaire');
    expect(notificationText({ ...like, actorCount: 2 })).toBe('Marie Dupont et 1 autre ont aimé votre commentaire');
    expect(notificationText({ ...like, actorCount: 4 })).toBe('Marie Dupont et 3 autres ont aimé votre commentaire');
    expect(notificationText({ ...like, actor: null })).toBe('Quelqu’un a aimé votre commentaire');
  });
});

describe('e-mail choices', () => {
  it('default to the decisions for agencies only', () => {
    expect(defaultEmailPrefs('agency')).toMatchObject({ creative_approved: true, creative_rejected: true, comment: false });
    for (const role of ['user', 'specialist', 'admin'] as const) expect(Object.values(defaultEmailPrefs(role))).not.toContain(true);
  });

  it('lay the stored choices over the defaults, ignoring anything else', () => {
    expect(emailPrefsOf('agency', { creative_approved: false, comment: true, other: true, comment_like: 'yes' })).toEqual({
      ...defaultEmailPrefs('agency'),
      creative_approved: false,
      comment: true,
    });
  });

  it('offer each role the kinds it can receive', () => {
    expect(notificationTypesFor('user')).toEqual(['comment_like']);
    expect(notificationTypesFor('agency')).toContain('creative_rejected');
    expect(notificationTypesFor('admin')).toContain('pending_creative');
  });
});

describe('notificationPath and timeAgo', () => {
  it('leads to the creative, or to the queue for a pending one', () => {
    expect(notificationPath(base)).toBe('/creatives/c%201');
    expect(notificationPath({ ...base, type: 'pending_creative' })).toBe('/admin/creatives');
  });

  it("says how long ago in French, 'il y a 5 min'", () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const ago = (ms: number) => timeAgo(new Date(now - ms).toISOString(), now);
    expect(ago(10_000)).toBe("à l'instant");
    expect(ago(5 * 60_000)).toBe('il y a 5 min');
    expect(ago(3 * 3600_000)).toBe('il y a 3 h');
    expect(ago(2 * 86400_000)).toBe('il y a 2 j');
    expect(ago(65 * 86400_000)).toBe('il y a 2 mois');
    expect(ago(400 * 86400_000)).toBe('il y a 1 an');
  });
});
