import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodApp } from '../src/http/types.ts';
import type { MessagingOverrides } from '../src/modules/messaging/messaging.service.ts';
import { afterAll } from 'vitest';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The real application on a test database, driven with `app.inject` (no socket). */
export async function testApp(
  db: Db,
  overrides: Partial<Config> = {},
  options: { extend?: (app: ZodApp) => void; logger?: FastifyBaseLogger; messaging?: MessagingOverrides } = {},
): Promise<ZodApp> {
  // Per-IP rate limits are lifted (tests call from one address); rate-limit tests set them.
  const config = loadConfig({}, { nodeEnv: 'test', webDist: '/nonexistent', settingsCacheSeconds: 0, authRateLimit: 100_000, codeRateLimit: 100_000, ...overrides });
  const app = await buildApp({
    config,
    db,
    secret: TEST_SECRET,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.messaging ? { messaging: options.messaging } : {}),
  });
  options.extend?.(app);
  await app.ready();
  afterAll(() => app.close());
  return app;
}

/**
 * A GET that returns the CSRF cookie, and the headers a state-changing call then needs. Tokens
 * are bound to the session: pass the session cookie (`platter_sid=…`) the calls will carry.
 */
export async function csrfHeaders(app: ZodApp, session?: string): Promise<{ cookie: string; 'x-csrf-token': string }> {
  const res = await app.inject({ method: 'GET', url: '/api/user/checkRegister', ...(session ? { headers: { cookie: session } } : {}) });
  const cookie = res.cookies.find((c) => c.name === 'platter_csrf');
  if (!cookie) throw new Error('no CSRF cookie issued');
  return { cookie: `platter_csrf=${cookie.value}`, 'x-csrf-token': cookie.value };
}
