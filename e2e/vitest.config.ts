import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Playwright (playwright-core) driving Debian's Chromium against the built web
 * app served by a real Platter process on its embedded PostgreSQL (see support/global-setup).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page waits on a server that may be busy for a second or two (its first minutes: the
    // simulator writing history); polls give it that long before a step counts as failed.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
