import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';

/** The module reads the page once: each test loads a fresh copy after writing its page. */
async function loadWith(content: string | null) {
  document.body.innerHTML = '';
  if (content !== null) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_VIEW_ELEMENT_ID;
    script.textContent = content;
    document.body.append(script);
  }
  vi.resetModules();
  return import('./first-view');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeFirstViewAnswer', () => {
  it('answers the first GET of an inlined URL, once, as 200 JSON', async () => {
    const { takeFirstViewAnswer } = await loadWith(
      JSON.stringify({ '/api/creatives/highlights': { creativeOfMonth: null, featured: null } }),
    );
    const res = takeFirstViewAnswer('/api/creatives/highlights');
    expect(res?.status).toBe(200);
    expect(res?.headers.get('content-type')).toBe('application/json');
    expect(await res?.json()).toEqual({ creativeOfMonth: null, featured: null });
    expect(takeFirstViewAnswer('/api/creatives/highlights')).toBeNull();
  });

  it('matches a query string whatever the order of its parameters', async () => {
    const { takeFirstViewAnswer } = await loadWith(JSON.stringify({ '/api/creatives?a=1&b=2': { items: [], nextCursor: null } }));
    expect(takeFirstViewAnswer('/api/creatives')).toBeNull();
    expect(await takeFirstViewAnswer('/api/creatives?b=2&a=1')?.json()).toEqual({ items: [], nextCursor: null });
  });

  it('keeps the text a server escaped (\\u003c) as the original characters', async () => {
    const { takeFirstViewAnswer } = await loadWith('{"/api/creatives/x":{"name":"\\u003c/script>"}}');
    expect(await takeFirstViewAnswer('/api/creatives/x')?.json()).toEqual({ name: '</script>' });
  });

  it('drops the answers left unused after a write, or once the page is 30 s old', async () => {
    const page = JSON.stringify({ '/api/creatives/a': { id: 'a' }, '/api/creatives/b': { id: 'b' } });
    const first = await loadWith(page);
    first.forgetFirstViewAnswers();
    expect(first.takeFirstViewAnswer('/api/creatives/a')).toBeNull();

    const later = await loadWith(page);
    const now = vi.spyOn(performance, 'now').mockReturnValue(30_001);
    try {
      expect(later.takeFirstViewAnswer('/api/creatives/b')).toBeNull();
    } finally {
      now.mockRestore();
    }
  });

  it('answers nothing without inlined answers, or with unreadable ones', async () => {
    expect((await loadWith(null)).takeFirstViewAnswer('/api/auth/session')).toBeNull();
    expect((await loadWith('{not json')).takeFirstViewAnswer('/api/auth/session')).toBeNull();
  });
});
