import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '@domain/messages';
import { creativeInput } from '@domain/schemas/creative';
import { folderInput } from '@domain/schemas/folder';
import { fieldErrors } from '@domain/schemas/validate';
import { insertCreative } from './helpers/fixtures';
import { isKnownMessage } from './helpers/known-messages';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';
import { creativeForm, VALID_FORM } from './helpers/uploads';

/** Issue 14, defect 4: every validation message a user can read is French, from domain/messages.ts. */

const SCHEMA_DIR = path.join(import.meta.dirname, '../domain/schemas');

/** Every zod schema exported by domain/schemas/*.ts, by 'module.export' name (a new schema joins by itself). */
async function domainSchemas(): Promise<[string, z.ZodType][]> {
  const files = fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found: [string, z.ZodType][] = [];
  for (const file of files) {
    const module = (await import(path.join(SCHEMA_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (value instanceof z.ZodType) found.push([`${file}.${name}`, value]);
  }
  return found;
}

/** Inputs a client can send: anything, and objects with the schema's own keys holding anything. */
function inputsFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const anything = fc.anything({ withNullPrototype: false, maxDepth: 3 });
  if (!(schema instanceof z.ZodObject)) return anything;
  const keys = Object.keys(schema.shape as object);
  return fc.oneof(anything, fc.record(Object.fromEntries(keys.map((k) => [k, anything])), { requiredKeys: [] }));
}

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('validation messages of the domain schemas', () => {
  it('names a wrong type, a missing field and an unnamed limit in French', () => {
    expect(fieldErrors(folderInput.safeParse([]).error!)).toEqual({ _: MSG.invalidInput });
    expect(fieldErrors(folderInput.safeParse(null).error!)).toEqual({ _: MSG.invalidInput });
    const base = { name: 'Créa', format: ['GIF'], objective: ['TOFU'], type: ['Prix'], sector: ['Mode'], platform: ['Meta'] };
    expect(
      fieldErrors(creativeInput.safeParse({ ...base, attention: 42, bestPractices: 'une ligne', isJuntoAngel: 'oui' }).error!),
    ).toEqual({
      attention: MSG.invalidInput,
      bestPractices: MSG.invalidInput,
      isJuntoAngel: MSG.invalidInput,
    });
    expect(fieldErrors(creativeInput.safeParse({ ...base, desire: 'x'.repeat(5001), actions: Array(51).fill('a') }).error!)).toEqual({
      desire: MSG.textMax(5000),
      actions: MSG.tooManyItems(50),
    });
    // A schema's own message still wins: a name of the wrong type reads as the missing name.
    expect(fieldErrors(creativeInput.safeParse({ ...base, name: 42 }).error!)).toEqual({ name: MSG.fieldRequired });
  });

  it('gives only messages of domain/messages.ts, whatever the input (property)', async () => {
    const schemas = await domainSchemas();
    expect(schemas.length).toBeGreaterThanOrEqual(15);
    for (const [name, schema] of schemas) {
      fc.assert(
        fc.property(inputsFor(schema), (input) => {
          for (const message of messagesOf(schema, input)) expect(isKnownMessage(message), `${name}: ${message}`).toBe(true);
        }),
        { seed: 14_004, numRuns: 150 },
      );
    }
  });
});

describe('validation messages of the API', () => {
  let t: TestApp;
  let cookies: Record<'user' | 'admin', string>;
  let creativeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookies = { user: (await t.loginAs('user')).cookie, admin: (await t.loginAs('admin')).cookie };
    creativeId = (await insertCreative(t.db)).id;
  });
  afterAll(() => t.close());

  it('answers a body of the wrong type in French', async () => {
    const folder = await t.request<ApiError>('POST', '/api/folders', { cookie: cookies.user, body: [] });
    expect(folder.status).toBe(400);
    expect(folder.body.error).toEqual({ code: 'VALIDATION', message: MSG.invalidInput, fields: { _: MSG.invalidInput } });

    const profile = await t.request<ApiError>('PATCH', '/api/me', { cookie: cookies.user, body: { firstName: 42, lastName: ['x'] } });
    expect(profile.body.error.fields).toEqual({ firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired });

    const comment = await t.request<ApiError>('POST', `/api/creatives/${creativeId}/comments`, {
      cookie: cookies.user,
      body: { text: {} },
    });
    expect(comment.body.error.fields).toEqual({ text: MSG.commentRequired });
  });

  it("answers the submission's data and the queries in French", async () => {
    const edit = await t.request<ApiError>('PATCH', `/api/creatives/${creativeId}`, {
      cookie: cookies.admin,
      body: creativeForm({ ...VALID_FORM, attention: ['liste'], bestPractices: { a: 1 }, interest: 'x'.repeat(5001) }),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields).toEqual({ attention: MSG.invalidInput, bestPractices: MSG.invalidInput, interest: MSG.textMax(5000) });

    const search = await t.request<ApiError>('GET', `/api/creatives?q=${'x'.repeat(101)}&sort=au-hasard`);
    expect(search.body.error.fields).toEqual({ q: MSG.textMax(100), sort: MSG.invalidInput });

    const users = await t.request<ApiError>('GET', '/api/users?role=chef', { cookie: cookies.admin });
    expect(users.body.error.fields).toEqual({ role: MSG.invalidInput });

    // Every message is one of domain/messages.ts, this one included.
    const notMultipart = await t.request<ApiError>('PATCH', `/api/creatives/${creativeId}`, { cookie: cookies.admin, body: VALID_FORM });
    expect(notMultipart.body.error).toEqual({ code: 'VALIDATION', message: MSG.uploadFormInvalid });
  });
});
