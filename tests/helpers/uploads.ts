import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Creative } from '@domain/types';
import { creativeForm, VALID_FORM } from './creative-form';
import type { TestApp } from './test-app';

export { creativeForm, VALID_FORM };

export async function pngBytes(width = 40, height = 50): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
}

export function demoVideoBytes(): Buffer {
  return fs.readFileSync(path.join(import.meta.dirname, '../../server/db/seed/assets/appli-budget.mp4'));
}

/** A real file's bytes followed by zeros up to `size` (type sniffing only reads the start). */
export function padTo(head: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size);
  head.copy(out, 0, 0, Math.min(head.length, size));
  return out;
}

/** Submits a valid creative with this file as `cookie`'s account (201 expected); the created creative. */
export async function submitCreative(t: TestApp, cookie: string, bytes: Buffer, name: string, type: string): Promise<Creative> {
  const res = await t.request<Creative>('POST', '/api/creatives', { cookie, body: creativeForm(VALID_FORM, { bytes, name, type }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
