import { describe, expect, it } from 'vitest';
import { modifyPasswordBody } from './security.ts';
import { loginBody, registerBody } from './account.ts';
import { pagingQuery } from './envelope.ts';
import { phoneFormatValid } from './fields.ts';

/** The first issue's message: the catalogue name the server answers with. */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const register = { email: 'a@example.com', password: 'abc123', confirm_password: 'abc123', session: 's.t', captcha: 'Ab3d', agreement: true };

describe('account schemas name catalogue errors', () => {
  it.each([
    [{ email: 'nope' }, 'EMAIL_FORMAT'],
    [{ password: 'a1', confirm_password: 'a1' }, 'PASSWORD_FORMAT'],
    [{ password: '123456', confirm_password: '123456' }, 'PASSWORD_FORMAT'],
    [{ password: 'a'.repeat(18), confirm_password: 'a'.repeat(18) }, 'PASSWORD_FORMAT'],
    [{ confirm_password: 'abc124' }, 'PASSWORDS_DIFFER'],
    [{ captcha: 'abc' }, 'CAPTCHA_FORMAT'],
    [{ agreement: false }, 'AGREEMENT_REQUIRED'],
  ])('registration %j → %s', (change, name) => {
    expect(firstMessage(registerBody.safeParse({ ...register, ...change }))).toBe(name);
  });

  it('accepts 6 and 17 characters', () => {
    expect(registerBody.safeParse({ ...register, password: 'abcde1', confirm_password: 'abcde1' }).success).toBe(true);
    expect(registerBody.safeParse({ ...register, password: 'a'.repeat(17), confirm_password: 'a'.repeat(17) }).success).toBe(true);
  });

  it('checks the account name and the phone of a sign-in', () => {
    const base = { password: 'x', session: 's', captcha: 'abcd' };
    expect(firstMessage(loginBody.safeParse({ ...base, method: 'account', account: 'abc' }))).toBe('ACCOUNT_LENGTH');
    expect(firstMessage(loginBody.safeParse({ ...base, method: 'account', account: '9abcdefg' }))).toBe('WRONG_FORMAT');
    expect(firstMessage(loginBody.safeParse({ ...base, method: 'phone', nationality: 'XX', phone: '123456' }))).toBe('NATIONALITY_REQUIRED');
    expect(firstMessage(loginBody.safeParse({ ...base, method: 'phone', nationality: 'US', phone: '' }))).toBe('PHONE_REQUIRED');
    expect(firstMessage(loginBody.safeParse({ ...base, method: 'phone', nationality: 'US', phone: '12ab' }))).toBe('PHONE_FORMAT');
  });

  it('refuses a new password equal to the old one', () => {
    expect(firstMessage(modifyPasswordBody.safeParse({ old_password: 'abc123', new_password: 'abc123', confirm_password: 'abc123' }))).toBe('PASSWORD_SAME_AS_OLD');
  });

  it('answers an out-of-range count with COUNT_OUT_OF_RANGE', () => {
    expect(firstMessage(pagingQuery.safeParse({ count: '0' }))).toBe('COUNT_OUT_OF_RANGE');
    expect(firstMessage(pagingQuery.safeParse({ count: '201' }))).toBe('COUNT_OUT_OF_RANGE');
    expect(pagingQuery.parse({})).toEqual({ page: 1, count: 10 });
  });

  it('knows mainland-China mobile numbers', () => {
    expect(phoneFormatValid('CN', '13800138000')).toBe(true);
    expect(phoneFormatValid('CN', '2345678')).toBe(false);
    expect(phoneFormatValid('US', '2025550123')).toBe(true);
  });
});
