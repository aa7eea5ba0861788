import type { Budget } from './rate-limit-store';

/** A kind's budget per account (null: visitors only) and per client address. */
export interface KindBudget {
  account: Budget | null;
  client: Budget;
}

/**
 * How many writes each account and each client address may make, per kind of write: the one
 * place for these figures (the README and docs/architecture.md point here). Each route declares
 * its kind (`budget` in its route policy, server/http/route-policy.ts).
 *
 * A budget is a token bucket: `limit` writes at once, then `limit` more per window, refilled
 * evenly. Every POST/PATCH/PUT/DELETE under /api draws one from its kind's client bucket and,
 * signed in, from its account bucket; refused requests draw nothing. WRITE_RATE_LIMIT multiplies
 * every limit, or turns them all off.
 *
 * How the figures were chosen: the account budget is several times what a brisk real session
 * needs (the demo, the browser journeys of e2e/ and the server tests stay well inside it); the
 * client budget is several accounts' worth, because a household, an office or a carrier's NAT
 * puts many people behind one address. A loopback peer has no client budget at all (see
 * rate-limit.ts): it is a process of this machine or a local reverse proxy. Sign-in guesses have their own limits: better-auth's AUTH_RATE_LIMIT per address
 * and minute, and the per-account back-off (server/auth/sign-in-backoff.ts). The load benchmark's
 * like storm (bench/load: ~110 likes a second per account) is a deliberate flood and runs with
 * WRITE_RATE_LIMIT=off.
 */
export const WRITE_BUDGETS = {
  /**
   * Submissions and edits with an upload (≤ 50 MB each, then sharp or ffmpeg): the costly writes.
   * An agency sends a campaign of tens in a sitting; 60 an hour bounds a stolen agency session to
   * ~3 GB of media an hour (one upload a minute once the first 60 are spent) instead of whatever
   * its line carries.
   */
  submission: { account: { limit: 60, windowSeconds: 3600 }, client: { limit: 240, windowSeconds: 3600 } },
  /** A comment takes a person tens of seconds; a spam script gets ~3 a minute. */
  comment: { account: { limit: 30, windowSeconds: 600 }, client: { limit: 300, windowSeconds: 600 } },
  /** Likes of creatives and comments, and their undoing: clicks while scrolling, not a storm. */
  like: { account: { limit: 300, windowSeconds: 600 }, client: { limit: 3000, windowSeconds: 600 } },
  /** Creating, renaming and deleting folders, adding and removing creatives: sorting a collection. */
  folder: { account: { limit: 200, windowSeconds: 600 }, client: { limit: 1000, windowSeconds: 600 } },
  /**
   * Sign-ups (per client only: a visitor has no account yet). A class registering together fits;
   * a script making throwaway accounts to multiply the account budgets gets ~1,200 a day per address.
   */
  registration: { account: null, client: { limit: 50, windowSeconds: 3600 } },
  /**
   * Signing in and out, beside the limits on guesses above (failed sign-ins are the back-off's):
   * a successful sign-in costs a password hash, so a loop of them is bounded too, loosely.
   */
  session: { account: { limit: 200, windowSeconds: 600 }, client: { limit: 600, windowSeconds: 600 } },
  /** Marking notifications read and the e-mail choices: a click per notification, never a storm. */
  notification: { account: { limit: 300, windowSeconds: 600 }, client: { limit: 3000, windowSeconds: 600 } },
  /**
   * 'Mot de passe oublié ?' e-mails (per client only: the asker is signed out): each sends a mail,
   * so a script cannot make the server a mailing cannon; a person needs one or two. Per e-mail
   * address they are held tighter still, whoever asks: RESET_EMAILS_PER_ADDRESS below.
   */
  passwordReset: { account: null, client: { limit: 10, windowSeconds: 3600 } },
  /** Profile and password changes, and signing out one's other devices. */
  account: { account: { limit: 20, windowSeconds: 600 }, client: { limit: 100, windowSeconds: 600 } },
  /**
   * Staff actions — approve, reject, feature, delete a creative or a comment, change a role,
   * delete a user: a specialist working through the queue does one every few seconds; a stolen
   * staff session cannot empty the library in a moment.
   */
  staff: { account: { limit: 120, windowSeconds: 600 }, client: { limit: 600, windowSeconds: 600 } },
  /**
   * "Exporter mes données" (a GET, counted all the same: it reads every row of the account). A
   * person exports now and then; ten an hour leaves room for a retry, and a stolen session cannot
   * turn it into a load generator.
   */
  export: { account: { limit: 10, windowSeconds: 3600 }, client: { limit: 60, windowSeconds: 3600 } },
  /** A write no route answers (404): probing costs like any write. */
  unknown: { account: { limit: 60, windowSeconds: 60 }, client: { limit: 120, windowSeconds: 60 } },
} satisfies Record<string, KindBudget>;

export type WriteKind = keyof typeof WRITE_BUDGETS;
export type WriteBudgets = Record<WriteKind, KindBudget>;

/**
 * Reset e-mails per e-mail address, whoever asks and whether or not an account has it (so the
 * answers tell nothing): 3 at once, then one every 20 minutes. Enough for a person who did not
 * find the first mail; an inbox cannot be flooded from many addresses. Always on (WRITE_RATE_LIMIT
 * does not scale it); counted in the rate limits' store, shared through Redis (server/auth/password-reset-limit.ts).
 */
export const RESET_EMAILS_PER_ADDRESS: Budget = { limit: 3, windowSeconds: 3600 };

/** The budgets with every limit multiplied by `factor` (WRITE_RATE_LIMIT), never below one write. */
export function scaledBudgets(factor: number): WriteBudgets {
  const scale = (b: Budget): Budget => ({ ...b, limit: Math.max(1, Math.round(b.limit * factor)) });
  return Object.fromEntries(
    Object.entries(WRITE_BUDGETS).map(([kind, { account, client }]) => [
      kind,
      { account: account && scale(account), client: scale(client) },
    ]),
  ) as WriteBudgets;
}
