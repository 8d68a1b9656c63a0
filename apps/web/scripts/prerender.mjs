// After `vite build` and `vite build --ssr src/prerender.tsx`: draws the first screen of the
// home page and the dashboard per language and width (src/prerender.tsx) into
// dist/.vite/prerender.json, which the server puts into the page it sends for `/` and, with a
// live session, `/center/mining` (apps/server/src/http/web.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React's production build, as the browser runs it.
process.env.NODE_ENV ??= 'production';
const web = path.resolve(import.meta.dirname, '..');
const ssrDir = path.join(web, '.prerender');
const { prerenderAll } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const pages = await prerenderAll();
mkdirSync(path.join(web, 'dist/.vite'), { recursive: true });
writeFileSync(path.join(web, 'dist/.vite/prerender.json'), JSON.stringify(pages));
rmSync(ssrDir, { recursive: true, force: true });
process.stdout.write(`prerendered ${pages.map((page) => page.id).join(', ')}\n`);
// The simulator and the pool timers of the app's modules may hold the loop: the work is done.
process.exit(0);
