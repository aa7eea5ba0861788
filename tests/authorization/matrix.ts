/**
 * The authorization matrix: every route of the API × every kind of caller → expected status.
 * `authorization.test.ts` calls every cell and fails when a registered route has no row here.
 * Later features add their rows.
 */
export const CALLERS = ['anonymous', 'user', 'agency', 'specialist', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export type Statuses = Record<Caller, number>;

/** A valid body of the admin form (/admin/submit: an image URL instead of a file). */
export const ADMIN_FORM = {
  name: 'Par URL',
  advertiser: 'Marque',
  image: 'https://exemple.fr/visuel.jpg',
  format: 'GIF',
  objective: 'TOFU',
  type: 'Prix',
  sector: 'Mode',
  platform: 'Meta',
};

/** What a cell needs: a resource made fresh for it (destructive calls), or a fresh session. */
export type Fixture =
  | 'approved'
  | 'approvedWithMedia'
  | 'pendingOfAgency'
  | 'pendingOfOtherAgency'
  | 'freshApproved'
  | 'freshPending'
  | 'freshComment'
  | 'comment'
  | 'mediaFile'
  | 'pendingMediaOfAgency'
  | 'pendingMediaOfOtherAgency'
  | 'ownFolder'
  | 'otherFolder'
  | 'freshUser'
  | 'self'
  /** Folders holding the approved creatives (`:creativeId`), for their notes. */
  | 'ownFolderFiled'
  | 'otherFolderFiled'
  /** A share link (`:id` its folder, `:shareId` the link) of the caller's folder, or of another user's. */
  | 'ownShare'
  | 'otherShare'
  /** `:token` of a share link of a folder holding the approved creatives: */
  | 'shareOpen'
  | 'shareDownloadable'
  | 'shareLocked'
  | 'shareExpired'
  | 'shareRevoked'
  | 'shareUnknown'
  /** …of a link of another folder, which holds neither creative. */
  | 'shareOfOtherFolder'
  /** A notification addressed to the caller, or to another user. */
  | 'ownNotification'
  | 'otherNotification';

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered (Hono pattern). */
  route: string;
  expect: Statuses;
  /** Which resource fills `:id` / `:file` (and `:creativeId`, an approved creative); fresh ones per cell for destructive calls. */
  id?: Fixture;
  /** JSON body, or 'creativeForm' for the multipart submit/edit form, 'register' for a unique sign-up, 'forgotPassword' for a unique address. */
  body?: Record<string, unknown> | 'creativeForm' | 'register' | 'login' | 'forgotPassword';
  /** A new session (and, with 'user', a new account) for each cell, for calls that end or change it. */
  freshSession?: 'session' | 'user';
  /** Named variant when one route appears with several fixtures (own / other). */
  variant?: string;
  /** Which approved creative fills `:creativeId` (default: 'approved', which has no media file). */
  creative?: 'approved' | 'approvedWithMedia';
}

const all = (status: number): Statuses => ({ anonymous: status, user: status, agency: status, specialist: status, admin: status });
const signedIn = (status: number): Statuses => ({ anonymous: 401, user: status, agency: status, specialist: status, admin: status });
const staff = (status: number): Statuses => ({ anonymous: 401, user: 403, agency: 403, specialist: status, admin: status });
const submitters = (status: number): Statuses => ({ anonymous: 401, user: 403, agency: status, specialist: status, admin: status });
const agencyOnly = (status: number): Statuses => ({ anonymous: 401, user: 403, agency: status, specialist: 403, admin: 403 });
const adminOnly = (status: number): Statuses => ({ anonymous: 401, user: 403, agency: 403, specialist: 403, admin: status });
/** A pending creative (or its media): its agency and the staff see it, anyone else finds nothing (404, not 403). */
const pendingOfOwnAgency: Statuses = { anonymous: 404, user: 404, agency: 200, specialist: 200, admin: 200 };
const pendingOfOtherAgency: Statuses = { anonymous: 404, user: 404, agency: 404, specialist: 200, admin: 200 };

export const MATRIX: MatrixRow[] = [
  { method: 'GET', route: '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/ready', expect: all(200) },
  // Without METRICS_TOKEN the metrics do not exist; with it, only its Bearer token opens them (tests/operations.test.ts).
  { method: 'GET', route: '/api/metrics', expect: all(404) },
  { method: 'GET', route: '/media/creatives/:file', id: 'mediaFile', expect: all(200) },
  // A pending creative's files: like the creative itself (its poster, card and variants alike).
  {
    method: 'GET',
    route: '/media/creatives/:file',
    variant: 'pending, own agency',
    id: 'pendingMediaOfAgency',
    expect: pendingOfOwnAgency,
  },
  {
    method: 'GET',
    route: '/media/creatives/:file',
    variant: 'pending, other agency',
    id: 'pendingMediaOfOtherAgency',
    expect: pendingOfOtherAgency,
  },

  { method: 'GET', route: '/api/auth/session', expect: all(200) },
  { method: 'POST', route: '/api/auth/register', body: 'register', expect: all(201) },
  { method: 'POST', route: '/api/auth/login', body: 'login', expect: all(200) },
  { method: 'POST', route: '/api/auth/logout', freshSession: 'session', expect: all(200) },
  // Anyone may ask for a reset e-mail (the same answer for any address); the link's token, not a session, allows the reset.
  { method: 'POST', route: '/api/auth/forgot-password', body: 'forgotPassword', expect: all(200) },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    body: { token: 'jeton-inconnu', newPassword: 'nouveau1', confirmPassword: 'nouveau1' },
    expect: all(410),
  },

  { method: 'GET', route: '/api/me', expect: signedIn(200) },
  { method: 'PATCH', route: '/api/me', body: { firstName: 'Nouveau', lastName: 'Nom' }, freshSession: 'user', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/me/password',
    body: { currentPassword: 'demo1234', newPassword: 'nouveau1', confirmPassword: 'nouveau1' },
    freshSession: 'user',
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/me/sessions', expect: signedIn(200) },
  // A fresh account: signing out the other sessions of a shared one would end the other cells' cookies.
  { method: 'POST', route: '/api/me/sessions/revoke-others', freshSession: 'user', expect: signedIn(200) },

  { method: 'GET', route: '/api/notifications', expect: signedIn(200) },
  { method: 'GET', route: '/api/notifications/unread-count', expect: signedIn(200) },
  { method: 'GET', route: '/api/notifications/events', expect: signedIn(200) },
  { method: 'POST', route: '/api/notifications/read-all', expect: signedIn(200) },
  { method: 'POST', route: '/api/notifications/:id/read', id: 'ownNotification', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/notifications/:id/read',
    variant: 'another user’s',
    id: 'otherNotification',
    expect: { anonymous: 401, user: 404, agency: 404, specialist: 404, admin: 404 },
  },
  { method: 'GET', route: '/api/notifications/preferences', expect: signedIn(200) },
  { method: 'PUT', route: '/api/notifications/preferences', body: { email: { comment: true } }, expect: signedIn(200) },

  { method: 'GET', route: '/api/me/export', expect: signedIn(200) },
  // A wrong password deletes nothing (tests/my-data.test.ts deletes with the right one).
  { method: 'DELETE', route: '/api/me', body: { password: 'pas-le-bon' }, freshSession: 'user', expect: signedIn(400) },
  {
    method: 'DELETE',
    route: '/api/me',
    variant: 'right password',
    body: { password: 'demo1234' },
    freshSession: 'user',
    expect: signedIn(200),
  },

  { method: 'GET', route: '/api/creatives', expect: all(200) },
  { method: 'GET', route: '/api/creatives/highlights', expect: all(200) },
  { method: 'GET', route: '/api/creatives/facets', expect: all(200) },
  { method: 'GET', route: '/api/creatives/suggestions?q=cr', expect: all(200) },
  { method: 'GET', route: '/api/creatives/:id', id: 'approved', expect: all(200) },
  { method: 'GET', route: '/api/creatives/:id/similar', id: 'approved', expect: all(200) },
  {
    method: 'GET',
    route: '/api/creatives/:id/similar',
    variant: 'pending, other agency',
    id: 'pendingOfOtherAgency',
    expect: pendingOfOtherAgency,
  },
  {
    method: 'GET',
    route: '/api/creatives/:id',
    variant: 'pending, own agency',
    id: 'pendingOfAgency',
    expect: pendingOfOwnAgency,
  },
  {
    method: 'GET',
    route: '/api/creatives/:id',
    variant: 'pending, other agency',
    id: 'pendingOfOtherAgency',
    expect: pendingOfOtherAgency,
  },
  { method: 'POST', route: '/api/creatives/:id/like', id: 'approved', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/creatives/:id/like', id: 'approved', expect: signedIn(200) },
  { method: 'GET', route: '/api/creatives/:id/download', id: 'approvedWithMedia', expect: signedIn(200) },
  { method: 'GET', route: '/api/creatives/:id/comments', id: 'approved', expect: all(200) },
  { method: 'POST', route: '/api/creatives/:id/comments', id: 'approved', body: { text: 'Bravo' }, expect: signedIn(201) },
  { method: 'POST', route: '/api/creatives', body: 'creativeForm', expect: submitters(201) },
  // The duplicate check before sending (issue 18): whoever may submit; nothing is stored.
  { method: 'POST', route: '/api/creatives/duplicates', body: 'creativeForm', expect: submitters(200) },
  { method: 'PATCH', route: '/api/creatives/:id', id: 'freshApproved', body: 'creativeForm', expect: staff(200) },
  { method: 'DELETE', route: '/api/creatives/:id', id: 'freshApproved', expect: staff(200) },
  { method: 'POST', route: '/api/creatives/:id/approve', id: 'freshPending', expect: staff(200) },
  { method: 'POST', route: '/api/creatives/:id/reject', id: 'freshPending', body: { reason: 'Hors charte' }, expect: staff(200) },
  {
    method: 'POST',
    route: '/api/creatives/:id/feature',
    id: 'freshApproved',
    body: { analyzedBy: 'Julien', rating: 4 },
    expect: staff(200),
  },

  { method: 'POST', route: '/api/comments/:id/like', id: 'comment', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/comments/:id/like', id: 'comment', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/comments/:id', id: 'freshComment', expect: adminOnly(200) },

  { method: 'GET', route: '/api/favorites', expect: signedIn(200) },

  { method: 'GET', route: '/api/review/creatives?status=pending', expect: staff(200) },
  { method: 'GET', route: '/api/review/counts', expect: staff(200) },
  { method: 'GET', route: '/api/review/events', expect: staff(200) },
  { method: 'GET', route: '/api/agency/creatives?status=rejected', expect: agencyOnly(200) },
  { method: 'GET', route: '/api/agency/counts', expect: agencyOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/creatives',
    body: ADMIN_FORM,
    expect: adminOnly(201),
  },

  { method: 'GET', route: '/api/folders', expect: signedIn(200) },
  { method: 'POST', route: '/api/folders', body: { name: 'Inspirations' }, expect: signedIn(201) },
  { method: 'PATCH', route: '/api/folders/:id', id: 'ownFolder', body: { name: 'Renommé' }, expect: signedIn(200) },
  { method: 'PATCH', route: '/api/folders/:id', variant: 'other user', id: 'otherFolder', body: { name: 'Volé' }, expect: signedIn(404) },
  { method: 'DELETE', route: '/api/folders/:id', id: 'ownFolder', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/folders/:id', variant: 'other user', id: 'otherFolder', expect: signedIn(404) },
  { method: 'GET', route: '/api/folders/:id/creatives', id: 'ownFolder', expect: signedIn(200) },
  { method: 'GET', route: '/api/folders/:id/creatives', variant: 'other user', id: 'otherFolder', expect: signedIn(404) },
  { method: 'GET', route: '/api/folders/:id/zip', id: 'ownFolder', expect: signedIn(200) },
  { method: 'GET', route: '/api/folders/:id/zip', variant: 'other user', id: 'otherFolder', expect: signedIn(404) },
  { method: 'PUT', route: '/api/folders/:id/creatives/:creativeId', id: 'ownFolder', expect: signedIn(200) },
  { method: 'PUT', route: '/api/folders/:id/creatives/:creativeId', variant: 'other user', id: 'otherFolder', expect: signedIn(404) },
  { method: 'DELETE', route: '/api/folders/:id/creatives/:creativeId', id: 'ownFolder', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/folders/:id/creatives/:creativeId', variant: 'other user', id: 'otherFolder', expect: signedIn(404) },
  {
    method: 'PUT',
    route: '/api/folders/:id/creatives/:creativeId/note',
    id: 'ownFolderFiled',
    body: { note: 'Pour le client' },
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/folders/:id/creatives/:creativeId/note',
    variant: 'creative not in the folder',
    id: 'ownFolder',
    body: { note: 'Absente' },
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/folders/:id/creatives/:creativeId/note',
    variant: 'other user',
    id: 'otherFolderFiled',
    body: { note: 'Volée' },
    expect: signedIn(404),
  },
  { method: 'GET', route: '/api/folders/:id/shares', id: 'ownFolder', expect: signedIn(200) },
  { method: 'GET', route: '/api/folders/:id/shares', variant: 'other user', id: 'otherFolder', expect: signedIn(404) },
  { method: 'POST', route: '/api/folders/:id/shares', id: 'ownFolder', body: { includeNotes: true }, expect: signedIn(201) },
  {
    method: 'POST',
    route: '/api/folders/:id/shares',
    variant: 'other user',
    id: 'otherFolder',
    body: { allowDownload: true },
    expect: signedIn(404),
  },
  { method: 'DELETE', route: '/api/folders/:id/shares/:shareId', id: 'ownShare', expect: signedIn(200) },
  { method: 'DELETE', route: '/api/folders/:id/shares/:shareId', variant: 'other user', id: 'otherShare', expect: signedIn(404) },

  // Share links: the token alone opens its folder's approved creatives, to anyone, and nothing else.
  { method: 'GET', route: '/api/shares/:token', id: 'shareOpen', expect: all(200) },
  { method: 'GET', route: '/api/shares/:token', variant: 'password not given', id: 'shareLocked', expect: all(401) },
  { method: 'GET', route: '/api/shares/:token', variant: 'expired', id: 'shareExpired', expect: all(410) },
  { method: 'GET', route: '/api/shares/:token', variant: 'revoked', id: 'shareRevoked', expect: all(404) },
  { method: 'GET', route: '/api/shares/:token', variant: 'unknown', id: 'shareUnknown', expect: all(404) },
  { method: 'POST', route: '/api/shares/:token/unlock', id: 'shareLocked', body: { password: 'sesame' }, expect: all(200) },
  {
    method: 'POST',
    route: '/api/shares/:token/unlock',
    variant: 'wrong password',
    id: 'shareLocked',
    body: { password: 'faux' },
    expect: all(400),
  },
  {
    method: 'POST',
    route: '/api/shares/:token/unlock',
    variant: 'expired',
    id: 'shareExpired',
    body: { password: 'sesame' },
    expect: all(410),
  },
  {
    method: 'POST',
    route: '/api/shares/:token/unlock',
    variant: 'revoked',
    id: 'shareRevoked',
    body: { password: 'sesame' },
    expect: all(404),
  },
  { method: 'GET', route: '/api/shares/:token/creatives/:creativeId', id: 'shareOpen', expect: all(200) },
  { method: 'GET', route: '/api/shares/:token/creatives/:creativeId', variant: 'password not given', id: 'shareLocked', expect: all(401) },
  { method: 'GET', route: '/api/shares/:token/creatives/:creativeId', variant: 'expired', id: 'shareExpired', expect: all(410) },
  { method: 'GET', route: '/api/shares/:token/creatives/:creativeId', variant: 'revoked', id: 'shareRevoked', expect: all(404) },
  {
    method: 'GET',
    route: '/api/shares/:token/creatives/:creativeId',
    variant: 'link of another folder',
    id: 'shareOfOtherFolder',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/shares/:token/creatives/:creativeId/download',
    id: 'shareDownloadable',
    creative: 'approvedWithMedia',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/shares/:token/creatives/:creativeId/download',
    variant: 'downloads not allowed',
    id: 'shareOpen',
    creative: 'approvedWithMedia',
    expect: all(403),
  },
  {
    method: 'GET',
    route: '/api/shares/:token/creatives/:creativeId/download',
    variant: 'link of another folder',
    id: 'shareOfOtherFolder',
    creative: 'approvedWithMedia',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/shares/:token/creatives/:creativeId/download',
    variant: 'expired',
    id: 'shareExpired',
    creative: 'approvedWithMedia',
    expect: all(410),
  },
  { method: 'GET', route: '/api/shares/:token/zip', id: 'shareDownloadable', expect: all(200) },
  { method: 'GET', route: '/api/shares/:token/zip', variant: 'downloads not allowed', id: 'shareOpen', expect: all(403) },
  { method: 'GET', route: '/api/shares/:token/zip', variant: 'password not given', id: 'shareLocked', expect: all(401) },
  { method: 'GET', route: '/api/shares/:token/zip', variant: 'expired', id: 'shareExpired', expect: all(410) },
  { method: 'GET', route: '/api/shares/:token/zip', variant: 'revoked', id: 'shareRevoked', expect: all(404) },

  { method: 'GET', route: '/api/users', expect: adminOnly(200) },
  { method: 'PATCH', route: '/api/users/:id/role', id: 'freshUser', body: { role: 'agency' }, expect: adminOnly(200) },
  { method: 'PATCH', route: '/api/users/:id/role', variant: 'self', id: 'self', body: { role: 'user' }, expect: adminOnly(403) },
  { method: 'DELETE', route: '/api/users/:id', id: 'freshUser', expect: adminOnly(200) },
  { method: 'DELETE', route: '/api/users/:id', variant: 'self', id: 'self', expect: adminOnly(403) },

  { method: 'GET', route: '/api/analytics?period=30', expect: staff(200) },
];
