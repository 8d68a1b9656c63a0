/**
 * Build-time links of the header (spec doc 2 §2: an external help centre and app download,
 * opened in a new tab). Unset, they open the site's own help and download centre.
 */
export const HELP_URL: string = import.meta.env.VITE_HELP_URL || '/help';
export const APP_URL: string = import.meta.env.VITE_APP_URL || '/help/download';

/** Routes the frame links to. */
export const ROUTES = {
  home: '/',
  login: '/request',
  register: '/register',
  assets: '/assets',
  watcher: '/watcher',
  bulletin: '/help/bulletin',
  inmail: '/inmail',
  inmailMessage: (id: string) => `/inmail?id=${encodeURIComponent(id)}`,
  center: '/center',
  security: '/security',
  address: '/address',
  agreement: '/agreement',
  privacy: '/privacy',
  admin: '/admin',
  pools: (poolType: string) => `/mypools/${encodeURIComponent(poolType)}`,
} as const;
