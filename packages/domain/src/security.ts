/**
 * Account security rules shared by the server and the web app: security levels, the factors
 * a sensitive action needs, and the withdrawal lock after a security change.
 */

/** Second factors a user can bind; e-mail is always present. */
export const SECURITY_FACTORS = ['email', 'sms', 'google', 'telegram'] as const;
export type SecurityFactor = (typeof SECURITY_FACTORS)[number];

/**
 * Sensitive actions that call the security verification. `change_phone` binds or replaces the
 * phone; `bind_google`/`unbind_google` the authenticator; `bind_telegram`/`unbind_telegram`
 * the messenger; `withdraw`, `address` (address book), `autopay` (turning Auto Pay on or
 * changing its recipients) and `watcher` are later features'.
 */
export const SECURITY_ACTIONS = [
  'withdraw',
  'transfer',
  'address',
  'autopay',
  'watcher',
  'message_channel',
  'change_phone',
  'bind_google',
  'unbind_google',
  'bind_telegram',
  'unbind_telegram',
] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

/** Security levels shown to the user (spec doc 1 §3, doc 2 §6). */
export const SECURITY_LEVELS = ['low', 'middle', 'high'] as const;
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];

export interface BoundFactors {
  phone: boolean;
  google: boolean;
  telegram: boolean;
}

/** low: e-mail only; middle: plus one of phone, authenticator, Telegram; high: authenticator and phone. */
export function securityLevel(bound: BoundFactors): SecurityLevel {
  if (bound.google && bound.phone) return 'high';
  if (bound.google || bound.phone || bound.telegram) return 'middle';
  return 'low';
}

/**
 * The factors an action needs: every factor the user has bound, at least e-mail. Binding or
 * replacing the phone does not ask the old phone (it may be lost; the new phone's own code is
 * checked instead); Telegram counts only while the platform can send it a code.
 */
export function requiredFactors(bound: BoundFactors, action: SecurityAction, options: { telegramAvailable: boolean }): SecurityFactor[] {
  const factors: SecurityFactor[] = ['email'];
  if (bound.phone && action !== 'change_phone') factors.push('sms');
  if (bound.google && action !== 'bind_google') factors.push('google');
  if (bound.telegram && options.telegramAvailable && action !== 'bind_telegram') factors.push('telegram');
  return factors;
}

/** Withdrawals and transfers stay locked this long after a change that could let a thief in. */
export const WITHDRAW_LOCK_MS = 24 * 3600 * 1000;

/**
 * What a security change touched: the password (changed, or reset from a mailed link), the
 * e-mail, or a second factor (authenticator, phone, Telegram, WeChat).
 */
export type SecuredCredential = 'password' | 'password_reset' | 'email' | 'google' | 'phone' | 'telegram' | 'wechat';

export interface SecurityChangeFact {
  credential: SecuredCredential;
  /** The account had this credential before the change (a factor replaced or removed). */
  hadBefore: boolean;
}

/**
 * The 24-hour lock on withdrawals and transfers follows only the changes that could let a
 * thief in: a password change or reset, an e-mail change, and replacing or removing a second
 * factor. Adding a factor the account did not have (a first authenticator, phone or Telegram)
 * only makes the account harder to take, so it does not lock: a user who follows the advice
 * to add a second factor can still move money.
 */
export function locksWithdrawals(change: SecurityChangeFact): boolean {
  switch (change.credential) {
    case 'password':
    case 'password_reset':
    case 'email':
      return true;
    case 'google':
    case 'phone':
    case 'telegram':
    case 'wechat':
      return change.hadBefore;
  }
}

/** Paths of the web app that the e-mailed links open (account host, spec doc 2 §1). */
export const ACCOUNT_LINK_PATHS = {
  login: '/request',
  register: '/register',
  activate: '/register/activate',
  forgot: '/request/forgot',
  reset: '/request/reset',
} as const;
