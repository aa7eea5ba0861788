import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { getGateway } from './gateway';
import './index.css';

const root = createRoot(document.getElementById('root')!);

getGateway().then(
  (gateway) =>
    root.render(
      <StrictMode>
        <AppProviders gateway={gateway}>
          <RouterProvider router={createRouter()} />
        </AppProviders>
      </StrictMode>,
    ),
  (err: unknown) => {
    console.error(err);
    root.render(<p role="alert">Créathèque ne peut pas démarrer : configuration du service invalide.</p>);
  },
);
