import antdLocale from 'antd/es/locale/zh_TW';
import { mergeCatalogues, type Catalogue, type LanguagePack } from '../index.ts';

/** Traditional Chinese, a chunk of its own: zh.json and every <area>.zh.json beside it (found by name). */
const pack: LanguagePack = {
  translation: mergeCatalogues(import.meta.glob<Catalogue>(['../zh.json', '../*.zh.json'], { eager: true, import: 'default' })),
  antdLocale,
};
export default pack;
