import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Every keyboard shortcut of the app, in one place: the pages bind handlers to these ids and the
 * 'Raccourcis clavier' overlay lists them.
 */
export const SHORTCUTS = [
  { id: 'search', key: '/', label: '/', description: 'Aller à la recherche', where: 'Galerie, favoris et dossiers' },
  { id: 'prev', key: 'ArrowLeft', label: '←', description: 'Créative précédente de la liste', where: "Page d'une créative" },
  { id: 'next', key: 'ArrowRight', label: '→', description: 'Créative suivante de la liste', where: "Page d'une créative" },
  { id: 'back', key: 'Escape', label: 'Échap', description: 'Retour à la liste', where: "Page d'une créative" },
  { id: 'like', key: 'l', label: 'L', description: "Aimer la créative (ou ne plus l'aimer)", where: "Page d'une créative" },
  { id: 'help', key: '?', label: '?', description: 'Afficher les raccourcis clavier', where: 'Partout' },
] as const;

export type ShortcutId = (typeof SHORTCUTS)[number]['id'];
export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>;

/** Where typing goes, and widgets that use these keys themselves (a video's seek, radio arrows): no shortcut there. */
const OWN_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], video[controls], [role="radiogroup"], [role="tablist"], [role="slider"]';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest(OWN_KEYS) !== null;
}

/** A dialog or a menu is open: its keys (Esc first) are its own. */
function hasOpenLayer(doc: Document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

/** The shortcut a key press means, or null: none while typing, with Ctrl/Meta/Alt, or while a dialog is open. */
export function shortcutFor(event: KeyboardEvent): ShortcutId | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const shortcut = SHORTCUTS.find((s) => s.key === key);
  if (!shortcut) return null;
  const target = event.target instanceof Node ? event.target : null;
  if (hasOpenLayer(target?.ownerDocument ?? document)) return null;
  return shortcut.id;
}

/** Binds handlers to shortcut ids while the component is mounted (the latest handlers are called). */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  // At commit, not after paint: a key pressed right after a change (like, then unlike at once)
  // must reach the handlers of what is on screen.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const id = shortcutFor(event);
      const handler = id ? latest.current[id] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
