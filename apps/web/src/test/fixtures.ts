import { userInfoSchema, type UserInfo } from '@platter/domain';

/** A signed-in user; parsed so that fields with defaults follow the domain schema. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return userInfoSchema.parse({
    uid: 'u1',
    ip: '127.0.0.1',
    email: 'alice@example.com',
    sms: false,
    phone: '',
    device: '',
    wechat: false,
    account: 'alice',
    nickname: 'alice',
    goole_auth: false,
    login_time: 1,
    language: 'en',
    ...overrides,
  });
}

export const aliceInfo: UserInfo = userInfo();
