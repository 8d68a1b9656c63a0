import { isLang, type UserInfo } from '@platter/domain';
import type { SessionUser } from '../session/session.service.ts';

/** Where back-office users are sent (spec doc 2 §4: a redirect_url means admin). */
export const ADMIN_REDIRECT = '/admin';

/** The user-info answer of spec doc 2 §3 for a signed-in user. */
export function toUserInfo(user: SessionUser, request: { ip: string; userAgent: string }): UserInfo {
  const info: UserInfo = {
    uid: user.uid,
    ip: request.ip,
    email: user.email,
    sms: false,
    phone: '',
    device: request.userAgent.slice(0, 200),
    wechat: false,
    account: user.account ?? '',
    nickname: user.nickname,
    goole_auth: false,
    login_time: user.last_login_at ? Math.floor(user.last_login_at.getTime() / 1000) : 0,
    language: isLang(user.language) ? user.language : 'en',
  };
  if (user.role === 'admin' || user.role === 'support') info.redirect_url = ADMIN_REDIRECT;
  return info;
}
