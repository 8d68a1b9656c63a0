import antdLocale from 'antd/es/locale/en_US';
import { mergeCatalogues, type Catalogue, type LanguagePack } from '../index.ts';

/**
 * English, a chunk of its own: what the first screen of any page shows (en.json and the
 * areas the frame and the home page draw with). The other areas' texts are en.rest.ts, loaded
 * beside the first render; a page other than home waits for them (app/lazy.ts). Found by name.
 */
const pack: LanguagePack = {
  translation: mergeCatalogues(import.meta.glob<Catalogue>(['../en.json', '../{centreNav,content,inmail,poolPublic}.en.json'], { eager: true, import: 'default' })),
  rest: () => import('./en.rest.ts'),
  antdLocale,
};
export default pack;
