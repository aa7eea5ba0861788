import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { warmFirstView } from './app/first-view';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPageOf } from './app/router';
import { getGateway } from './gateway';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root')!;

async function start() {
  const gateway = await getGateway();
  const client = createQueryClient();
  const app = (
    <StrictMode>
      <AppProviders gateway={gateway} client={client}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // A page the server rendered (server/render/) is adopted as it is: its data and its page's module
  // are in before the first render, so that render gives the same markup.
  if (container.hasChildNodes()) {
    await Promise.all([warmFirstView(client, gateway, window.location), preloadPageOf(window.location.pathname)]);
    hydrateRoot(container, app);
  } else {
    await warmFirstView(client, gateway, window.location);
    createRoot(container).render(app);
  }
}

start().catch((err: unknown) => {
  console.error(err);
  createRoot(container).render(<p role="alert">Créathèque ne peut pas démarrer : configuration du service invalide.</p>);
});
