import { mergeCatalogues, type Catalogue } from '../index.ts';

/** The areas' texts the first screen does not need (ru.ts names those it does), a chunk of their own. */
const rest: Catalogue = mergeCatalogues(import.meta.glob<Catalogue>(['../*.ru.json', '!../{centreNav,content,inmail,poolPublic}.ru.json'], { eager: true, import: 'default' }));
export default rest;
