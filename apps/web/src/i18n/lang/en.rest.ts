import { mergeCatalogues, type Catalogue } from '../index.ts';

/** The areas' texts the first screen does not need (en.ts names those it does), a chunk of their own. */
const rest: Catalogue = mergeCatalogues(import.meta.glob<Catalogue>(['../*.en.json', '!../{centreNav,content,inmail,poolPublic}.en.json'], { eager: true, import: 'default' }));
export default rest;
