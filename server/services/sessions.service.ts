import { and, desc, eq, gt } from 'drizzle-orm';
import type { DeviceSession } from '@domain/types';
import type { Db } from '../db/client';
import { session } from '../db/schema';

/**
 * The live sessions of a user, newest activity first, without their tokens. Read here rather than
 * through better-auth's /list-sessions, which refuses a session more than a day old (its
 * freshSessionMiddleware) — most of the people opening their account page.
 */
export async function listDeviceSessions(db: Db, userId: string, currentSessionId: string | null): Promise<DeviceSession[]> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}
