import antdLocale from 'antd/es/locale/ru_RU';
import { addErrorMessages, ERROR_MESSAGES_RU, MINING_CLIENT_MESSAGES_RU } from '@platter/domain';
import { mergeCatalogues, type Catalogue, type LanguagePack } from '../index.ts';

/**
 * Russian, a chunk of its own: what the first screen of any page shows (ru.json and the
 * areas the frame and the home page draw with). The other areas' texts are ru.rest.ts, loaded
 * beside the first render; a page other than home waits for them (app/lazy.ts). Found by name.
 */
const pack: LanguagePack = {
  translation: mergeCatalogues(import.meta.glob<Catalogue>(['../ru.json', '../{centreNav,content,inmail,poolPublic}.ru.json'], { eager: true, import: 'default' })),
  rest: () => import('./ru.rest.ts'),
  antdLocale,
};
// The error catalogue's texts in this language (the server's answers and the forms' checks): only the shown language's reach the page.
addErrorMessages('ru', { errors: ERROR_MESSAGES_RU, mining: MINING_CLIENT_MESSAGES_RU });
export default pack;
