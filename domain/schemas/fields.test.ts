import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { registerInput, profileInput, loginInput } from './auth';
import { commentInput } from './comment';
import { adminCreativeInput, creativeInput, featureInput, rejectionInput } from './creative';
import { foldWhitespace, isStorableText, textField } from './fields';
import { folderInput } from './folder';
import { favoritesQueryInput, galleryQueryInput } from './gallery';
import { pageQuery } from './paging';
import { userListQuery } from './users';
import { fieldErrors } from './validate';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud83db';
const LONE_LOW = 'a\ude00b';

describe('isStorableText', () => {
  it('refuses NUL and a lone half of a surrogate pair, wherever it is', () => {
    for (const bad of [NUL, '\u0000', LONE_HIGH, LONE_LOW, 'fin\ud800', '\udc00début', '\ude00\ud83d']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts complete pairs (emoji), marks and controls PostgreSQL stores as they are', () => {
    for (const good of ['', 'Léa 😀', '\u200f\u202eRTL', '\ufeff\u200b', 'ligne\nligne\tx\r', '\u0001\u001f\u007f', '\uffff']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it('is the check of textField, with its French message', () => {
    const result = textField().safeParse(NUL);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.invalidCharacters);
  });
});

/** Every text input of the schemas, each given a value it refuses for its characters only. */
const TEXT_INPUTS: {
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } };
  valid: object;
  field: string;
}[] = [
  {
    schema: registerInput,
    valid: { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', password: 'secret1', confirmPassword: 'secret1' },
    field: 'firstName',
  },
  {
    schema: registerInput,
    valid: { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', password: 'secret1', confirmPassword: 'secret1' },
    field: 'lastName',
  },
  {
    schema: registerInput,
    valid: { firstName: 'Léa', lastName: 'M', email: 'lea@exemple.fr', password: 'secret1', confirmPassword: 'secret1' },
    field: 'email',
  },
  { schema: loginInput, valid: { email: 'lea@exemple.fr', password: 'secret1' }, field: 'email' },
  { schema: profileInput, valid: { firstName: 'Léa', lastName: 'Martin' }, field: 'lastName' },
  { schema: commentInput, valid: { text: 'Bravo' }, field: 'text' },
  { schema: folderInput, valid: { name: 'Inspirations' }, field: 'name' },
  { schema: rejectionInput, valid: { reason: 'Hors charte' }, field: 'reason' },
  { schema: featureInput, valid: { analyzedBy: 'Julien', rating: 4 }, field: 'analyzedBy' },
  ...['name', 'advertiser', 'attention', 'interest', 'desire'].map((field) => ({
    schema: creativeInput,
    valid: { name: 'Créa', format: ['GIF'], objective: ['TOFU'], type: ['Prix'], sector: ['Mode'], platform: ['Meta'] },
    field,
  })),
  ...['name', 'advertiser'].map((field) => ({
    schema: adminCreativeInput,
    valid: {
      name: 'Créa',
      advertiser: 'Marque',
      image: 'https://exemple.fr/a.jpg',
      format: 'GIF',
      objective: 'TOFU',
      type: 'Prix',
      sector: 'Mode',
      platform: 'Meta',
    },
    field,
  })),
  { schema: galleryQueryInput, valid: {}, field: 'q' },
  { schema: galleryQueryInput, valid: {}, field: 'cursor' },
  { schema: favoritesQueryInput, valid: {}, field: 'q' },
  { schema: userListQuery, valid: {}, field: 'q' },
  { schema: pageQuery, valid: {}, field: 'cursor' },
];

describe('every text input of the schemas', () => {
  it.each(TEXT_INPUTS.map((c) => [c.field, c] as const))('refuses NUL and lone surrogates in %s', (_, { schema, valid, field }) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      const result = schema.safeParse({ ...valid, [field]: bad });
      expect(result.success, `${field} = ${JSON.stringify(bad)}`).toBe(false);
      expect(fieldErrors(result.error as Parameters<typeof fieldErrors>[0])[field]).toBe(MSG.invalidCharacters);
    }
  });

  it('refuses them in the lines of the analysis too', () => {
    const valid = { name: 'Créa', format: ['GIF'], objective: ['TOFU'], type: ['Prix'], sector: ['Mode'], platform: ['Meta'] };
    const result = creativeInput.safeParse({ ...valid, bestPractices: ['ok', NUL], actions: [LONE_LOW] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ 'bestPractices.1': MSG.invalidCharacters, 'actions.0': MSG.invalidCharacters });
  });

  it('leaves passwords alone: they are hashed, never stored as text', () => {
    expect(loginInput.safeParse({ email: 'lea@exemple.fr', password: 'sec\u0000ret\ud800' }).success).toBe(true);
  });
});

/** The names that are one line by nature, among the text inputs above. */
const ONE_LINE_FIELDS = new Map<unknown, string[]>([
  [registerInput, ['firstName', 'lastName']],
  [profileInput, ['lastName']],
  [folderInput, ['name']],
  [featureInput, ['analyzedBy']],
  [creativeInput, ['name', 'advertiser']],
  [adminCreativeInput, ['name', 'advertiser']],
]);
const ONE_LINE_INPUTS = TEXT_INPUTS.filter((c) => ONE_LINE_FIELDS.get(c.schema)?.includes(c.field));

describe('one-line names', () => {
  const parsed = ({ schema, valid, field }: (typeof TEXT_INPUTS)[number], value: string) => {
    const result = schema.safeParse({ ...valid, [field]: value });
    return { ...result, value: (result.data as Record<string, unknown> | undefined)?.[field] };
  };

  it('are the folder, user, creative, advertiser and analyst names', () => {
    expect(ONE_LINE_INPUTS.map((c) => c.field)).toEqual([
      'firstName',
      'lastName',
      'lastName',
      'name',
      'analyzedBy',
      'name',
      'advertiser',
      'name',
      'advertiser',
    ]);
  });

  it.each(ONE_LINE_INPUTS.map((c) => [c.field, c] as const))('%s: line breaks, tabs and runs of spaces fold to one space', (_, input) => {
    expect(parsed(input, '  Léa\r\n\t Marie\u2028\u0085  Sol\n').value).toBe('Léa Marie Sol');
    expect(parsed(input, 'Léa\u202f: Sol\u00a0Rey').value).toBe('Léa\u202f: Sol\u00a0Rey');
  });

  it.each(ONE_LINE_INPUTS.map((c) => [c.field, c] as const))('%s: other control characters are refused in French', (_, input) => {
    for (const bad of ['Léa\u0007', '\u001b[31mLéa', 'Lé\u007fa', 'Léa\u009b']) {
      const result = parsed(input, bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(fieldErrors(result.error as Parameters<typeof fieldErrors>[0])[input.field]).toBe(MSG.controlCharacters);
    }
  });

  it('keep a name of whitespace only required', () => {
    const result = folderInput.safeParse({ name: ' \r\n\t ' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: MSG.folderNameRequired });
  });

  it('leave texts of several lines alone: comments, reasons, the analysis', () => {
    expect(commentInput.parse({ text: 'Bravo\n\tsuite' }).text).toBe('Bravo\n\tsuite');
    expect(rejectionInput.parse({ reason: 'Hors\ncharte' }).reason).toBe('Hors\ncharte');
    expect(foldWhitespace('a\u200bb\ufeffc')).toBe('a\u200bb\ufeffc');
  });
});
