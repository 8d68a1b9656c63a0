import antdLocale from 'antd/es/locale/ru_RU';
import { mergeCatalogues, type Catalogue, type LanguagePack } from '../index.ts';

/** Russian, a chunk of its own: ru.json and every <area>.ru.json beside it (found by name). */
const pack: LanguagePack = {
  translation: mergeCatalogues(import.meta.glob<Catalogue>(['../ru.json', '../*.ru.json'], { eager: true, import: 'default' })),
  antdLocale,
};
export default pack;
