import { lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { SHELL_MSG } from '@domain/messages-shell';
import { paths } from '../config/paths';
import { lazyPage, type LazyPage } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { HomeRoute } from './routes/home-route';

// Home is in the initial bundle; every other page is loaded when first visited, and so are the
// guards of the pages that need an account or a role (none of them is a visitor's first page).
const loadGuards = () => import('./guards');
const GuestOnly = lazy(async () => ({ default: (await loadGuards()).GuestOnly }));
const RequireSignedIn = lazy(async () => ({ default: (await loadGuards()).RequireSignedIn }));
const RequirePermission = lazy(async () => ({ default: (await loadGuards()).RequirePermission }));
const CreativePage = lazyPage(async () => (await import('./routes/creative-route')).CreativeRoute);
const SharedFolderPage = lazyPage(async () => (await import('../features/shares/components/shared-folder-page')).SharedFolderPage);
const SharedCreativePage = lazyPage(async () => (await import('./routes/shared-creative-route')).SharedCreativeRoute);
const LoginPage = lazyPage(async () => (await import('../features/auth/components/login-page')).LoginPage);
const RegisterPage = lazyPage(async () => (await import('../features/auth/components/register-page')).RegisterPage);
const ForgotPasswordPage = lazyPage(async () => (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage);
const ResetPasswordPage = lazyPage(async () => (await import('../features/auth/components/reset-password-page')).ResetPasswordPage);
const AccountPage = lazyPage(async () => (await import('../features/account/components/account-page')).AccountPage);
const FavoritesPage = lazyPage(async () => (await import('../features/favorites/components/favorites-page')).FavoritesPage);
const FoldersPage = lazyPage(async () => (await import('./routes/folders-route')).FoldersRoute);
const SubmitPage = lazyPage(async () => (await import('../features/submit/components/submit-page')).SubmitPage);
const EditCreativePage = lazyPage(async () => (await import('../features/submit/components/edit-creative-page')).EditCreativePage);
const AgencyPage = lazyPage(async () => (await import('../features/agency/components/agency-page')).AgencyPage);
const ReviewPage = lazyPage(async () => (await import('../features/review/components/review-page')).ReviewPage);
const AdminSubmitPage = lazyPage(async () => (await import('../features/admin-submit/components/admin-submit-page')).AdminSubmitPage);
const AnalyticsPage = lazyPage(async () => (await import('../features/analytics/components/analytics-page')).AnalyticsPage);
const UsersPage = lazyPage(async () => (await import('../features/users/components/users-page')).UsersPage);

/** Every page of the app (spec §2), under the shared layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<HomeRoute />} />
        <Route path={paths.creativePattern} element={<CreativePage />} />
        {/* A folder's share link: public, no account. */}
        <Route path={paths.sharePattern} element={<SharedFolderPage />} />
        <Route path={paths.sharedCreativePattern} element={<SharedCreativePage />} />
        <Route element={<GuestOnly />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        </Route>
        {/* The reset e-mail's link: open to anyone holding it, signed in or not. */}
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route element={<RequireSignedIn />}>
          <Route path={paths.account} element={<AccountPage />} />
          <Route path={paths.favorites} element={<FavoritesPage />} />
          <Route path={paths.folders} element={<FoldersPage />} />
        </Route>
        <Route element={<RequirePermission action="creative:submit" signedOutMessage={SHELL_MSG.mustBeLoggedToSubmit} />}>
          <Route path={paths.submit} element={<SubmitPage />} />
        </Route>
        <Route element={<RequirePermission action="creative:update" />}>
          <Route path={paths.creativeEditPattern} element={<EditCreativePage />} />
        </Route>
        <Route element={<RequirePermission action="creative:own-submissions" />}>
          <Route path={paths.agencyCreatives} element={<AgencyPage />} />
        </Route>
        <Route element={<RequirePermission action="creative:review" />}>
          <Route path={paths.adminCreatives} element={<ReviewPage />} />
        </Route>
        <Route element={<RequirePermission action="creative:admin-form" />}>
          <Route path={paths.adminSubmit} element={<AdminSubmitPage />} />
        </Route>
        <Route element={<RequirePermission action="analytics:read" />}>
          <Route path={paths.adminAnalytics} element={<AnalyticsPage />} />
        </Route>
        <Route element={<RequirePermission action="user:manage" />}>
          <Route path={paths.adminUsers} element={<UsersPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The pages the server renders to HTML, by pattern: loaded before hydration (and by the server before rendering). */
const SERVER_RENDERED: [string, LazyPage][] = [
  [paths.creativePattern, CreativePage],
  [paths.sharePattern, SharedFolderPage],
  [paths.sharedCreativePattern, SharedCreativePage],
];

/** Loads the module of the lazy page `pathname` shows, when the server renders it (home is already in). */
export async function preloadPageOf(pathname: string): Promise<void> {
  const page = SERVER_RENDERED.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  await page?.preload();
}
