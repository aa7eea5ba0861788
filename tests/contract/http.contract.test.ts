import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe } from 'vitest';
import { createHttpGateway } from '@/gateway/http';
import { createTestApp, createUser, TEST_PASSWORD, uniqueEmail } from '../helpers/test-app';
import { pngBytes } from '../helpers/uploads';
import { gatewayContract } from './gateway-contract';
import type { ContractHarness } from './harness';
import { nodeTransport } from './node-transport';

/** The http adapter against the real server, listening on a loopback port. */
async function httpHarness(): Promise<ContractHarness> {
  // Start on a free port first, then build the app with that origin as its public URL.
  const placeholder = serve({ fetch: () => new Response(null), hostname: '127.0.0.1', port: 0 });
  await new Promise((r) => placeholder.once('listening', r));
  const port = (placeholder.address() as AddressInfo).port;
  await new Promise((r) => placeholder.close(r));

  const baseUrl = `http://127.0.0.1:${port}`;
  // Every client here is one loopback address, and the paging cases sign in more accounts than a minute's allowance;
  // they also write whole pages of creatives, comments and accounts in seconds, on purpose: no write budget.
  const t = await createTestApp({ env: { PUBLIC_URL: baseUrl, PORT: String(port), AUTH_RATE_LIMIT: '10000', WRITE_RATE_LIMIT: 'off' } });
  const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port });
  await new Promise((r) => server.once('listening', r));
  const gatewayFor = () => createHttpGateway(nodeTransport(baseUrl));

  return {
    name: 'http',
    anonymous: gatewayFor,
    async signedIn(role) {
      const account = await createUser(t.deps, { email: uniqueEmail(role), role });
      const gateway = gatewayFor();
      const user = await gateway.auth.login({ email: account.email, password: TEST_PASSWORD });
      return { gateway, user, password: TEST_PASSWORD };
    },
    image: async () => new File([new Uint8Array(await pngBytes())], 'visuel.png', { type: 'image/png' }),
    async close() {
      (server as import('node:http').Server).closeAllConnections();
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
}

describe('Gateway contract — http adapter', () => {
  gatewayContract(httpHarness);
});
