import * as React from 'react';
import type { Gateway } from './types';

const GatewayContext = React.createContext<Gateway | null>(null);

export function GatewayProvider({ gateway, children }: { gateway: Gateway; children: React.ReactNode }) {
  return <GatewayContext.Provider value={gateway}>{children}</GatewayContext.Provider>;
}

/** The backend the app was started with (tests pass their own). */
export function useGateway(): Gateway {
  const gateway = React.useContext(GatewayContext);
  if (!gateway) throw new Error('useGateway must be used inside <GatewayProvider>');
  return gateway;
}
