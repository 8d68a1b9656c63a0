import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * `BENCH_ONLY=firstload`: the JavaScript the home route needs before it shows, from the build
 * in apps/web/dist (run `npm run build` first), in bytes as sent: gzip (level 9) and brotli.
 *
 * - index.html's scripts and modulepreloads: what the browser fetches for any route;
 * - the home route: those plus the English texts (the language shown is loaded before the
 *   first render: src/i18n/lang/<lang>.ts) and the home page's lazy chunk, with the chunks
 *   they import (Vite's manifest, dist/.vite/manifest.json) — everything that runs before
 *   home renders — and the loader the page sent drawn starts them with (src/loader.ts). The other languages' packs are printed beside it.
 *
 * Goal: the home route ≤ 300 kB gzipped (issue 20).
 */
const GOAL_GZIP_BYTES = 300_000;
const HOME_MODULE = 'src/pages/home/HomePage.tsx';
/** The home page's chunk when vite.config.ts groups it with what it draws with (no manifest entry of its own then). */
const HOME_CHUNK_NAME = 'home';
const LANGUAGE_MODULE = (lang: string) => `src/i18n/lang/${lang}.ts`;
/** The script the page sent drawn loads first (it starts the app after the first paint). */
const LOADER_MODULE = 'src/loader.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

export interface FirstLoad {
  files: { file: string; raw: number; gzip: number; brotli: number }[];
  html: { files: number; raw: number; gzip: number; brotli: number };
  home: { files: number; raw: number; gzip: number; brotli: number };
  /** Each language's pack (the home route counts English). */
  languages: { lang: string; raw: number; gzip: number; brotli: number }[];
}

function sizes(dist: string, file: string) {
  const body = readFileSync(path.join(dist, file));
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sum = (rows: { raw: number; gzip: number; brotli: number }[]) =>
  rows.reduce<FirstLoad['home']>((total, row) => ({ files: total.files + 1, raw: total.raw + row.raw, gzip: total.gzip + row.gzip, brotli: total.brotli + row.brotli }), {
    files: 0,
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

/** The JavaScript of index.html (scripts and modulepreloads) and of the home route, from a build. */
export function measureFirstLoad(dist: string): FirstLoad {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const home = new Set(fromHtml);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk?.file.endsWith('.js') || home.has(chunk.file)) return;
    home.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const homeKey = manifest[HOME_MODULE] ? HOME_MODULE : Object.keys(manifest).find((key) => manifest[key]?.name === HOME_CHUNK_NAME && key.endsWith('.js'));
  if (!homeKey) throw new Error(`${HOME_MODULE} is not in the build manifest`);
  if (!manifest[LANGUAGE_MODULE('en')]) throw new Error(`${LANGUAGE_MODULE('en')} is not in the build manifest`);
  visit(LANGUAGE_MODULE('en'));
  visit(homeKey);
  if (manifest[LOADER_MODULE]) visit(LOADER_MODULE);
  const files = [...home].map((file) => sizes(dist, file));
  const languages = ['en', 'zh', 'ru'].map((lang) => {
    const chunk = manifest[LANGUAGE_MODULE(lang)];
    if (!chunk) throw new Error(`${LANGUAGE_MODULE(lang)} is not in the build manifest`);
    const { raw, gzip, brotli } = sizes(dist, chunk.file);
    return { lang, raw, gzip, brotli };
  });
  return { files, html: sum(files.filter((f) => fromHtml.includes(f.file))), home: sum(files), languages };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export function firstLoadBench(dist = path.join(import.meta.dirname, '../../apps/web/dist')): void {
  const result = measureFirstLoad(dist);
  console.log('\nFirst load: the home route’s JavaScript, as sent (apps/web/dist)\n');
  console.log('| part | files | raw kB | gzip kB | brotli kB |');
  console.log('|---|---|---|---|---|');
  console.log(`| index.html scripts + modulepreloads | ${result.html.files} | ${kB(result.html.raw)} | ${kB(result.html.gzip)} | ${kB(result.html.brotli)} |`);
  console.log(
    `| home route (+ English texts, the home chunk and their imports) | ${result.home.files} | ${kB(result.home.raw)} | ${kB(result.home.gzip)} | ${kB(result.home.brotli)} |`,
  );
  for (const pack of result.languages) console.log(`| language pack ${pack.lang} (one is loaded) | 1 | ${kB(pack.raw)} | ${kB(pack.gzip)} | ${kB(pack.brotli)} |`);
  // The same route for a reader of another language: its pack instead of the English one.
  const english = result.languages.find((pack) => pack.lang === 'en');
  for (const pack of result.languages.filter((p) => p.lang !== 'en' && english)) {
    const other = (key: 'raw' | 'gzip' | 'brotli') => result.home[key] - (english?.[key] ?? 0) + pack[key];
    console.log(`| home route in ${pack.lang} (its pack instead of English) | ${result.home.files} | ${kB(other('raw'))} | ${kB(other('gzip'))} | ${kB(other('brotli'))} |`);
  }
  const largest = [...result.files].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
  console.log(`\nlargest: ${largest.map((f) => `${path.basename(f.file)} ${kB(f.gzip)} kB`).join(', ')}`);
  const okay = result.home.gzip <= GOAL_GZIP_BYTES;
  console.log(`home route ${kB(result.home.gzip)} kB gzipped (goal ≤ ${kB(GOAL_GZIP_BYTES)}) ${okay ? 'OK' : 'ABOVE GOAL'}\n`);
}
