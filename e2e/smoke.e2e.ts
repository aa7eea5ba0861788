import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser';

describe('smoke: the production server', () => {
  it('GET /api/health answers 200 {status: "ok"}', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the home page with a <title>', async () => {
    const page = await newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.locator('head > title').count()).toBe(1);
    expect((await page.title()).trim()).not.toBe('');
    await screenshot(page, 'smoke-home');
  });
});
