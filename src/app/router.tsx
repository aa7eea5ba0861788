import { createBrowserRouter } from 'react-router';
import { MSG } from '@domain/messages';
import { paths } from '../config/paths';
import { GuestOnly, RequirePermission, RequireSignedIn } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { HomeRoute } from './routes/home-route';

/** Home is in the initial bundle; every other page is loaded when first visited. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { path: paths.home, element: <HomeRoute /> },
        { path: paths.creativePattern, lazy: async () => ({ Component: (await import('./routes/creative-route')).CreativeRoute }) },
        // A folder's share link: public, no account (issue 18).
        {
          path: paths.sharePattern,
          lazy: async () => ({ Component: (await import('../features/shares/components/shared-folder-page')).SharedFolderPage }),
        },
        {
          path: paths.sharedCreativePattern,
          lazy: async () => ({ Component: (await import('./routes/shared-creative-route')).SharedCreativeRoute }),
        },
        {
          element: <GuestOnly />,
          children: [
            { path: paths.login, lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }) },
            {
              path: paths.register,
              lazy: async () => ({ Component: (await import('../features/auth/components/register-page')).RegisterPage }),
            },
            {
              path: paths.forgotPassword,
              lazy: async () => ({ Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage }),
            },
          ],
        },
        // The reset e-mail's link: open to anyone holding it, signed in or not (issue 19).
        {
          path: paths.resetPassword,
          lazy: async () => ({ Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage }),
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
            {
              path: paths.folders,
              lazy: async () => ({ Component: (await import('./routes/folders-route')).FoldersRoute }),
            },
          ],
        },
        {
          element: <RequirePermission action="creative:submit" signedOutMessage={MSG.mustBeLoggedToSubmit} />,
          children: [
            {
              path: paths.submit,
              lazy: async () => ({ Component: (await import('../features/submit/components/submit-page')).SubmitPage }),
            },
          ],
        },
        {
          element: <RequirePermission action="creative:update" />,
          children: [
            {
              path: paths.creativeEditPattern,
              lazy: async () => ({ Component: (await import('../features/submit/components/edit-creative-page')).EditCreativePage }),
            },
          ],
        },
        {
          element: <RequirePermission action="creative:own-submissions" />,
          children: [
            {
              path: paths.agencyCreatives,
              lazy: async () => ({ Component: (await import('../features/agency/components/agency-page')).AgencyPage }),
            },
          ],
        },
        {
          element: <RequirePermission action="creative:review" />,
          children: [
            {
              path: paths.adminCreatives,
              lazy: async () => ({ Component: (await import('../features/review/components/review-page')).ReviewPage }),
            },
          ],
        },
        {
          element: <RequirePermission action="creative:admin-form" />,
          children: [
            {
              path: paths.adminSubmit,
              lazy: async () => ({ Component: (await import('../features/admin-submit/components/admin-submit-page')).AdminSubmitPage }),
            },
          ],
        },
        {
          element: <RequirePermission action="analytics:read" />,
          children: [
            {
              path: paths.adminAnalytics,
              lazy: async () => ({ Component: (await import('../features/analytics/components/analytics-page')).AnalyticsPage }),
            },
          ],
        },
        {
          element: <RequirePermission action="user:manage" />,
          children: [
            {
              path: paths.adminUsers,
              lazy: async () => ({ Component: (await import('../features/users/components/users-page')).UsersPage }),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
