import { clientEnv } from '../config/env';
import type { Gateway } from './types';
import { createHttpGateway } from './http';

export type { Gateway } from './types';
export { GatewayError } from './types';

let gateway: Promise<Gateway> | null = null;

/**
 * The backend chosen once at start-up (src/config/env.ts: VITE_BACKEND). Asynchronous so that an
 * adapter can be loaded on demand without entering the initial bundle of the other mode.
 */
export function getGateway(): Promise<Gateway> {
  gateway ??= selectGateway(clientEnv.backend);
  return gateway;
}

async function selectGateway(backend: typeof clientEnv.backend): Promise<Gateway> {
  switch (backend) {
    case 'http':
      return createHttpGateway();
    case 'firebase': {
      // A dynamic import: the Firebase SDK is a chunk of its own, fetched only in Firebase mode.
      // The build-time test is statically false in an http build, so the bundler drops the SDK.
      if (import.meta.env.VITE_BACKEND !== 'firebase') throw new Error('Invalid web app configuration: not a Firebase build');
      const config = clientEnv.firebase;
      if (!config) throw new Error('Invalid web app configuration: Firebase settings missing');
      return (await import('./firebase')).createFirebaseGateway(config);
    }
  }
}
