import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { runEffectsOfInputBeforeItReturns } from './app/effects-after-input';
import { warmFirstView } from './app/first-view';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { getGateway } from './gateway';
import { createQueryClient } from './lib/query-client';
import './index.css';

runEffectsOfInputBeforeItReturns();
const root = createRoot(document.getElementById('root')!);

async function start() {
  const gateway = await getGateway();
  const client = createQueryClient();
  await warmFirstView(client, gateway, window.location);
  root.render(
    <StrictMode>
      <AppProviders gateway={gateway} client={client}>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

start().catch((err: unknown) => {
  console.error(err);
  root.render(<p role="alert">Créathèque ne peut pas démarrer : configuration du service invalide.</p>);
});
