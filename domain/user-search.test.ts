import { describe, expect, it } from 'vitest';
import { matchesUser } from './user-search';

const lea = { firstName: 'Léa', lastName: 'Martin', email: 'lea.martin@exemple.fr', role: 'user' as const };

describe('matchesUser', () => {
  it("matches 'first last' and the e-mail, ignoring case", () => {
    expect(matchesUser(lea, 'LÉA MAR')).toBe(true);
    expect(matchesUser(lea, 'a mart')).toBe(true);
    expect(matchesUser(lea, '@EXEMPLE')).toBe(true);
    expect(matchesUser(lea, 'martin léa')).toBe(false);
  });

  it('filters by the selected role chips, none meaning all', () => {
    expect(matchesUser(lea, '', [])).toBe(true);
    expect(matchesUser(lea, '', ['user', 'agency'])).toBe(true);
    expect(matchesUser(lea, '', ['admin'])).toBe(false);
  });
});
