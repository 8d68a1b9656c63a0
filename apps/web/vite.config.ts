import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Vendor code goes into long-lived chunks (react, antd, the rest) so that the entry chunk
 * holds only the frame; every route group is its own lazy chunk (see src/app/routes.tsx).
 * A group also captures what its modules import, so react ranks first: antd imports it.
 */
const VENDOR_GROUPS = [
  { name: 'vendor-antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|stylis|dayjs|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|is-mobile|clsx)[\\/]/, priority: 20 },
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-is|use-sync-external-store)[\\/]/, priority: 30 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
  { name: 'domain', test: /packages[\\/]domain[\\/]/, priority: 5 },
];

export default defineConfig({
  plugins: [react()],
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
