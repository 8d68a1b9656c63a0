import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Vendor code goes into long-lived chunks (react, antd, the rest) so that the entry chunk
 * holds only the frame; every route group is its own lazy chunk (see src/app/routes.tsx).
 * A group also captures what its modules import, so react ranks first: antd imports it.
 */
const VENDOR_GROUPS = [
  {
    name: 'vendor-antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|stylis|dayjs|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|is-mobile|clsx)[\\/]/,
    priority: 20,
  },
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-is|use-sync-external-store)[\\/]/, priority: 30 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
  { name: 'domain', test: /packages[\\/]domain[\\/]/, priority: 5 },
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

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // Not 'assets': /assets is a page of the site (spec doc 2 §2).
    assetsDir: 'static',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS,
        },
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
});
