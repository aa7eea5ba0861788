/** Every route of spec §2, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  account: '/account',
  creative: (id: string) => `/creatives/${encodeURIComponent(id)}`,
  creativePattern: '/creatives/:id',
  creativeEdit: (id: string) => `/creatives/${encodeURIComponent(id)}/edit`,
  creativeEditPattern: '/creatives/:id/edit',
  submit: '/submit',
  favorites: '/favorites',
  folders: '/folders',
  agencyCreatives: '/agency/creatives',
  adminCreatives: '/admin/creatives',
  adminSubmit: '/admin/submit',
  adminAnalytics: '/admin/analytics',
  adminUsers: '/admin/users',
} as const;
