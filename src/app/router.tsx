import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { HomePage } from '../features/gallery/components/home-page';
import { GuestOnly, RequireSignedIn } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

/** Home is in the initial bundle; every other page is loaded when first visited. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { path: paths.home, element: <HomePage /> },
        { path: paths.creativePattern, lazy: async () => ({ Component: (await import('./routes/creative-route')).CreativeRoute }) },
        {
          element: <GuestOnly />,
          children: [
            { path: paths.login, lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }) },
            {
              path: paths.register,
              lazy: async () => ({ Component: (await import('../features/auth/components/register-page')).RegisterPage }),
            },
          ],
        },
        {
          element: <RequireSignedIn />,
          children: [
            {
              path: paths.account,
              lazy: async () => ({ Component: (await import('../features/account/components/account-page')).AccountPage }),
            },
            {
              path: paths.favorites,
              lazy: async () => ({ Component: (await import('../features/favorites/components/favorites-page')).FavoritesPage }),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
