import antdLocale from 'antd/es/locale/zh_TW';
import { addErrorMessages, ERROR_MESSAGES_ZH, MINING_CLIENT_MESSAGES_ZH } from '@platter/domain';
import { mergeCatalogues, type Catalogue, type LanguagePack } from '../index.ts';

/**
 * Traditional Chinese, a chunk of its own: what the first screen of any page shows (zh.json and the
 * areas the frame and the home page draw with). The other areas' texts are zh.rest.ts, loaded
 * beside the first render; a page other than home waits for them (app/lazy.ts). Found by name.
 */
const pack: LanguagePack = {
  translation: mergeCatalogues(import.meta.glob<Catalogue>(['../zh.json', '../{centreNav,content,inmail,poolPublic}.zh.json'], { eager: true, import: 'default' })),
  rest: () => import('./zh.rest.ts'),
  antdLocale,
};
// The error catalogue's texts in this language (the server's answers and the forms' checks): only the shown language's reach the page.
addErrorMessages('zh', { errors: ERROR_MESSAGES_ZH, mining: MINING_CLIENT_MESSAGES_ZH });
export default pack;
