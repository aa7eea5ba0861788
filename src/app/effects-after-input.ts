import { options } from 'preact';

/**
 * The browser build renders with Preact (docs/decisions/018). Preact runs effects — and the
 * cleanups of what unmounts — after the next frame, always. React runs those of an update made by a
 * discrete input (a click, a key) before the event returns: a dialog closed with Escape has given
 * the page back (Radix's aria-hidden and pointer-events lifted) before anything else happens, and a
 * second key press sees the first one's effects. This gives Preact the same timing for those
 * updates; the others keep running after the frame, as in both renderers.
 */

const DISCRETE_EVENTS = new Set([
  'click',
  'auxclick',
  'contextmenu',
  'keydown',
  'keyup',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'input',
  'change',
  'submit',
  'reset',
  'focusin',
  'focusout',
  'copy',
  'paste',
]);

/** The minimum wait for a frame (Preact's own: 35 ms, 30 Hz), in case rAF does not fire (hidden tab). */
const FRAME_TIMEOUT_MS = 35;

function afterNextFrame(callback: () => void): void {
  let raf = 0;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(raf);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, FRAME_TIMEOUT_MS);
  raf = requestAnimationFrame(done);
}

/** The event being dispatched, if any (`window.event`: still set while its microtasks run). */
function currentEventType(): string | undefined {
  return (window as { event?: Event }).event?.type;
}

export function runEffectsOfInputBeforeItReturns(): void {
  options.requestAnimationFrame = (flush: () => void) => {
    const type = currentEventType();
    if (type !== undefined && DISCRETE_EVENTS.has(type)) queueMicrotask(flush);
    else afterNextFrame(flush);
  };
}
