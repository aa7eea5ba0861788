import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'creatheque:scroll';
const positions = new Map<string, number>(readSaved());

function readSaved(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

/**
 * Back to a list comes back where it was left; a new page starts at its top (or at its #anchor).
 * Positions are kept per history entry, also across a reload (sessionStorage), like a browser
 * does for whole pages.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigation = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // storage full or refused: positions still work within this page's life
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  // Each scroll is the position of the entry on screen: the key changes at the commit that shows a
  // new entry, before the scroll that commit causes (a new page's top, or the browser clamping).
  const current = useRef(key);
  useEffect(() => {
    const onScroll = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const saved = positions.get(key);
    if (navigation === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [key, hash, navigation]);
  return null;
}
