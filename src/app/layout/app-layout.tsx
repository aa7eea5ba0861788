import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { SessionEndedRedirect } from '../session-ended';
import { ScrollRestoration } from './scroll-restoration';
import { TopBar } from './top-bar';

// The footer's shortcuts (and their keys) come right after the page's script: a server-rendered
// footer keeps its markup until then, a client-rendered one shows the button when it arrives.
const KeyboardShortcuts = lazy(async () => ({ default: (await import('./keyboard-shortcuts')).KeyboardShortcuts }));

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Aller au contenu
      </a>
      <TopBar />
      <main id="contenu" className="flex-1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="flex flex-col items-center gap-2 border-t border-slate-200 bg-white px-4 py-6 text-center text-xs text-slate-500">
        <p>Créathèque · la bibliothèque de créatives publicitaires analysées</p>
        <Suspense fallback={null}>
          <KeyboardShortcuts />
        </Suspense>
      </footer>
      <Toaster />
      <ScrollRestoration />
      <SessionEndedRedirect />
    </div>
  );
}
