/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External help centre, opened in a new tab from the header. */
  readonly VITE_HELP_URL?: string;
  /** External app download page. */
  readonly VITE_APP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
