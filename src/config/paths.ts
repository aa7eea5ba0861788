/** Every route of spec §2, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  /** 'Mot de passe oublié ?' (issue 19), and the page the reset e-mail's link opens (?token=… or Firebase's ?oobCode=…). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  creative: (id: string) => `/creatives/${encodeURIComponent(id)}`,
  creativePattern: '/creatives/:id',
  creativeEdit: (id: string) => `/creatives/${encodeURIComponent(id)}/edit`,
  creativeEditPattern: '/creatives/:id/edit',
  submit: '/submit',
  favorites: '/favorites',
  folders: '/folders',
  /** A folder's share link (issue 18): public, no account needed. */
  share: (token: string) => `/partage/${encodeURIComponent(token)}`,
  sharePattern: '/partage/:token',
  sharedCreative: (token: string, id: string) => `/partage/${encodeURIComponent(token)}/${encodeURIComponent(id)}`,
  sharedCreativePattern: '/partage/:token/:creativeId',
  agencyCreatives: '/agency/creatives',
  adminCreatives: '/admin/creatives',
  adminSubmit: '/admin/submit',
  adminAnalytics: '/admin/analytics',
  adminUsers: '/admin/users',
} as const;
