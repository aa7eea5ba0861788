import { describe, expect, it } from 'vitest';
import { notificationText } from '@domain/notifications';
import { probe, reportSkip } from './emulators';
import { backendOnEmulators } from './harness';
import { VALID_FORM } from '../helpers/uploads';

/**
 * The notification centre through the firebase adapter, on the Auth and Firestore emulators with
 * firestore.rules loaded: each trigger is written in its action's transaction (the rules would
 * refuse it otherwise), the recipient lists, counts live and marks read; e-mail choices in the
 * profile. Skipped with the reason when an emulator is missing.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/notifications.emulator.test.ts', missing);

describe.skipIf(missing.length > 0)('notifications on Firebase', () => {
  const backend = backendOnEmulators({ auth, firestore });

  it('tells the agency of the decision and the comment, the author of grouped likes; live, and marked read', async () => {
    const agency = await backend().signedIn('agency');
    const staff = await backend().signedIn('specialist');
    const member = await backend().signedIn('user');
    const other = await backend().signedIn('user');

    const counts: number[] = [];
    const stop = agency.gateway.notifications.watchUnreadCount((n) => counts.push(n));
    const created = await agency.gateway.creatives.submit({ ...VALID_FORM, name: 'Firebase' }, await backend().image());
    await staff.gateway.review.approve(created.id);
    await expect.poll(() => counts.at(-1), { timeout: 10_000 }).toBe(1);

    const comment = await member.gateway.comments.add(created.id, 'Bravo');
    await agency.gateway.comments.add(created.id, 'Merci'); // their own: nothing
    await staff.gateway.comments.like(comment.id);
    await other.gateway.comments.like(comment.id);

    const mine = (await agency.gateway.notifications.list()).items;
    expect(mine.map((n) => n.type)).toEqual(['comment', 'creative_approved']);
    expect(notificationText(mine[1]!)).toBe('Votre créative « Firebase » a été approuvée');
    const [like] = (await member.gateway.notifications.list()).items;
    expect(like).toMatchObject({ type: 'comment_like', actorCount: 2, read: false });
    expect(notificationText(like!)).toMatch(/et 1 autre ont aimé votre commentaire$/);

    await agency.gateway.notifications.markRead(mine[0]!.id);
    await expect.poll(() => counts.at(-1)).toBe(1);
    await agency.gateway.notifications.markAllRead();
    await expect.poll(() => counts.at(-1)).toBe(0);
    stop();
  });

  it('keeps the e-mail choices in the profile, over the role’s defaults', async () => {
    const agency = await backend().signedIn('agency');
    expect(await agency.gateway.notifications.emailPrefs()).toMatchObject({ creative_approved: true, comment: false });
    expect(await agency.gateway.notifications.setEmailPrefs({ comment: true, creative_approved: false })).toMatchObject({
      comment: true,
      creative_approved: false,
      creative_rejected: true,
    });
    expect(await agency.gateway.notifications.emailPrefs()).toMatchObject({ comment: true, creative_approved: false });
  });
});
