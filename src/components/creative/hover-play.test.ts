import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverPlayer, HOVER_PLAY_DELAY_MS } from './hover-play';

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList);
}

describe('createHoverPlayer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays after 250 ms of hover, not before; stops on leave', () => {
    const onChange = vi.fn();
    const player = createHoverPlayer(onChange);
    player.hoverStart();
    vi.advanceTimersByTime(HOVER_PLAY_DELAY_MS - 1);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenLastCalledWith(true);
    player.hoverEnd();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('does not play when the pointer leaves before the delay', () => {
    const onChange = vi.fn();
    const player = createHoverPlayer(onChange);
    player.hoverStart();
    vi.advanceTimersByTime(100);
    player.hoverEnd();
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('plays one card at a time: the next one stops the previous', () => {
    const first = vi.fn();
    const second = vi.fn();
    const a = createHoverPlayer(first);
    const b = createHoverPlayer(second);
    a.toggle();
    expect(first).toHaveBeenLastCalledWith(true);
    b.hoverStart();
    vi.advanceTimersByTime(HOVER_PLAY_DELAY_MS);
    expect(first).toHaveBeenLastCalledWith(false);
    expect(second).toHaveBeenLastCalledWith(true);
  });

  it('a tap toggles at once', () => {
    const onChange = vi.fn();
    const player = createHoverPlayer(onChange);
    player.toggle();
    expect(onChange).toHaveBeenLastCalledWith(true);
    player.toggle();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('never plays with prefers-reduced-motion: reduce', () => {
    setReducedMotion(true);
    const onChange = vi.fn();
    const player = createHoverPlayer(onChange);
    player.hoverStart();
    vi.advanceTimersByTime(1000);
    player.toggle();
    expect(onChange).not.toHaveBeenCalled();
  });
});
