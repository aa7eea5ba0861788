import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { noteInput, shareInput, unlockInput } from './schemas/share';
import { endOfLocalDay, isShareExpired, NOTE_MAX, SHARE_UNLOCK_MAX_AGE_SECONDS, unlockMaxAgeSeconds } from './shares';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('share link rules', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('a link expires at its instant, never without one', () => {
    expect(isShareExpired(null, now)).toBe(false);
    expect(isShareExpired('2026-11-26T10:00:01Z', now)).toBe(false);
    expect(isShareExpired('2026-11-26T10:00:00Z', now)).toBe(true);
    expect(isShareExpired(new Date('2026-11-25T00:00:00Z'), now)).toBe(true);
  });

  it('an unlock lasts 7 days at most, never past the expiry', () => {
    expect(unlockMaxAgeSeconds(null, now)).toBe(SHARE_UNLOCK_MAX_AGE_SECONDS);
    expect(unlockMaxAgeSeconds(new Date('2026-11-26T11:00:00Z'), now)).toBe(3600);
    expect(unlockMaxAgeSeconds(new Date('2027-01-01T00:00:00Z'), now)).toBe(SHARE_UNLOCK_MAX_AGE_SECONDS);
    expect(unlockMaxAgeSeconds(new Date('2026-11-01T00:00:00Z'), now)).toBe(0);
  });

  it('a chosen day ends at 23:59:59.999 local time', () => {
    const end = endOfLocalDay('2026-12-31');
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 11, 31, 23, 59]);
  });
});

describe('share schemas', () => {
  it('accepts a link without password or expiry, with the switches off by default', () => {
    expect(shareInput.parse({})).toEqual({ allowDownload: false, includeAnalysis: false, includeNotes: false });
  });

  it('refuses a short password and a past expiry in French', () => {
    expect(issues(shareInput.safeParse({ password: 'abc' }))).toEqual([MSG.sharePasswordMin]);
    expect(issues(shareInput.safeParse({ expiresAt: '2000-01-01T00:00:00Z' }))).toEqual([MSG.shareExpiryPast]);
    expect(shareInput.safeParse({ password: '', expiresAt: null }).success).toBe(true);
  });

  it('asks for a password to unlock', () => {
    expect(issues(unlockInput.safeParse({ password: '' }))).toEqual([MSG.sharePasswordRequiredField]);
  });

  it('trims a note and limits it to 500 characters', () => {
    expect(noteInput.parse({ note: '  Pour lundi  ' })).toEqual({ note: 'Pour lundi' });
    expect(noteInput.parse({ note: '   ' })).toEqual({ note: '' });
    expect(noteInput.safeParse({ note: `${'x'.repeat(NOTE_MAX)}  ` }).success).toBe(true);
    expect(issues(noteInput.safeParse({ note: 'x'.repeat(NOTE_MAX + 1) }))).toEqual(['La note ne peut pas dépasser 500 caractères']);
  });
});
