import { mergeCatalogues, type Catalogue } from '../index.ts';

/** The areas' texts the first screen does not need (zh.ts names those it does), a chunk of their own. */
const rest: Catalogue = mergeCatalogues(import.meta.glob<Catalogue>(['../*.zh.json', '!../{centreNav,content,inmail,poolPublic}.zh.json'], { eager: true, import: 'default' }));
export default rest;
