import { defineConfig } from 'vitest/config';
import { answerShapesJson } from './apps/web/scripts/answerShapesJson.ts';

/**
 * Unit and integration tests, one project per workspace. Server tests run on a real embedded
 * PostgreSQL started once by the global setup; each test file gets its own database cloned
 * from a migrated template. End-to-end tests have their own config (e2e/vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'chia',
          include: ['packages/chia/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'poc',
          include: ['packages/poc/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The shapes the web build defines (apps/web/vite.config.ts), from the same schemas.
        define: { __ANSWER_SHAPES__: answerShapesJson() },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
