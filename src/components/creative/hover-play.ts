import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/** How long the pointer rests on a video card before it plays. */
export const HOVER_PLAY_DELAY_MS = 250;

export interface HoverPlayer {
  /** The pointer came over the media: play after the delay. */
  hoverStart: () => void;
  /** The pointer left: stop. */
  hoverEnd: () => void;
  /** A tap on a touch screen: play or stop at once. */
  toggle: () => void;
  stop: () => void;
}

/** The card playing now: at most one plays at a time. */
let current: HoverPlayer | null = null;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A card's player: it tells `onChange` when its video should play or stop; nothing plays with reduced motion. */
export function createHoverPlayer(onChange: (playing: boolean) => void): HoverPlayer {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let playing = false;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const play = () => {
    cancel();
    if (playing || prefersReducedMotion()) return;
    if (current && current !== player) current.stop();
    current = player;
    playing = true;
    onChange(true);
  };
  const player: HoverPlayer = {
    hoverStart: () => {
      cancel();
      if (!playing && !prefersReducedMotion()) timer = setTimeout(play, HOVER_PLAY_DELAY_MS);
    },
    hoverEnd: () => player.stop(),
    toggle: () => (playing ? player.stop() : play()),
    stop: () => {
      cancel();
      if (current === player) current = null;
      if (!playing) return;
      playing = false;
      onChange(false);
    },
  };
  return player;
}

/**
 * Hover-play for a card's media: whether its video is on, and the pointer handlers to spread on the
 * media. A mouse (or pen) resting 250 ms plays it; a touch tap toggles it and does not follow the
 * card's link; keyboard focus never plays.
 */
export function useHoverPlay(enabled: boolean) {
  const [playing, setPlaying] = useState(false);
  const [player] = useState(() => createHoverPlayer(setPlaying));
  const lastPointer = useRef<string>('mouse');
  useEffect(() => () => player.stop(), [player]);
  if (!enabled) return { playing: false, handlers: {} };
  return {
    playing,
    handlers: {
      onPointerEnter: (e: PointerEvent) => {
        if (e.pointerType !== 'touch') player.hoverStart();
      },
      onPointerLeave: (e: PointerEvent) => {
        if (e.pointerType !== 'touch') player.hoverEnd();
      },
      onPointerDown: (e: PointerEvent) => {
        lastPointer.current = e.pointerType;
      },
      onClick: (e: MouseEvent) => {
        if (lastPointer.current !== 'touch') return;
        e.preventDefault();
        player.toggle();
      },
    },
  };
}
