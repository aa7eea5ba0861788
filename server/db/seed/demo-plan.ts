import { monthWindow } from '@domain/calendar';
import { APPROVED, PENDING, REJECTED, type DemoCreative } from './demo-catalog';
import { DEMO_COMMENTS, DEMO_MEMBERS } from './demo-people';

/**
 * The demo library as a plan, independent of any database: which creatives, with which status and
 * dates, who likes and comments what. The self-hosted seed (demo-content.ts) and the Firebase one
 * (scripts/firebase/demo-seed.ts) both write it, so the two modes show the same catalogue.
 */

const DAY = 86_400_000;

/** The creative shown as 'L'analyse créa de la semaine', with its analyst and rating. */
export const FEATURED = { name: 'Sérum éclat avant/après', analyzedBy: 'Julien', rating: 4 } as const;

/** The featured creative was featured yesterday. */
export const demoFeaturedAt = (now: Date): Date => new Date(now.getTime() - DAY);

export type DemoStatus = 'approved' | 'pending' | 'rejected';

/** Every demo creative in seed order (approved, then pending, then rejected). */
export const DEMO_ENTRIES: { c: DemoCreative; status: DemoStatus; reason: string | null }[] = [
  ...APPROVED.map((c) => ({ c, status: 'approved' as const, reason: null })),
  ...PENDING.map((c) => ({ c, status: 'pending' as const, reason: null })),
  ...REJECTED.map((c) => ({ c, status: 'rejected' as const, reason: c.reason })),
];

/**
 * When a demo creative was created: `ageDays` ago, except that liked ones are kept inside the
 * current calendar month (so 'creative of the month' always has candidates, even on the 1st).
 */
export function demoCreatedAt(c: DemoCreative, rank: number, now: Date): Date {
  const at = new Date(now.getTime() - c.ageDays * DAY - rank * 60_000);
  if (c.likes === 0) return at;
  const { start } = monthWindow(now);
  if (at >= start) return at;
  return new Date(start.getTime() + ((now.getTime() - start.getTime()) * (rank + 1)) / (APPROVED.length + 2));
}

/** The plain members (they like and comment; no password), with their e-mail and sign-up date. */
export function demoMembers(now: Date) {
  return DEMO_MEMBERS.map(([firstName, lastName], i) => ({
    firstName,
    lastName,
    email:
      `${firstName}.${lastName}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase() + '@exemple.fr',
    createdAt: new Date(now.getTime() - (40 + i * 3) * DAY),
  }));
}

/** The k-th like of a creative (k from 0) is given an hour after the previous one, never in the future. */
export function demoLikedAt(createdAt: Date, k: number, now: Date): Date {
  return new Date(Math.min(now.getTime(), createdAt.getTime() + (k + 1) * 3_600_000));
}

/** The first member who likes comments: comment likes go to members FIRST_COMMENT_LIKER, +1, … */
export const FIRST_COMMENT_LIKER = 10;

export interface DemoCommentPlan {
  /** Index of the commented creative among the approved ones. */
  target: number;
  /** Index of the author among demoMembers(). */
  author: number;
  text: string;
  likes: number;
  /** Time after the creative's creation at which the comment was written. */
  afterMs: number;
}

/** 26 comments spread over the 16 most recent approved creatives. */
export function demoCommentPlan(approvedCount: number): DemoCommentPlan[] {
  return DEMO_COMMENTS.flatMap((text, k) =>
    [0, 1, 2].map((j) => ({
      target: (k * 3 + j * 7) % Math.min(approvedCount, 16),
      author: (k + j * 5) % DEMO_MEMBERS.length,
      text,
      likes: (k + j) % 3,
      afterMs: (k + j + 1) * 5_400_000,
    })),
  ).slice(0, 26);
}
