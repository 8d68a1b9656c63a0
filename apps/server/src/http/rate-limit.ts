import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Per-IP limits on the credential and code-sending calls (in-process counters; a caller
 * spreading over several API processes gets at most that many times more). Exceeding one
 * answers code 230 (errors.ts maps HTTP 429). Per-account limits live in PostgreSQL
 * (sign-in failures, code sends per target) so that every process agrees.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
}

const MINUTE = 60_000;

export interface RateLimits {
  /** Sign-in, registration, password reset, second factor, password change. */
  auth: { rateLimit: { max: number; timeWindow: number } };
  /** Sending verification codes. */
  codes: { rateLimit: { max: number; timeWindow: number } };
  /** Graphic-code sessions and images. */
  captcha: { rateLimit: { max: number; timeWindow: number } };
}

export function rateLimits(config: { authRateLimit: number; codeRateLimit: number }): RateLimits {
  return {
    auth: { rateLimit: { max: config.authRateLimit, timeWindow: MINUTE } },
    codes: { rateLimit: { max: config.codeRateLimit, timeWindow: MINUTE } },
    captcha: { rateLimit: { max: config.authRateLimit * 3, timeWindow: MINUTE } },
  };
}
