import { lazy, useState, type ComponentType } from 'react';

/** A page whose module loads on first visit, and can be loaded ahead (`preload`). */
export interface LazyPage {
  (): React.JSX.Element;
  preload: () => Promise<unknown>;
}

/**
 * A route's page loaded on demand. Once its module is in (a visit, or `preload` before the
 * server-rendered page is hydrated), the page renders at once: hydrating it never suspends, so
 * the server's HTML is adopted as it is instead of waiting behind a Suspense boundary.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    // Decided once per mount: switching from Lazy to the loaded module would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = preload;
  return Page;
}
