import { MSG } from '@domain/messages';

/** Every fixed message of MSG, nested lists included (selectAtLeastOne…). */
function fixedMessages(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) fixedMessages(v, into);
  return into;
}
const FIXED = fixedMessages(MSG, new Set());

/** The messages MSG builds from a limit, which validation can give (see domain/schemas/french-errors.ts). */
const WITH_A_LIMIT = [MSG.textMax, MSG.tooManyItems];

/** The messages MSG builds from a wait ('Réessayez dans 20 minutes.'), which rate limits give. */
const WITH_A_WAIT = [MSG.rateLimitedFor, MSG.tooManyWrites, MSG.signInBackoff, MSG.resetTooManyForAddress, MSG.shareUnlockTooManyForLink];
const UNIT_SECONDS = { seconde: 1, minute: 60, heure: 3600 } as const;

function isWaitMessage(message: string): boolean {
  const wait = /dans (\d+) (seconde|minute|heure)s?\./.exec(message);
  if (!wait) return false;
  const seconds = Number(wait[1]) * UNIT_SECONDS[wait[2] as keyof typeof UNIT_SECONDS];
  return WITH_A_WAIT.some((build) => build(seconds) === message);
}

/**
 * True when `message` is one of domain/messages.ts — French, written once — rather than a
 * library's own text (zod's 'Invalid input: expected object, received array').
 */
export function isKnownMessage(message: unknown): boolean {
  if (typeof message !== 'string') return false;
  if (FIXED.has(message) || isWaitMessage(message)) return true;
  const limit = /\d+/.exec(message)?.[0];
  return limit !== undefined && WITH_A_LIMIT.some((build) => build(Number(limit)) === message);
}
