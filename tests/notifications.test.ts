import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE, notificationText, type AppNotification, type NotificationEmailPrefs } from '@domain/notifications';
import type { Comment, Creative, Page } from '@domain/types';
import { notifications } from '@server/db/schema';
import { probeRedis } from '@server/redis/test-redis';
import { createMailer } from '@server/mail/mailer';
import { insertCreative } from './helpers/fixtures';
import { expectTamperedCursorsRefused, followPages, newestFirst } from './helpers/paging';
import { forEachServerSentEvent } from './helpers/server-sent-events';
import { startSmtpServer, type SmtpSink } from './helpers/smtp-server';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { openTwoInstances } from './helpers/two-instances';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

const redis = await probeRedis();
let t: TestApp;
let sink: SmtpSink;
type Who = 'agency' | 'user' | 'specialist' | 'admin' | 'liker1' | 'liker2' | 'liker3' | 'liker4';
const people = {} as Record<Who, { user: TestUser; cookie: string }>;

beforeAll(async () => {
  sink = await startSmtpServer();
  t = await createTestApp({
    mailer: createMailer({ smtpUrl: sink.url, from: 'Créathèque <ne-pas-repondre@example.com>', outboxDir: '/nonexistent' }),
  });
  people.agency = await t.loginAs('agency', { firstName: 'Agathe', lastName: 'Agence' });
  people.user = await t.loginAs('user', { firstName: 'Ugo', lastName: 'Lambda' });
  people.specialist = await t.loginAs('specialist', { firstName: 'Sophie', lastName: 'Spé' });
  people.admin = await t.loginAs('admin', { firstName: 'Adam', lastName: 'Admin' });
  for (const [i, first] of ['Marie', 'Paul', 'Léa', 'Hugo'].entries()) {
    people[`liker${i + 1}` as Who] = await t.loginAs('user', { firstName: first, lastName: 'Dupont' });
  }
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const cookie = (who: Who) => people[who].cookie;
const idOf = (who: Who) => people[who].user.id;

async function list(who: Who): Promise<AppNotification[]> {
  const res = await t.request<Page<AppNotification>>('GET', '/api/notifications', { cookie: cookie(who) });
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

async function unread(who: Who): Promise<number> {
  const res = await t.request<{ unread: number }>('GET', '/api/notifications/unread-count', { cookie: cookie(who) });
  expect(res.status, res.text).toBe(200);
  return res.body.unread;
}

async function readAll(who: Who): Promise<void> {
  expect((await t.request('POST', '/api/notifications/read-all', { cookie: cookie(who) })).status).toBe(200);
}

async function submitPending(name: string): Promise<Creative> {
  const res = await t.request<Creative>('POST', '/api/creatives', {
    cookie: cookie('agency'),
    body: creativeForm({ ...VALID_FORM, name }, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function comment(who: Who, creativeId: string, text = 'Belle créa'): Promise<Comment> {
  const res = await t.request<Comment>('POST', `/api/creatives/${creativeId}/comments`, { cookie: cookie(who), body: { text } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function setLike(who: Who, commentId: string, liked: boolean): Promise<void> {
  const res = await t.request(liked ? 'POST' : 'DELETE', `/api/comments/${commentId}/like`, { cookie: cookie(who) });
  expect(res.status, res.text).toBe(200);
}
const like = (who: Who, commentId: string) => setLike(who, commentId, true);
const unlike = (who: Who, commentId: string) => setLike(who, commentId, false);

async function setPrefs(who: Who, email: Partial<NotificationEmailPrefs>): Promise<NotificationEmailPrefs> {
  const res = await t.request<{ email: NotificationEmailPrefs }>('PUT', '/api/notifications/preferences', {
    cookie: cookie(who),
    body: { email },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.email;
}

describe('triggers', () => {
  it('tells every specialist and admin of a new pending creative, in the transaction that makes it pending', async () => {
    const before = { specialist: await unread('specialist'), admin: await unread('admin') };
    const creative = await submitPending('Attente staff');
    for (const who of ['specialist', 'admin'] as const) {
      expect(await unread(who)).toBe(before[who] + 1);
      const [latest] = await list(who);
      expect(latest).toMatchObject({
        type: 'pending_creative',
        creativeId: creative.id,
        creativeName: 'Attente staff',
        actor: { firstName: 'Agathe', lastName: 'Agence' },
        read: false,
      });
    }
    expect((await list('agency')).some((n) => n.creativeId === creative.id)).toBe(false);
    expect((await list('user')).some((n) => n.creativeId === creative.id)).toBe(false);
    // A staff submission is approved at once: nobody is told.
    const staffCount = await unread('admin');
    const res = await t.request('POST', '/api/creatives', {
      cookie: cookie('specialist'),
      body: creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'b.png', type: 'image/png' }),
    });
    expect(res.status).toBe(201);
    expect(await unread('admin')).toBe(staffCount);
  });

  it('tells the agency its creative was approved, rejected with the reason, or featured', async () => {
    const approved = await submitPending('Été 2026');
    expect((await t.request('POST', `/api/creatives/${approved.id}/approve`, { cookie: cookie('specialist') })).status).toBe(200);
    const rejected = await submitPending('Hiver');
    const reason = 'Le logo est flou';
    expect((await t.request('POST', `/api/creatives/${rejected.id}/reject`, { cookie: cookie('admin'), body: { reason } })).status).toBe(
      200,
    );
    expect(
      (
        await t.request('POST', `/api/creatives/${approved.id}/feature`, {
          cookie: cookie('admin'),
          body: { analyzedBy: 'Adam', rating: 5 },
        })
      ).status,
    ).toBe(200);
    const [featured, rejection, approval] = await list('agency');
    expect(approval).toMatchObject({ type: 'creative_approved', creativeId: approved.id, read: false });
    expect(notificationText(approval!)).toBe('Votre créative « Été 2026 » a été approuvée');
    expect(rejection).toMatchObject({ type: 'creative_rejected', creativeId: rejected.id, reason });
    expect(notificationText(rejection!)).toBe('Votre créative « Hiver » a été refusée : Le logo est flou');
    expect(featured).toMatchObject({ type: 'creative_featured', creativeId: approved.id });
    // Featuring it again (editing the analysis) is no news.
    const count = await unread('agency');
    await t.request('POST', `/api/creatives/${approved.id}/feature`, { cookie: cookie('admin'), body: { analyzedBy: 'Adam', rating: 4 } });
    expect(await unread('agency')).toBe(count);
  });

  it("tells a creative's submitter of a comment, but not of their own", async () => {
    const creative = await insertCreative(t.db, { submittedBy: idOf('agency'), name: 'Commentée' });
    const before = await unread('agency');
    const c = await comment('user', creative.id);
    const [latest] = await list('agency');
    expect(latest).toMatchObject({ type: 'comment', creativeId: creative.id, commentId: c.id, actor: { firstName: 'Ugo' } });
    expect(notificationText(latest!)).toBe('Ugo Lambda a commenté votre créative « Commentée »');
    await comment('agency', creative.id, 'Merci !');
    expect(await unread('agency')).toBe(before + 1);
    // A creative without a submitter (deleted account, admin form…) tells nobody.
    await comment('user', (await insertCreative(t.db)).id);
  });

  it('groups the unread likes of one comment, and a like withdrawn before reading leaves it', async () => {
    const creative = await insertCreative(t.db);
    const c = await comment('user', creative.id, 'À aimer');
    const before = await unread('user');
    for (const who of ['liker2', 'liker3', 'liker4', 'liker1'] as const) await like(who, c.id);
    await like('liker1', c.id); // twice: no change
    await like('user', c.id); // their own: nothing
    expect(await unread('user')).toBe(before + 1);
    let [grouped] = await list('user');
    expect(grouped).toMatchObject({ type: 'comment_like', commentId: c.id, actorCount: 4, actor: { firstName: 'Marie' } });
    expect(notificationText(grouped!)).toBe('Marie Dupont et 3 autres ont aimé votre commentaire');

    await unlike('liker1', c.id);
    [grouped] = await list('user');
    expect(grouped).toMatchObject({ actorCount: 3, actor: { firstName: 'Hugo' } });
    await unlike('liker4', c.id);
    await unlike('liker3', c.id);
    [grouped] = await list('user');
    expect(notificationText(grouped!)).toBe('Paul Dupont a aimé votre commentaire');
    await unlike('liker2', c.id);
    expect((await list('user')).some((n) => n.commentId === c.id)).toBe(false);
    expect(await unread('user')).toBe(before);

    // Once read, the notification stays as it was; the next like starts a new one.
    await like('liker1', c.id);
    await readAll('user');
    await unlike('liker1', c.id);
    await like('liker2', c.id);
    const mine = (await list('user')).filter((n) => n.commentId === c.id);
    expect(mine.map((n) => [n.read, n.actorCount, n.actor?.firstName])).toEqual([
      [false, 1, 'Paul'],
      [true, 1, 'Marie'],
    ]);
  });

  it('stays away from the actions that fail', async () => {
    const rows = async () => (await t.db.select({ id: notifications.id }).from(notifications)).length;
    const before = await rows();
    const approved = await insertCreative(t.db, { submittedBy: idOf('agency') });
    // Approving an approved creative is refused (409): nothing is written.
    expect((await t.request('POST', `/api/creatives/${approved.id}/approve`, { cookie: cookie('admin') })).status).toBe(409);
    expect(await rows()).toBe(before);
  });
});

describe('the list, the count and marking read', () => {
  it('pages newest first, refuses tampered cursors, and shows each user only their own', async () => {
    const [fresh] = await t.db
      .insert(notifications)
      .values(
        await Promise.all(
          Array.from({ length: NOTIFICATIONS_PAGE_SIZE + 5 }, async (_, i) => ({
            userId: idOf('liker3'),
            type: 'creative_featured',
            creativeId: (await insertCreative(t.db, { name: `Page ${i}` })).id,
            createdAt: new Date(Date.now() - (i % 3) * 1000),
          })),
        ),
      )
      .returning();
    const { items, pages } = await followPages<AppNotification>(t, '/api/notifications', NOTIFICATIONS_PAGE_SIZE, cookie('liker3'));
    expect(pages).toBe(2);
    expect(items.length).toBeGreaterThanOrEqual(NOTIFICATIONS_PAGE_SIZE + 5);
    expect(items).toEqual(
      newestFirst(
        items,
        (n) => n.createdAt,
        (n) => n.id,
      ),
    );
    await expectTamperedCursorsRefused(t, '/api/notifications', cookie('liker3'));
    expect((await list('liker4')).some((n) => n.id === fresh!.id)).toBe(false);
  });

  it('marks one read (only one’s own) and all read', async () => {
    await submitPending('À lire');
    const [first] = await list('specialist');
    const count = await unread('specialist');
    expect((await t.request('POST', `/api/notifications/${first!.id}/read`, { cookie: cookie('admin') })).status).toBe(404);
    const res = await t.request<{ unread: number }>('POST', `/api/notifications/${first!.id}/read`, { cookie: cookie('specialist') });
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(count - 1);
    expect((await list('specialist'))[0]).toMatchObject({ id: first!.id, read: true });
    // Twice is fine.
    expect((await t.request('POST', `/api/notifications/${first!.id}/read`, { cookie: cookie('specialist') })).status).toBe(200);
    await readAll('specialist');
    expect(await unread('specialist')).toBe(0);
    expect((await list('specialist')).every((n) => n.read)).toBe(true);
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
  });
});

describe('live unread count', () => {
  it('reaches the recipient over server-sent events, and only them', async () => {
    // Over a real socket, as a browser's EventSource reads it.
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0, overrideGlobalObjects: false }) as http.Server;
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const watch = async (who: Who) => {
      const counts: number[] = [];
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/notifications/events`, {
        headers: { cookie: cookie(who) },
        signal: controller.signal,
      });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const done = forEachServerSentEvent(res.body!, (type, data) => {
        if (type === 'unread') counts.push(Number(data));
      }).catch(() => {}); // aborted at the end
      return { counts, stop: () => (controller.abort(), done) };
    };
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    await readAll('agency');
    const agency = await watch('agency');
    const user = await watch('user');
    await until(() => agency.counts.length === 1 && user.counts.length === 1);
    expect(agency.counts).toEqual([0]);
    const creative = await submitPending('En direct');
    await t.request('POST', `/api/creatives/${creative.id}/approve`, { cookie: cookie('admin') });
    await until(() => agency.counts.at(-1) === 1);
    await readAll('agency');
    await until(() => agency.counts.at(-1) === 0);
    expect(user.counts).toEqual([user.counts[0]]);
    await agency.stop();
    await user.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe.skipIf(!redis.ok)(`live unread count across instances sharing Redis${redis.skipped}`, () => {
  it('reaches a stream on one instance when the action happens on the other', async () => {
    const instances = await openTwoInstances('notifications');
    const { a, b } = instances;
    try {
      const agency = await a.loginAs('agency');
      const admin = await a.loginAs('admin');
      const creative = await insertCreative(a.db, { status: 'pending', submittedBy: agency.user.id });
      const counts: number[] = [];
      const res = await b.app.request(new URL('/api/notifications/events', b.config.publicUrl).toString(), {
        headers: { cookie: agency.cookie },
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const read = async () => {
        while (!/data: \d+[\s\S]*data: \d+/.test(text)) text += decoder.decode((await reader.read()).value);
      };
      const second = read();
      while (!/data: \d+/.test(text)) await new Promise((r) => setTimeout(r, 10));
      expect((await a.request('POST', `/api/creatives/${creative.id}/approve`, { cookie: admin.cookie })).status).toBe(200);
      await second;
      for (const m of text.matchAll(/event: unread\ndata: (\d+)/g)) counts.push(Number(m[1]));
      expect(counts.slice(0, 2)).toEqual([0, 1]);
      await reader.cancel();
    } finally {
      await instances.close();
    }
  }, 120_000);
});

describe('e-mail preferences', () => {
  it('default to the decisions for agencies and to nothing for others', async () => {
    const get = async (who: Who) =>
      (await t.request<{ email: NotificationEmailPrefs }>('GET', '/api/notifications/preferences', { cookie: cookie(who) })).body.email;
    expect(await get('agency')).toMatchObject({
      creative_approved: true,
      creative_rejected: true,
      creative_featured: false,
      comment: false,
    });
    expect(Object.values(await get('user')).every((on) => !on)).toBe(true);
    expect(Object.values(await get('specialist')).every((on) => !on)).toBe(true);
    const bad = await t.request('PUT', '/api/notifications/preferences', { cookie: cookie('user'), body: { email: { inconnu: true } } });
    expect(bad.status).toBe(400);
  });

  it('send an e-mail to the SMTP server only for the types turned on', async () => {
    // The agency's default: approvals are mailed.
    const creative = await submitPending('Par e-mail');
    await t.request('POST', `/api/creatives/${creative.id}/approve`, { cookie: cookie('specialist') });
    const approvedMail = await sink.next((m) => m.subject.includes('« Par e-mail »'));
    expect(approvedMail.to).toEqual([people.agency.user.email]);
    expect(approvedMail.subject).toBe('Votre créative « Par e-mail » a été approuvée');
    expect(approvedMail.text).toContain(`${t.config.publicUrl.replace(/\/$/, '')}/creatives/${creative.id}`);
    expect(approvedMail.html).toContain('Voir la créative');

    // Comments are off by default: the first goes unmailed; turned on, the next is mailed.
    const commented = await insertCreative(t.db, { submittedBy: idOf('agency'), name: 'Sans e-mail' });
    await comment('user', commented.id, 'Premier');
    await t.deps.events.notifier.idle();
    expect(sink.messages.some((m) => m.subject.includes('Sans e-mail'))).toBe(false);
    expect(await setPrefs('agency', { comment: true })).toMatchObject({ comment: true, creative_approved: true });
    await comment('user', commented.id, 'Second');
    const mail = await sink.next((m) => m.subject.includes('Sans e-mail'));
    expect(mail.subject).toBe('Ugo Lambda a commenté votre créative « Sans e-mail »');

    // Turned off, approvals stop.
    await setPrefs('agency', { creative_approved: false });
    const quiet = await submitPending('Silence');
    await t.request('POST', `/api/creatives/${quiet.id}/approve`, { cookie: cookie('specialist') });
    await t.deps.events.notifier.idle();
    expect(sink.messages.some((m) => m.subject.includes('Silence'))).toBe(false);
    expect(await unread('agency')).toBeGreaterThan(0);
  });

  it('never fail the action when the mail cannot be sent', async () => {
    const broken = await createTestApp({
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x <x@example.com>', outboxDir: '/nonexistent' }),
    });
    try {
      const agency = await broken.loginAs('agency');
      const admin = await broken.loginAs('admin');
      const creative = await insertCreative(broken.db, { status: 'pending', submittedBy: agency.user.id });
      const res = await broken.request('POST', `/api/creatives/${creative.id}/approve`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      await broken.deps.events.notifier.idle();
      const unreadRes = await broken.request<{ unread: number }>('GET', '/api/notifications/unread-count', { cookie: agency.cookie });
      expect(unreadRes.body.unread).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('deleting a user (ADR 002)', () => {
  it('removes their notifications and takes them out of the others', async () => {
    const gone = await t.loginAs('user', { firstName: 'Zoé', lastName: 'Partie' });
    const creative = await insertCreative(t.db, { submittedBy: gone.user.id });
    await comment('user', creative.id, 'Pour Zoé');
    const c = await comment('user', (await insertCreative(t.db)).id, 'Aimé par Zoé');
    await like('liker1', c.id);
    await t.request('POST', `/api/comments/${c.id}/like`, { cookie: gone.cookie });
    expect((await list('user')).find((n) => n.commentId === c.id)).toMatchObject({ actorCount: 2, actor: { firstName: 'Zoé' } });
    expect((await t.request('DELETE', `/api/users/${gone.user.id}`, { cookie: cookie('admin') })).status).toBe(200);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, gone.user.id))).toEqual([]);
    expect((await list('user')).find((n) => n.commentId === c.id)).toMatchObject({ actorCount: 1, actor: { firstName: 'Marie' } });
  });
});
