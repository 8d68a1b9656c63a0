/**
 * Messenger sign-in providers behind one interface: each checks what the browser brought back
 * and names the messenger account (its stable id and a display name). Accounts are linked to
 * users in social_bindings; a provider without its settings is disabled.
 */
export type SocialProviderName = 'telegram' | 'wechat';

export interface SocialIdentity {
  /** The provider's stable user id (Telegram id; WeChat unionid or openid). */
  subject: string;
  displayName: string;
  /** Until when the same payload would be accepted again (sign-in uses each payload once). */
  usableUntil?: Date;
}

export interface SocialLoginProvider<Payload> {
  readonly name: SocialProviderName;
  readonly enabled: boolean;
  /** Checks the payload: SOCIAL_LOGIN_DISABLED, SOCIAL_LOGIN_FAILED or TIMESTAMP_ERROR when it fails. */
  verify(payload: Payload): Promise<SocialIdentity>;
}
