import { describeDevice, isLang, maskPhone, securityLevel, type Lang, type UserInfo } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { locationName } from '../../http/geo.ts';
import { loginLogRepository } from '../log/login-log.repository.ts';
import { withdrawLockedUntil } from '../security/security.service.ts';
import type { SessionUser } from '../session/session.service.ts';
import { socialRepository } from '../social/social.repository.ts';

/** Where back-office users are sent (spec doc 2 §4: a redirect_url means admin). */
export const ADMIN_REDIRECT = '/admin';

interface Extras {
  telegram?: { name: string } | undefined;
  wechat: boolean;
  previousLogin?: { created_at: Date; ip: string; country: string; user_agent: string } | undefined;
}

/** The user-info answer of spec doc 2 §3, with the personal and security centre's fields. */
export function toUserInfo(user: SessionUser, request: { ip: string; userAgent: string; lang?: Lang }, extras: Extras = { wechat: false }): UserInfo {
  const phoneBound = user.phone !== null && user.phone_code !== null;
  const telegram = extras.telegram !== undefined;
  const locked = withdrawLockedUntil(user.security_changed_at);
  const previous = extras.previousLogin;
  const info: UserInfo = {
    uid: user.uid,
    ip: request.ip,
    email: user.email,
    sms: phoneBound,
    phone: phoneBound ? maskPhone(user.phone_code ?? '', user.phone ?? '') : '',
    device: request.userAgent.slice(0, 200),
    wechat: extras.wechat,
    account: user.account ?? '',
    nickname: user.nickname,
    goole_auth: user.google_bound,
    login_time: user.last_login_at ? Math.floor(user.last_login_at.getTime() / 1000) : 0,
    language: isLang(user.language) ? user.language : 'en',
    security_level: securityLevel({ phone: phoneBound, google: user.google_bound, telegram }),
    telegram,
    telegram_name: extras.telegram?.name ?? '',
    nationality: user.nationality ?? '',
    phone_code: user.phone_code ?? '',
    withdraw_locked_until: locked ? Math.floor(locked.getTime() / 1000) : 0,
    last_login: previous
      ? {
          time: Math.floor(previous.created_at.getTime() / 1000),
          ip: previous.ip,
          location: locationName(previous.ip, previous.country, request.lang ?? 'en'),
          device: describeDevice(previous.user_agent),
        }
      : null,
  };
  if (user.role === 'admin' || user.role === 'support') {
    info.redirect_url = ADMIN_REDIRECT;
    info.role = user.role;
  }
  return info;
}

/** toUserInfo with the bindings and the previous sign-in read from the database. */
export async function loadUserInfo(db: Db, user: SessionUser, request: { ip: string; userAgent: string; lang: Lang }): Promise<UserInfo> {
  const [bindings, previousLogin] = await Promise.all([socialRepository(db).ofUser(user.user_id), loginLogRepository(db).previousSuccess(user.user_id)]);
  const telegram = bindings.find((b) => b.provider === 'telegram');
  return toUserInfo(user, request, {
    telegram: telegram ? { name: telegram.display_name } : undefined,
    wechat: bindings.some((b) => b.provider === 'wechat'),
    previousLogin,
  });
}
