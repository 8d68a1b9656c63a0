import antdLocale from 'antd/es/locale/en_US';
import { mergeCatalogues, type Catalogue, type LanguagePack } from '../index.ts';

/** English, a chunk of its own: en.json and every <area>.en.json beside it (found by name). */
const pack: LanguagePack = {
  translation: mergeCatalogues(import.meta.glob<Catalogue>(['../en.json', '../*.en.json'], { eager: true, import: 'default' })),
  antdLocale,
};
export default pack;
