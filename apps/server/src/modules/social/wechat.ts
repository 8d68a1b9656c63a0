import { AppError } from '@platter/domain';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SocialIdentity, SocialLoginProvider } from './social.ts';

interface WechatTokenAnswer {
  openid?: string;
  unionid?: string;
  errcode?: number;
}

/**
 * WeChat website sign-in (Open Platform, QR code): the browser comes back with an OAuth code,
 * exchanged here for the user's openid/unionid. Enabled only with WECHAT_APP_ID and
 * WECHAT_APP_SECRET. The exchange calls api.weixin.qq.com, which this project's test machines
 * cannot reach: only the disabled path and the error mapping are tested.
 */
export function wechatProvider(options: {
  appId: string | undefined;
  appSecret: string | undefined;
  fetchImpl?: typeof fetch;
  apiBase?: string;
}): SocialLoginProvider<{ code: string }> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const apiBase = options.apiBase ?? 'https://api.weixin.qq.com';
  return {
    name: 'wechat',
    enabled: Boolean(options.appId && options.appSecret),
    async verify({ code }): Promise<SocialIdentity> {
      if (!options.appId || !options.appSecret) throw new AppError('SOCIAL_LOGIN_DISABLED');
      const url = new URL('/sns/oauth2/access_token', apiBase);
      url.search = new URLSearchParams({ appid: options.appId, secret: options.appSecret, code, grant_type: 'authorization_code' }).toString();
      let answer: WechatTokenAnswer | null;
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
        answer = (await response.json()) as WechatTokenAnswer | null;
      } catch {
        throw new AppError('NETWORK_ERROR');
      }
      const subject = answer?.unionid ?? answer?.openid;
      if (!subject || answer?.errcode) throw new AppError('SOCIAL_LOGIN_FAILED');
      return { subject, displayName: 'WeChat' };
    },
  };
}

/** The cookie that keeps the OAuth `state` this browser was given (10 minutes). */
export const WECHAT_STATE_COOKIE = 'platter_wechat_state';
export const WECHAT_STATE_TTL_S = 600;

export function newWechatState(): string {
  return randomBytes(24).toString('base64url');
}

/** The state WeChat sent back must be the one this browser was given (login CSRF): SOCIAL_LOGIN_FAILED otherwise. */
export function assertWechatState(kept: string | undefined, returned: string): void {
  const a = Buffer.from(kept ?? '');
  const b = Buffer.from(returned);
  if (a.length === 0 || a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError('SOCIAL_LOGIN_FAILED');
}
