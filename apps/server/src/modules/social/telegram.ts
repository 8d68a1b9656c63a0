import { AppError, type TelegramAuth } from '@platter/domain';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SocialIdentity, SocialLoginProvider } from './social.ts';

/** Login Widget data older than this is refused (TELEGRAM_AUTH_MAX_AGE_SECONDS; Telegram's advice: check auth_date). */
export const TELEGRAM_AUTH_MAX_AGE_S = 300;
/** Clock skew tolerated for an auth_date in the future. */
const FUTURE_SKEW_S = 300;

/**
 * The check Telegram documents for the Login Widget: data-check-string = every received field
 * except hash, as key=value lines sorted by key, joined by \n; secret = SHA256(bot token);
 * the hash must equal hex(HMAC-SHA256(secret, data-check-string)).
 */
export function telegramDataCheckString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined && data[key] !== null)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
}

export function telegramHash(botToken: string, data: Record<string, unknown>): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(data)).digest('hex');
}

export function telegramProvider(options: { botToken: string | undefined; maxAgeSeconds?: number; now?: () => number }): SocialLoginProvider<TelegramAuth> {
  const now = options.now ?? (() => Date.now());
  const maxAge = options.maxAgeSeconds ?? TELEGRAM_AUTH_MAX_AGE_S;
  return {
    name: 'telegram',
    enabled: Boolean(options.botToken),
    async verify(payload): Promise<SocialIdentity> {
      if (!options.botToken) throw new AppError('SOCIAL_LOGIN_DISABLED');
      const data = payload as Record<string, unknown>;
      if (Object.values(data).some((value) => typeof value === 'object' && value !== null)) throw new AppError('SOCIAL_LOGIN_FAILED');
      const expected = Buffer.from(telegramHash(options.botToken, data), 'hex');
      const given = Buffer.from(payload.hash.toLowerCase(), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('SOCIAL_LOGIN_FAILED');
      const nowS = Math.floor(now() / 1000);
      if (nowS - payload.auth_date > maxAge || payload.auth_date - nowS > FUTURE_SKEW_S) throw new AppError('TIMESTAMP_ERROR');
      const name = payload.username ? `@${payload.username}` : [payload.first_name, payload.last_name].filter(Boolean).join(' ');
      return { subject: String(payload.id), displayName: name.slice(0, 128), usableUntil: new Date((payload.auth_date + maxAge + FUTURE_SKEW_S) * 1000) };
    },
  };
}
