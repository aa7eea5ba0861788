import { useEffect, useLayoutEffect } from 'react';
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

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions.get(key);
    if (navigation === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [key, hash, navigation]);
  return null;
}
