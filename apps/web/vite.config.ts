import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { theme } from 'antd';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import { answerShapesJson } from './scripts/answerShapesJson.ts';
import { seedTokens, type PrecomputedTokens } from './src/app/theme.ts';

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Only react (with react-dom and the router) gets a vendor chunk of its own: every page needs
 * it and it changes rarely. Everything else the first paint needs — the frame, the header, the
 * antd core it draws with, the API client, i18next — is one chunk ('app'), whatever route is
 * opened: split by use it was some 40 files of 1 to 30 kB, and a phone on a slow network pays
 * a round trip per file (HTTP/1.1 opens 6 connections per host), which cost seconds before the
 * first paint. The rest is split by use: a component goes into the chunk of the routes that
 * import it (or a shared chunk of those routes), so the home route does not load the admin's
 * tables, forms, pickers and charts. Every route group is its own lazy chunk (src/app/routes.tsx).
 */
const LOADER_MODULE = 'src/loader.ts';
/**
 * zod with the domain's schema modules ('schemas'), and the domain's other modules the frame does
 * not use ('domain'), are chunks of their own, loaded by the pages that use them (home's figures
 * check their answers with a schema; forms check input). The frame checks its first answers and
 * its remembered state by shapes (src/api/answerShapes.ts), so 'app' builds no schema: zod and
 * the schemas were about a third of its evaluation on a phone. Groups take only the modules they
 * name (includeDependenciesRecursively: false below): with their dependencies, 'app' took zod
 * back in through the domain's index; without the 'domain' group, the helpers a schema imports
 * landed in the chunk of some admin page, which home then loaded with its forms.
 */
const DOMAIN_SRC = path.resolve(import.meta.dirname, '../../packages/domain/src');
/** The endpoint tables of `@platter/domain` (packages/domain/src/api/endpoints/*.ts). */
const ENDPOINT_TABLE = /[\\/]packages[\\/]domain[\\/]src[\\/]api[\\/]endpoints[\\/][^\\/]+\.ts$/;
/** The tables and their `endpoint()` import their calls' schemas, which the build drops from them (endpointPathsOnly). */
const isEndpointTable = (file: string): boolean => ENDPOINT_TABLE.test(file) || /[\\/]api[\\/]endpoint\.ts$/.test(file);

/**
 * zod, and every domain module that builds a schema or imports one that does (its value
 * imports, followed through the package; not the endpoint tables, not the index files that
 * re-export everything).
 */
function domainSchemaModules(): Set<string> {
  const files = (readdirSync(DOMAIN_SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(DOMAIN_SRC, file))
    .filter((file) => !isEndpointTable(file) && path.basename(file) !== 'index.ts');
  const imports = new Map<string, { zod: boolean; local: string[] }>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1] ?? '');
    imports.set(file, { zod: specifiers.includes('zod'), local: specifiers.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s)) });
  }
  const schema = new Set([...imports].filter(([, i]) => i.zod).map(([file]) => file));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, i] of imports) {
      if (schema.has(file) || !i.local.some((dep) => schema.has(dep))) continue;
      schema.add(file);
      grew = true;
    }
  }
  return schema;
}
const SCHEMA_MODULES = domainSchemaModules();
const isSchemaModule = (id: string): boolean => /node_modules[\\/]zod[\\/]/.test(id) || SCHEMA_MODULES.has(id);
/** The domain's other modules the frame does not use (wallet, content, cooperation rules…), but not the error texts of a language (its chunk) nor the country list. */
const isDomainHelper = (id: string): boolean =>
  id.startsWith(DOMAIN_SRC) && !SCHEMA_MODULES.has(id) && !isEndpointTable(id) && !/[\\/](index|countries|messages\.[a-z]{2})\.ts$/.test(id);
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\\/]/, priority: 30 },
  { name: 'schemas', test: isSchemaModule, priority: 25 },
  { name: 'domain', test: isDomainHelper, priority: 24 },
  // Not the loader (src/loader.ts), an entry of its own that must stay a few hundred bytes.
  { name: 'app', tags: ['$initial' as const], test: (id: string) => !id.endsWith(LOADER_MODULE) && !isSchemaModule(id), priority: 26 },
  // The home page's own modules; what it draws with (tables, tags, the pool figures) is split by
  // use like every other route's, shared with the routes that draw with it too.
  { name: 'home', test: /[\\/]src[\\/]pages[\\/]home[\\/]/, priority: 10 },
];

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at build time; the server (@fastify/static `preCompressed`) sends the copy the browser accepts.
 * Files under 1 KiB are left alone: the headers would cost more than the saving.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'platter-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The chunks a first screen needs beyond index.html's, by path and by language, so that the
 * server can name them in the page it sends (`<link rel="modulepreload">`, apps/server
 * src/http/web.ts): the browser fetches them beside the entry chunk instead of after it has run
 * (main.tsx's preloadRoute and loadLanguage ask for the same files, a round trip later).
 * `exact`: that path only; otherwise the path and everything under it.
 */
const PRELOADS: { path: string; exact: boolean; modules: string[]; firstTextsOnly?: boolean }[] = [
  // Home draws with the language's first-screen texts only: its rest is not preloaded there.
  { path: '/', exact: true, modules: ['src/pages/home/HomePage.tsx'], firstTextsOnly: true },
  { path: '/center', exact: false, modules: ['src/app/centre/CentreLayout.tsx', 'src/pages/center/CenterRoutes.tsx'] },
  { path: '/center/mining', exact: true, modules: ['src/pages/pool/MiningPage.tsx'] },
];
const LANGUAGE_MODULE = (lang: string) => `src/i18n/lang/${lang}.ts`;
const LANGUAGE_REST_MODULE = (lang: string) => `src/i18n/lang/${lang}.rest.ts`;
export const PRELOAD_FILE = '.vite/preload.json';

/** Writes dist/.vite/preload.json: { routes: [{ path, exact, files, firstTextsOnly? }], languages: { en: files, … }, rests: { en: files, … }, loader }. */
function preloadTable(): Plugin {
  let root = '';
  return {
    name: 'platter-preload-table',
    apply: 'build',
    // After Vite's own bundle hooks: vite:css-post drops the chunks that only carried CSS (their
    // CSS moves to the importers), and a table made before that named files never written.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const loader = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.resolve(root, LOADER_MODULE));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk !== loader);
      if (!loader || loader.imports.length > 0) throw new Error(`preload table: ${LOADER_MODULE} is not an entry of its own`);
      // What index.html loads already (the entry and its static imports) is not named again.
      const inHtml = new Set<string>();
      const visit = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = chunks.find((c) => c.fileName === fileName);
        for (const imported of chunk?.imports ?? []) visit(imported, into);
      };
      if (entry) visit(entry.fileName, inHtml);
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`preload table: ${module} is in no chunk`);
          visit(chunk.fileName, files);
        }
        const js = [...files].filter((file) => !inHtml.has(file));
        const css = new Set(js.flatMap((file) => [...(chunks.find((c) => c.fileName === file)?.viteMetadata?.importedCss ?? [])]));
        return [...js, ...css];
      };
      const table = {
        routes: PRELOADS.map((route) => ({ path: route.path, exact: route.exact, files: filesOf(route.modules), ...(route.firstTextsOnly ? { firstTextsOnly: true } : {}) })),
        languages: Object.fromEntries(['en', 'zh', 'ru'].map((lang) => [lang, filesOf([LANGUAGE_MODULE(lang)])])),
        rests: Object.fromEntries(['en', 'zh', 'ru'].map((lang) => [lang, filesOf([LANGUAGE_REST_MODULE(lang)])])),
        // The script of a page sent drawn: it starts the app once the drawn page is painted (src/loader.ts).
        loader: loader.fileName,
      };
      // A preload of a file that is not written gets the site's HTML back: a console error on every visit.
      const unwritten = [...table.routes.flatMap((route) => route.files), ...Object.values(table.languages).flat(), ...Object.values(table.rests).flat(), table.loader].filter(
        (file) => !(file in bundle),
      );
      if (unwritten.length > 0) throw new Error(`preload table: ${unwritten.join(', ')} not in the build`);
      this.emitFile({ type: 'asset', fileName: PRELOAD_FILE, source: JSON.stringify(table, null, 1) });
    },
  };
}

/**
 * antd's form context (antd/es/form/context.js, reached from every Button through Space.Compact)
 * imports FormProvider from @rc-component/form's index, whose `RefForm.Field = Field`-style
 * assignments are side effects: they kept the whole form library and its async validator
 * (about 25 kB gzipped) in every page, forms or not. That one import is resolved to the file
 * that defines FormProvider (the same module the index re-exports); pages with forms still
 * load the library through antd's Form.
 */
function formContextOnly(): Plugin {
  return {
    name: 'platter-antd-form-context',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/** What an `endpoint({…})` of the tables says that the web app never reads. */
const SERVER_ONLY = new Set(['request', 'response', 'summary', 'tags']);

/**
 * The web app calls through the endpoint tables for their method and path alone (src/api/client.ts);
 * their request and response schemas serve the server (validation, the OpenAPI document) and,
 * as types, the web app's compiler. Built for the browser, each `endpoint({…})` keeps only its
 * method and path: the schemas no page uses are then dropped from the bundle (zod's builders
 * are marked pure below) instead of being built at every start — on the dashboard some 400 zod
 * calls, a large part of the app's start-up task on a phone. Types are unchanged (tsc reads the
 * sources), and the web unit tests run on the whole tables.
 */
function endpointPathsOnly(): Plugin {
  return {
    name: 'platter-endpoint-paths-only',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!ENDPOINT_TABLE.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const cuts: [number, number][] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint') {
          const [entry] = node.arguments;
          if (entry && ts.isObjectLiteralExpression(entry)) {
            for (const property of entry.properties) {
              const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
              if (name && SERVER_ONLY.has(name)) cuts.push([property.getStart(source), property.end]);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (cuts.length === 0) return null;
      // From the end, so the earlier positions stay valid; a cut property's comma goes with it.
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end).replace(/^\s*,/, '');
      return { code: out, map: null };
    },
  };
}

// `vite build --ssr src/prerender.tsx` (npm run build, after the client's build): the home
// page's prerender, one file for Node with everything bundled in (no chunks, no table, no copies).
/**
 * antd's map tokens of the light theme, derived here once (src/app/theme.ts answers them for the
 * theme's own seed): the browser does not derive the palettes again on its first render.
 */
function antdMapTokens(): PrecomputedTokens {
  // As antd's useToken merges them: its default seed, then the theme's tokens.
  const seed = { ...theme.defaultSeed, ...seedTokens('light') };
  return { light: { seed: JSON.stringify(seed), map: theme.defaultAlgorithm(seed) } };
}

export default defineConfig(({ isSsrBuild, command }) => ({
  define: { __ANSWER_SHAPES__: answerShapesJson(), ...(command === 'build' ? { __ANTD_MAP_TOKENS__: JSON.stringify(antdMapTokens()) } : {}) },
  plugins: isSsrBuild ? [react(), formContextOnly()] : [react(), precompress(), formContextOnly(), endpointPathsOnly(), preloadTable()],
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? '.prerender' : 'dist',
    // Not 'assets': /assets is a page of the site (spec doc 2 §2).
    assetsDir: 'static',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (npm run bench measures the home route).
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // index.html (the app) and the loader of a page sent drawn (src/loader.ts, named in the preload table).
      ...(isSsrBuild ? {} : { input: { index: path.resolve(import.meta.dirname, 'index.html'), loader: path.resolve(import.meta.dirname, LOADER_MODULE) } }),
      // zod's builders (z.object(…), z.string().min(…), …) and the domain's own (text(…), a
      // page of items, a message name) build values and touch nothing else: marked pure, a
      // schema no route uses is dropped from the bundle with its module.
      treeshake: { manualPureFunctions: ['z', 'text', 'pageOf', 'msg'] },
      output: {
        ...(isSsrBuild ? { codeSplitting: false } : { codeSplitting: { groups: VENDOR_GROUPS, includeDependenciesRecursively: false } }),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/healthz': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/healthz': { target: API_TARGET, changeOrigin: false },
    },
  },
}));
