import { lazy, Suspense, useEffect } from 'react';
import { TOAST_DURATION_MS } from '@domain/limits';

/*
 * sonner is loaded after the first paint so it stays out of the home page's initial bundle.
 * Toasts raised before it is ready wait for the toaster to mount.
 */
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

const Sonner = lazy(async () => {
  const { Toaster: SonnerToaster } = await import('sonner');
  function ReadyToaster() {
    useEffect(() => markReady(), []);
    return (
      <SonnerToaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
        containerAriaLabel="Notifications"
        toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
        // Below the sticky 64 px top bar, so a toast never hides its entries (Déconnexion, the hamburger).
        offset={{ top: 80, right: 24, bottom: 24, left: 24 }}
        mobileOffset={{ top: 72, right: 16, bottom: 16, left: 16 }}
      />
    );
  }
  return { default: ReadyToaster };
});

/** Toasts close by themselves after 5000 ms (spec §9). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <Sonner />
    </Suspense>
  );
}

async function show(kind: 'success' | 'error' | 'message', message: string): Promise<void> {
  const [{ toast: sonnerToast }] = await Promise.all([import('sonner'), ready]);
  if (kind === 'message') sonnerToast(message);
  else sonnerToast[kind](message);
}

export const toast = {
  success: (message: string) => void show('success', message),
  error: (message: string) => void show('error', message),
  info: (message: string) => void show('message', message),
};
