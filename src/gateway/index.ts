import type { Gateway } from './types';
import { createHttpGateway } from './http';

export type { Gateway } from './types';
export { GatewayError } from './types';

let gateway: Gateway | null = null;

/** The backend chosen once at start-up (src/config/env.ts: VITE_BACKEND). */
export function getGateway(): Gateway {
  gateway ??= createHttpGateway();
  return gateway;
}
