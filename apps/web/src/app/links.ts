/** Build-time external links of the header (spec doc 2 §2: help centre and app download). */
export const HELP_URL: string = import.meta.env.VITE_HELP_URL || 'https://help.platter.example';
export const APP_URL: string = import.meta.env.VITE_APP_URL || 'https://app.platter.example';

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
