import { describe, expect, it } from 'vitest';
import { locksWithdrawals, requiredFactors, securityLevel } from './security.ts';

const none = { phone: false, google: false, telegram: false };

describe('security level', () => {
  it('is low with e-mail only, middle with one more factor, high with authenticator and phone', () => {
    expect(securityLevel(none)).toBe('low');
    expect(securityLevel({ ...none, phone: true })).toBe('middle');
    expect(securityLevel({ ...none, google: true })).toBe('middle');
    expect(securityLevel({ ...none, telegram: true })).toBe('middle');
    expect(securityLevel({ phone: true, google: true, telegram: false })).toBe('high');
  });
});

describe('required factors', () => {
  const on = { telegramAvailable: true };
  it('asks every bound factor, at least e-mail', () => {
    expect(requiredFactors(none, 'withdraw', on)).toEqual(['email']);
    expect(requiredFactors({ phone: true, google: true, telegram: true }, 'withdraw', on)).toEqual(['email', 'sms', 'google', 'telegram']);
  });
  it('does not ask the old phone to change the phone, nor an authenticator being bound', () => {
    expect(requiredFactors({ phone: true, google: true, telegram: false }, 'change_phone', on)).toEqual(['email', 'google']);
    expect(requiredFactors({ phone: true, google: false, telegram: false }, 'bind_google', on)).toEqual(['email', 'sms']);
  });
  it('leaves Telegram out while no bot can send its code', () => {
    expect(requiredFactors({ ...none, telegram: true }, 'address', { telegramAvailable: false })).toEqual(['email']);
  });
});

describe('the 24-hour withdrawal lock', () => {
  it('follows a password change or reset and an e-mail change', () => {
    expect(locksWithdrawals({ credential: 'password', hadBefore: true })).toBe(true);
    expect(locksWithdrawals({ credential: 'password_reset', hadBefore: true })).toBe(true);
    expect(locksWithdrawals({ credential: 'email', hadBefore: true })).toBe(true);
  });
  it('follows replacing or removing a second factor', () => {
    for (const credential of ['google', 'phone', 'telegram', 'wechat'] as const) expect(locksWithdrawals({ credential, hadBefore: true }), credential).toBe(true);
  });
  it('does not follow a first binding of a second factor', () => {
    for (const credential of ['google', 'phone', 'telegram', 'wechat'] as const) expect(locksWithdrawals({ credential, hadBefore: false }), credential).toBe(false);
  });
});
