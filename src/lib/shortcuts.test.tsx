import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortcutFor, useShortcuts, type ShortcutHandlers } from './shortcuts';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** The shortcut a keydown on `target` means (dispatched for real, read in a document listener). */
function pressOn(target: Element | Document, init: KeyboardEventInit) {
  let seen: ReturnType<typeof shortcutFor> | undefined;
  const listener = (e: KeyboardEvent) => (seen = shortcutFor(e));
  document.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  document.removeEventListener('keydown', listener);
  return seen;
}

function add(html: string): Element {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild!;
}

describe('shortcutFor', () => {
  it('maps the keys of the list', () => {
    expect(pressOn(document.body, { key: '/' })).toBe('search');
    expect(pressOn(document.body, { key: '?', shiftKey: true })).toBe('help');
    expect(pressOn(document.body, { key: 'l' })).toBe('like');
    expect(pressOn(document.body, { key: 'L', shiftKey: true })).toBe('like');
    expect(pressOn(document.body, { key: 'ArrowLeft' })).toBe('prev');
    expect(pressOn(document.body, { key: 'ArrowRight' })).toBe('next');
    expect(pressOn(document.body, { key: 'Escape' })).toBe('back');
    expect(pressOn(document.body, { key: 'x' })).toBeNull();
  });

  it('ignores keys typed in a field', () => {
    for (const html of ['<input type="search" />', '<textarea></textarea>', '<select><option>a</option></select>']) {
      expect(pressOn(add(html), { key: 'l' })).toBeNull();
    }
    const editable = add('<div contenteditable="true"><span>texte</span></div>');
    expect(pressOn(editable.firstElementChild!, { key: '?' })).toBeNull();
  });

  it('ignores keys with Ctrl, Meta or Alt held', () => {
    expect(pressOn(document.body, { key: 'l', ctrlKey: true })).toBeNull();
    expect(pressOn(document.body, { key: 'ArrowLeft', metaKey: true })).toBeNull();
    expect(pressOn(document.body, { key: 'ArrowRight', altKey: true })).toBeNull();
  });

  it('ignores keys while a dialog or a menu is open (their Esc is theirs)', () => {
    const button = add('<button>Ok</button>');
    add('<div role="dialog" aria-modal="true"></div>');
    expect(pressOn(button, { key: 'Escape' })).toBeNull();
    expect(pressOn(document.body, { key: '?' })).toBeNull();
  });

  it('ignores a key another handler already took', () => {
    const button = add('<button>Ok</button>');
    button.addEventListener('keydown', (e) => e.preventDefault());
    expect(pressOn(button, { key: 'Escape' })).toBeNull();
  });
});

function Bound(handlers: ShortcutHandlers) {
  useShortcuts(handlers);
  return <input aria-label="Recherche" />;
}

describe('useShortcuts', () => {
  it('calls the bound handler and keeps the key from the page; unbound keys pass through', () => {
    const like = vi.fn();
    const { getByLabelText } = render(<Bound like={like} />);
    expect(fireEvent.keyDown(document.body, { key: 'l' })).toBe(false);
    expect(like).toHaveBeenCalledTimes(1);
    expect(fireEvent.keyDown(document.body, { key: '?' })).toBe(true);
    fireEvent.keyDown(getByLabelText('Recherche'), { key: 'l' });
    expect(like).toHaveBeenCalledTimes(1);
  });
});
