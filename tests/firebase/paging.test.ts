import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { toGatewayError } from '@/gateway/firebase/errors';
import { collectPage, decodeCursor, encodeCursor, type CollectedPage, type ScanBatch, type ScanPosition } from '@/gateway/firebase/paging';
import { mediaPath } from '@/gateway/firebase/storage';

/**
 * Pure parts of the firebase adapter (no emulator): the page collector that stands in for the
 * filters Firestore cannot combine, the opaque cursor, the error mapping and the media names.
 */

/** An ordered source of numbers read in batches after a position, like a Firestore query. */
function source(values: number[], reads: { after: ScanPosition | null; limit: number }[] = []) {
  return async (after: ScanPosition | null, limit: number): Promise<ScanBatch<number>> => {
    reads.push({ after, limit });
    const start = after ? values.findIndex((_, i) => i === (after[0] as number)) + 1 : 0;
    const slice = values.slice(start, start + limit);
    return { items: slice.map((value, i) => ({ value, position: [start + i] })), exhausted: start + limit >= values.length };
  };
}

describe('collectPage', () => {
  const options = { pageSize: 12, batchSize: 5, maxScanned: 1000 };

  it('pages through every match exactly once, in order, whatever the batch size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 7 }),
        async (values, batchSize, pageSize) => {
          const even = (v: number) => v % 2 === 0;
          const seen: number[] = [];
          let cursor: ScanPosition | null = null;
          for (let pages = 0; pages < 100; pages++) {
            const page: CollectedPage<number> = await collectPage(source(values), even, cursor, { pageSize, batchSize, maxScanned: 1000 });
            expect(page.items.length).toBeLessThanOrEqual(pageSize);
            seen.push(...page.items);
            if (!page.next) break;
            expect(page.items.length).toBe(pageSize);
            cursor = page.next;
          }
          expect(seen).toEqual(values.filter(even));
        },
      ),
    );
  });

  it('gives no cursor when the last page is exactly full', async () => {
    const page = await collectPage(source(Array.from({ length: 12 }, (_, i) => i)), () => true, null, options);
    expect(page.items).toHaveLength(12);
    expect(page.next).toBeNull();
  });

  it('stops after maxScanned documents and resumes after the last one read', async () => {
    const values = Array.from({ length: 100 }, (_, i) => i);
    const reads: { after: ScanPosition | null; limit: number }[] = [];
    const page = await collectPage(source(values, reads), (v) => v === 99, null, { pageSize: 12, batchSize: 10, maxScanned: 30 });
    expect(page.items).toEqual([]);
    expect(page.scanned).toBe(30);
    expect(page.next).toEqual([29]);
    const rest = await collectPage(source(values), (v) => v === 99, page.next, { pageSize: 12, batchSize: 10, maxScanned: 1000 });
    expect(rest).toMatchObject({ items: [99], next: null });
  });
  it('reads twice as much each time up to maxBatchSize, and never more than maxScanned in all', async () => {
    const values = Array.from({ length: 500 }, (_, i) => i);
    const reads: { after: ScanPosition | null; limit: number }[] = [];
    const page = await collectPage(source(values, reads), (v) => v === 499, null, {
      pageSize: 12,
      batchSize: 24,
      maxBatchSize: 80,
      maxScanned: 200,
    });
    expect(reads.map((r) => r.limit)).toEqual([24, 48, 80, 48]);
    expect(page).toMatchObject({ items: [], scanned: 200, next: [199] });
  });
});

describe('cursors', () => {
  it('round-trips a position and refuses what is not one of ours', () => {
    const position: ScanPosition = [3, 1_767_225_600, 123_456_000, 'abcDEF123'];
    const cursor = encodeCursor(position)!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['number', 'number', 'number', 'string'])).toEqual(position);
    expect(decodeCursor(cursor, ['number', 'number', 'string'])).toBeNull();
    expect(decodeCursor('pas-un-curseur!', ['number'])).toBeNull();
    expect(decodeCursor(null, ['number'])).toBeNull();
    expect(encodeCursor(null)).toBeNull();
  });
});

describe('toGatewayError', () => {
  const err = (code: string) => Object.assign(new Error(code), { code });
  const signedIn = { signedIn: true };

  it.each([
    ['auth/invalid-credential', 'INVALID_CREDENTIALS', MSG.invalidCredentials],
    ['auth/wrong-password', 'INVALID_CREDENTIALS', MSG.invalidCredentials],
    ['auth/user-not-found', 'INVALID_CREDENTIALS', MSG.invalidCredentials],
    ['auth/email-already-in-use', 'EMAIL_TAKEN', MSG.emailTaken],
    ['auth/weak-password', 'VALIDATION', MSG.weakPassword],
    ['auth/invalid-email', 'VALIDATION', MSG.emailInvalid],
    ['auth/too-many-requests', 'RATE_LIMITED', MSG.rateLimited],
    ['permission-denied', 'FORBIDDEN', MSG.forbidden],
    ['not-found', 'NOT_FOUND', MSG.notFound],
    ['unavailable', 'INTERNAL', MSG.internal],
  ])('%s → %s', (code, expected, message) => {
    const mapped = toGatewayError(err(code), signedIn);
    expect(mapped.code).toBe(expected);
    expect(mapped.message).toBe(message);
  });

  it('puts the e-mail field error on EMAIL_TAKEN', () => {
    expect(toGatewayError(err('auth/email-already-in-use'), signedIn).fields).toEqual({ email: MSG.emailTaken });
  });

  it('reads a refusal as UNAUTHENTICATED when signed out, and as not found where asked', () => {
    expect(toGatewayError(err('permission-denied'), { signedIn: false }).code).toBe('UNAUTHENTICATED');
    const hidden = toGatewayError(err('permission-denied'), {
      signedIn: true,
      deniedIsNotFound: true,
      notFoundMessage: MSG.creativeNotFound,
    });
    expect([hidden.code, hidden.message, hidden.status]).toEqual(['NOT_FOUND', MSG.creativeNotFound, 404]);
  });
});

describe('mediaPath', () => {
  it('names uploads creatives/{timestamp}-{random}.{ext}, never after the user file', () => {
    expect(mediaPath('image/jpeg', 1_700_000_000_000, () => 0.5)).toMatch(/^creatives\/1700000000000-[a-z0-9]{8}\.jpg$/);
    expect(mediaPath('video/quicktime', 1)).toMatch(/\.mov$/);
    expect(() => mediaPath('image/svg+xml')).toThrow();
  });
});
