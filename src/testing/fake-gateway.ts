import type { Gateway } from '../gateway/types';

export type GatewayOverrides = { [K in keyof Gateway]?: Partial<Gateway[K]> };

/**
 * A Gateway for component tests: the given methods, and every other one rejecting with a clear
 * error so a test notices an unexpected call. The session is anonymous unless `auth.getSession` is given.
 */
export function fakeGateway(overrides: GatewayOverrides = {}): Gateway {
  const sections = new Map<string, object>();
  const section = (name: string): object => {
    const given: Record<string, unknown> = { ...(overrides as Record<string, Record<string, unknown>>)[name] };
    if (name === 'auth' && !given.getSession) given.getSession = () => Promise.resolve(null);
    return new Proxy(given, {
      get: (target, method) =>
        method in target
          ? target[method as string]
          : () => Promise.reject(new Error(`gateway.${name}.${String(method)} is not faked in this test`)),
    });
  };
  // The cast is the point of a fake: the Proxy answers every section the interface declares.
  return new Proxy({} as Gateway, {
    get: (_target, name: string) => {
      if (!sections.has(name)) sections.set(name, section(name));
      return sections.get(name);
    },
  });
}
