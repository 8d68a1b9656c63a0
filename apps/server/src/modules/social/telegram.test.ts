import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { telegramDataCheckString, telegramHash, telegramProvider } from './telegram.ts';

const TOKEN = '7000001:AAFakeBotTokenForTestsOnly_0123456789';

describe('Telegram Login Widget check', () => {
  it('builds the data-check-string from the sorted fields, without hash and absent fields', () => {
    expect(telegramDataCheckString({ username: 'ann', id: 42, hash: 'x', auth_date: 1700000000, first_name: 'Ann', last_name: undefined })).toBe(
      'auth_date=1700000000\nfirst_name=Ann\nid=42\nusername=ann',
    );
  });

  it('signs with HMAC-SHA256 keyed by SHA256(bot token)', () => {
    const data = { id: 42, first_name: 'Ann', auth_date: 1700000000 };
    const expected = createHmac('sha256', createHash('sha256').update(TOKEN).digest()).update('auth_date=1700000000\nfirst_name=Ann\nid=42').digest('hex');
    expect(telegramHash(TOKEN, data)).toBe(expected);
  });

  it('accepts fresh signed data and names the account; refuses stale, future and tampered data', async () => {
    const now = 1_800_000_000_000;
    const provider = telegramProvider({ botToken: TOKEN, now: () => now });
    const signed = (fields: { id: number; first_name: string; auth_date: number; username?: string }) => ({ ...fields, hash: telegramHash(TOKEN, fields) });
    await expect(provider.verify(signed({ id: 7, first_name: 'Ann', username: 'ann', auth_date: now / 1000 - 60 }))).resolves.toMatchObject({ subject: '7', displayName: '@ann' });
    await expect(provider.verify(signed({ id: 7, first_name: 'Ann', auth_date: now / 1000 - 301 }))).rejects.toMatchObject({ errorName: 'TIMESTAMP_ERROR' });
    await expect(provider.verify(signed({ id: 7, first_name: 'Ann', auth_date: now / 1000 + 3600 }))).rejects.toMatchObject({ errorName: 'TIMESTAMP_ERROR' });
    await expect(provider.verify({ ...signed({ id: 7, first_name: 'Ann', auth_date: now / 1000 }), id: 8 })).rejects.toMatchObject({ errorName: 'SOCIAL_LOGIN_FAILED' });
    await expect(telegramProvider({ botToken: undefined }).verify(signed({ id: 7, first_name: 'Ann', auth_date: now / 1000 }))).rejects.toMatchObject({
      errorName: 'SOCIAL_LOGIN_DISABLED',
    });
  });
});
