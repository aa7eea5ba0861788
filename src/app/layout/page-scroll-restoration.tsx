import { useContext, useLayoutEffect } from 'react';
import { ScrollRestoration, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

/**
 * React Router's scroll restoration (Back to a list comes back where it was left), made sure to
 * land. The router restores the position in a layout effect of its own component; Preact (the
 * browser build's renderer) commits that component before it has rendered the page it navigates
 * to, so the position is clamped to the page left behind (a detail page, shorter than a list of 27
 * cards). The position is applied again once everything queued for this navigation has rendered —
 * a microtask, before the browser paints — when it did not land.
 */
export function PageScrollRestoration() {
  const target = useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition;
  const { key } = useLocation();
  useLayoutEffect(() => {
    if (typeof target !== 'number') return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled && Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
    });
    return () => {
      cancelled = true;
    };
  }, [key, target]);
  return <ScrollRestoration />;
}
