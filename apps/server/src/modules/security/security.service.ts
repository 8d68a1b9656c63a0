import {
  ACCOUNT_LINK_PATHS,
  AppError,
  countryByCode,
  isLang,
  locksWithdrawals,
  maskEmail,
  maskPhone,
  phoneFormatValid,
  requiredFactors,
  WITHDRAW_LOCK_MS,
  type CodeSent,
  type ErrorName,
  type Lang,
  type SecurityAction,
  type SecurityCodes,
  type SecurityFactor,
  type SecurityVerification,
  type TelegramAuth,
} from '@platter/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomInt, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import { notifySecurityChange } from '../events/events.service.ts';
import { hashPassword, passwordMatches } from '../account/password.ts';
import type { Messaging } from '../messaging/messaging.service.ts';
import { renderCodeText, type SecurityChange } from '../messaging/templates.ts';
import type { sessionService } from '../session/session.service.ts';
import type { SocialLoginProvider } from '../social/social.ts';
import { socialRepository } from '../social/social.repository.ts';
import { keyedHash, secretBox } from './secret-box.ts';
import { securityRepository, type CodeChannel } from './security.repository.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';

/** One-time codes: valid 10 minutes, 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** A pending authenticator secret (getgooglesecret) lives 10 minutes, 5 wrong pre-checks. */
export const GOOGLE_PENDING_TTL_MS = 10 * 60 * 1000;

const CODE_ERRORS: Record<CodeChannel, ErrorName> = {
  email: 'EMAIL_CODE_ERROR',
  sms: 'SMS_CODE_ERROR',
  telegram: 'VERIFICATION_CODE_ERROR',
};

/** The +E.164 form of a stored phone: ('0086', '13800138000') → '+8613800138000'. */
export function e164(phoneCode: string, phone: string): string {
  return `+${phoneCode.replace(/^00/, '')}${phone}`;
}

type Check =
  | { factor: 'email' | 'sms' | 'telegram'; action: SecurityAction; target: string; code: string | undefined }
  | { factor: 'google'; code: string | undefined; sealedSecret: string | null };

type Trx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Who made a change: the client's address and the session cookie's token. */
export interface Client {
  ip: string;
  token: string | undefined;
}

/** What the checks accepted: the authenticator's time step, when one was checked. */
interface Accepted {
  googleStep: number | undefined;
}

/** Failed verifications per account and purpose before its sensitive actions lock, and for how long. */
export interface VerificationLimits {
  maxFailures: number;
  lockMinutes: number;
}

interface Deps {
  db: Db;
  secret: string;
  limits: VerificationLimits;
  messaging: Messaging;
  sessions: ReturnType<typeof sessionService>;
  telegram: SocialLoginProvider<TelegramAuth>;
  siteTitle: string;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/**
 * The security centre and the reusable security verification of sensitive actions
 * (withdrawal, address book, watcher authorisation, …): one-time codes by e-mail, SMS and
 * Telegram, authenticator codes with replay protection, and the 24-hour withdrawal lock.
 */
export function securityService(deps: Deps) {
  const { db } = deps;
  const box = secretBox(deps.secret, 'totp');
  const codeHash = keyedHash(deps.secret, 'verification-code');
  const codeDigest = (userId: string, action: string, channel: string, target: string, code: string) => codeHash(`${userId}:${action}:${channel}:${target}:${code}`);

  async function userOrFail(userId: string) {
    const user = await securityRepository(db).user(userId);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return user;
  }

  async function telegramSubject(userId: string): Promise<{ subject: string; name: string } | undefined> {
    const binding = await socialRepository(db).findOfUser(userId, 'telegram');
    return binding ? { subject: binding.subject, name: binding.display_name } : undefined;
  }

  async function factorsOf(userId: string, action: SecurityAction) {
    const user = await userOrFail(userId);
    const telegram = await telegramSubject(userId);
    const bound = { phone: user.phone !== null, google: user.google_secret !== null, telegram: telegram !== undefined };
    return { user, telegram, methods: requiredFactors(bound, action, { telegramAvailable: deps.messaging.telegramAvailable }) };
  }

  /** TOO_MANY_REQUESTS (with `until`) while the account's sensitive actions are locked. */
  function assertUnlocked(user: { security_locked_until: Date | null }) {
    const until = user.security_locked_until;
    if (until && until.getTime() > Date.now()) throw new AppError('TOO_MANY_REQUESTS', { until: Math.floor(until.getTime() / 1000), reason: 'security_locked' });
  }

  /**
   * One failed verification of `purpose` (any factor, or the old password): counted per
   * account and purpose; the `maxFailures`-th within the window voids every unused code and
   * locks the account's sensitive actions for `lockMinutes`. Returns the error to answer.
   */
  async function countFailure(repo: ReturnType<typeof securityRepository>, userId: string, purpose: string, failure: ErrorName): Promise<AppError> {
    const failures = await repo.countFailure(userId, purpose, deps.limits.lockMinutes);
    if (failures < deps.limits.maxFailures) return new AppError(failure);
    const until = new Date(Date.now() + deps.limits.lockMinutes * 60_000);
    await repo.lockSensitive(userId, until);
    deps.logger.warn({ userId, purpose }, 'security verification failed too often: sensitive actions locked');
    return new AppError('TOO_MANY_REQUESTS', { until: Math.floor(until.getTime() / 1000), reason: 'security_locked' });
  }

  /**
   * Checks every code in one transaction with the user's row locked. Nothing is used up
   * unless all pass, and then `then` runs in the same transaction (its failure rolls the use
   * back too). When one fails, the codes that matched are void as well (a right e-mail code
   * does not stay usable for guessing the authenticator), and the failure counts against the
   * purpose (`null`: the sign-in's second step, limited by its challenge instead).
   */
  async function runChecks<T>(userId: string, purpose: string | null, checks: Check[], then?: (trx: Trx, accepted: Accepted) => Promise<T>): Promise<T | undefined> {
    const missing = checks.filter((c) => !c.code).map((c) => c.factor);
    if (missing.length > 0) throw new AppError('VERIFICATION_REQUIRED', { methods: checks.map((c) => c.factor), missing });
    const outcome = await db.transaction().execute(async (trx) => {
      const repo = securityRepository(trx);
      const user = await repo.lockUser(userId);
      if (purpose !== null) assertUnlocked(user);
      const state: { failure?: ErrorName } = {};
      const fail = (name: ErrorName) => {
        state.failure ??= name;
      };
      const toUse: string[] = [];
      let googleStep: { step: number; bound: boolean } | undefined;
      for (const check of checks) {
        const code = check.code ?? '';
        if (check.factor === 'google') {
          const sealed = check.sealedSecret ?? user.google_secret;
          if (!sealed) {
            fail('GOOGLE_NOT_BOUND');
            continue;
          }
          const boundSecret = check.sealedSecret === null;
          const lastStep = boundSecret && user.google_last_step !== null ? Number(user.google_last_step) : null;
          const step = await checkTotp(box.open(sealed), code, lastStep);
          if (step === null) fail('GOOGLE_FAILED');
          else googleStep = { step, bound: boundSecret };
          continue;
        }
        const row = await repo.unusedCode(userId, check.action, check.factor, check.target);
        if (!row) {
          fail(CODE_ERRORS[check.factor]);
          continue;
        }
        if (row.expires_at.getTime() < Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) {
          fail('VERIFICATION_CODE_EXPIRED');
          continue;
        }
        const expected = Buffer.from(row.code_hash);
        const given = Buffer.from(codeDigest(userId, check.action, check.factor, check.target, code));
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          await repo.bumpCode(row.id);
          fail(CODE_ERRORS[check.factor]);
          continue;
        }
        toUse.push(row.id);
      }
      if (state.failure === undefined && googleStep?.bound && !(await repo.acceptGoogleStep(userId, googleStep.step))) fail('GOOGLE_FAILED');
      const failure = state.failure;
      if (failure !== undefined) {
        if (purpose === null) return { error: new AppError(failure) };
        for (const id of toUse) await repo.useCode(id);
        return { error: await countFailure(repo, userId, purpose, failure) };
      }
      for (const id of toUse) await repo.useCode(id);
      if (purpose !== null) await repo.clearFailures(userId, purpose);
      const value = then ? await then(trx, { googleStep: googleStep?.step }) : undefined;
      return { value };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  function checksFor(
    methods: SecurityFactor[],
    action: SecurityAction,
    user: { email: string; phone_code: string | null; phone: string | null },
    telegram: { subject: string } | undefined,
    codes: SecurityCodes,
  ): Check[] {
    return methods.map((factor): Check => {
      switch (factor) {
        case 'email':
          return { factor, action, target: user.email.toLowerCase(), code: codes.email_code };
        case 'sms':
          return { factor, action, target: e164(user.phone_code ?? '', user.phone ?? ''), code: codes.sms_code };
        case 'telegram':
          return { factor, action, target: telegram?.subject ?? '', code: codes.telegram_code };
        case 'google':
          return { factor, code: codes.google_code, sealedSecret: null };
      }
    });
  }

  /**
   * The security verification of a sensitive action: the codes of every factor
   * getsecurityverification names (VERIFICATION_REQUIRED naming them when one is missing).
   * Each code works once; `then` runs in the same transaction when all pass.
   */
  async function verifySecurity<T>(userId: string, action: SecurityAction, codes: SecurityCodes, then?: (trx: Trx, accepted: Accepted) => Promise<T>): Promise<T | undefined> {
    const { user, telegram, methods } = await factorsOf(userId, action);
    return runChecks(userId, action, checksFor(methods, action, user, telegram, codes), then);
  }

  /**
   * The change's write with its in-site message (the bell's), in the change's transaction: a
   * change that rolls back leaves no message, a committed one always has exactly one.
   */
  function withMessage<T>(userId: string, change: SecurityChange, ip: string, write: (trx: Trx, accepted: Accepted) => Promise<T>) {
    return async (trx: Trx, accepted: Accepted): Promise<T> => {
      const value = await write(trx, accepted);
      await notifySecurityChange(trx, userId, change, ip);
      return value;
    };
  }

  /** A security change was committed: the security e-mail (its in-site message was written with the change, withMessage). */
  async function notice(userId: string, change: SecurityChange, ip: string) {
    const user = await securityRepository(db).user(userId);
    if (!user) return;
    const lang: Lang = isLang(user.language) ? user.language : 'en';
    await deps.messaging
      .mail(user.email, lang, {
        kind: 'security_notice',
        change,
        time: new Date(),
        ip,
        forgotLink: `${deps.publicUrl}${ACCOUNT_LINK_PATHS.forgot}`,
        locked: withdrawLockedUntil(user.security_changed_at) !== null,
      })
      .catch((error: unknown) => deps.logger.error({ err: error, userId }, 'security notice e-mail failed'));
  }

  /** A second factor changed: the user's other sessions end (the one that made the change stays), and a notice is mailed. */
  async function factorChanged(userId: string, change: SecurityChange, client: Client) {
    await deps.sessions.closeOthersOfUser(userId, client.token);
    await notice(userId, change, client.ip);
  }

  async function sendCode(userId: string, action: SecurityAction, channel: CodeChannel, options: { newPhone?: { nationality: string; phone: string } } = {}): Promise<CodeSent> {
    const user = await userOrFail(userId);
    assertUnlocked(user);
    const lang: Lang = isLang(user.language) ? user.language : 'en';
    let target: string;
    let shown: string;
    let prefix: string | undefined;
    // A number another account has gets no SMS, with the same answer (nothing tells it is registered).
    let silent = false;
    if (channel === 'email') {
      target = user.email.toLowerCase();
      shown = maskEmail(user.email);
    } else if (channel === 'sms') {
      if (options.newPhone) {
        if (action !== 'change_phone') throw new AppError('INVALID_PARAMETER', { field: 'action' });
        const { phoneCode, phone } = checkNewPhone(user, options.newPhone);
        const owner = await securityRepository(db).phoneOwner(phoneCode, phone);
        silent = owner !== undefined && owner.id !== userId;
        target = e164(phoneCode, phone);
        prefix = e164(phoneCode, '');
        shown = maskPhone(phoneCode, phone);
      } else {
        if (!user.phone || !user.phone_code) throw new AppError('PHONE_NOT_BOUND');
        target = e164(user.phone_code, user.phone);
        prefix = e164(user.phone_code, '');
        shown = maskPhone(user.phone_code, user.phone);
      }
      if (!deps.messaging.smsAvailable) throw new AppError('FEATURE_NOT_OPEN');
    } else {
      if (!deps.messaging.telegramAvailable) throw new AppError('SOCIAL_LOGIN_DISABLED');
      const telegram = await telegramSubject(userId);
      if (!telegram) throw new AppError('TELEGRAM_NOT_BOUND');
      target = telegram.subject;
      shown = telegram.name;
    }
    await deps.messaging.reserve(channel, target, 'code', { userId, ...(prefix !== undefined ? { prefix } : {}) });
    const sent: CodeSent = { type: channel, to: shown, expires_in: CODE_TTL_MS / 1000, resend_in: deps.messaging.sendIntervalSeconds };
    if (silent) return sent;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction().execute(async (trx) => {
      const repo = securityRepository(trx);
      await repo.supersedeCodes(userId, action, channel);
      await repo.insertCode({
        user_id: userId,
        channel,
        target,
        action,
        code_hash: codeDigest(userId, action, channel, target, code),
        expires_at: new Date(Date.now() + CODE_TTL_MS),
      });
    });
    const minutes = CODE_TTL_MS / 60_000;
    try {
      if (channel === 'email') await deps.messaging.mail(user.email, lang, { kind: 'code', code, action, minutes });
      else if (channel === 'sms') await deps.messaging.sms(target, renderCodeText(code, action, minutes, lang, deps.siteTitle));
      else await deps.messaging.telegram(target, renderCodeText(code, action, minutes, lang, deps.siteTitle));
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.logger.error({ err: error, channel }, 'sending a verification code failed');
      throw new AppError('NETWORK_ERROR');
    }
    return sent;
  }

  /**
   * The new phone's form. Whether another account has the number is not told here (SMS
   * pumping, enumeration): only after its code passes does binding answer PHONE_EXISTS.
   */
  function checkNewPhone(
    user: { phone_code: string | null; phone: string | null },
    input: { nationality: string; phone: string },
  ): { nationality: string; phoneCode: string; phone: string } {
    const country = countryByCode(input.nationality);
    if (!country) throw new AppError('NATIONALITY_REQUIRED');
    if (!phoneFormatValid(country.country_code, input.phone)) throw new AppError('PHONE_FORMAT');
    if (user.phone_code === country.phone_code && user.phone === input.phone) throw new AppError('PHONE_BOUND');
    return { nationality: country.country_code, phoneCode: country.phone_code, phone: input.phone };
  }

  return {
    verifySecurity,

    /** The security e-mail of a change made elsewhere (its in-site message written with the change: notifySecurityChange). */
    mailSecurityNotice: notice,

    /** WITHDRAW_LOCKED within 24 hours of a change that locks (locksWithdrawals). */
    async assertWithdrawalAllowed(userId: string): Promise<void> {
      await assertWithdrawalAllowed(db, userId);
    },

    async securityVerification(userId: string, action: SecurityAction): Promise<SecurityVerification> {
      const { user, telegram, methods } = await factorsOf(userId, action);
      return {
        action,
        methods,
        email: maskEmail(user.email),
        phone: user.phone && user.phone_code ? maskPhone(user.phone_code, user.phone) : '',
        telegram: telegram?.name ?? '',
      };
    },

    sendCode,

    /** A new pending authenticator secret with its otpauth URL and QR code (GOOGLE_BOUND when one is bound). */
    async googleSecret(userId: string): Promise<{ secret: string; otpauth_url: string; qrcode: string }> {
      const user = await userOrFail(userId);
      if (user.google_secret) throw new AppError('GOOGLE_BOUND');
      const secret = newTotpSecret();
      await securityRepository(db).setPendingGoogle(userId, box.seal(secret), new Date(Date.now() + GOOGLE_PENDING_TTL_MS));
      const otpauthUrl = totpUri(secret, deps.siteTitle, user.email);
      return { secret, otpauth_url: otpauthUrl, qrcode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
    },

    /** Checks a code against the pending secret (nothing is bound; 5 wrong tries discard the secret). */
    async prevalidateGoogle(userId: string, code: string): Promise<void> {
      const user = await userOrFail(userId);
      if (user.google_secret) throw new AppError('GOOGLE_BOUND');
      const pending = user.google_pending_secret;
      if (!pending || !user.google_pending_expires_at || user.google_pending_expires_at.getTime() < Date.now()) throw new AppError('SESSION_EXPIRED');
      const repo = securityRepository(db);
      if (user.google_pending_attempts >= CODE_MAX_ATTEMPTS) {
        await repo.clearPendingGoogle(userId);
        throw new AppError('SESSION_EXPIRED');
      }
      if ((await checkTotp(box.open(pending), code, null)) === null) {
        await repo.bumpPendingGoogle(userId);
        throw new AppError('GOOGLE_FAILED');
      }
    },

    /** Binds the pending secret: its code plus the bind_google verification. */
    async bindGoogle(userId: string, codes: SecurityCodes & { google_code: string }, client: Client): Promise<void> {
      const { user, telegram, methods } = await factorsOf(userId, 'bind_google');
      if (user.google_secret) throw new AppError('GOOGLE_BOUND');
      const pending = user.google_pending_secret;
      if (!pending || !user.google_pending_expires_at || user.google_pending_expires_at.getTime() < Date.now()) throw new AppError('SESSION_EXPIRED');
      const checks = checksFor(methods, 'bind_google', user, telegram, codes);
      checks.push({ factor: 'google', code: codes.google_code, sealedSecret: pending });
      await runChecks(
        userId,
        'bind_google',
        checks,
        withMessage(userId, 'google_bound', client.ip, async (trx, accepted) => {
          // The step just accepted becomes the last used one: its code cannot sign in afterwards.
          // A first authenticator does not lock withdrawals (locksWithdrawals): one can only be bound where none is.
          await securityRepository(trx).bindGoogle(userId, pending, accepted.googleStep ?? 0, locksWithdrawals({ credential: 'google', hadBefore: false }));
        }),
      );
      await factorChanged(userId, 'google_bound', client);
    },

    async unbindGoogle(userId: string, codes: SecurityCodes, client: Client): Promise<void> {
      const user = await userOrFail(userId);
      if (!user.google_secret) throw new AppError('GOOGLE_NOT_BOUND');
      await verifySecurity(
        userId,
        'unbind_google',
        codes,
        withMessage(userId, 'google_unbound', client.ip, (trx) => securityRepository(trx).unbindGoogle(userId)),
      );
      await factorChanged(userId, 'google_unbound', client);
    },

    /** Binds or replaces the phone: the new phone's SMS code plus the change_phone verification. */
    async modifyPhone(userId: string, body: SecurityCodes & { nationality: string; phone: string; sms_code: string }, client: Client): Promise<void> {
      const { user, telegram, methods } = await factorsOf(userId, 'change_phone');
      const next = checkNewPhone(user, body);
      const checks: Check[] = [
        { factor: 'sms', action: 'change_phone', target: e164(next.phoneCode, next.phone), code: body.sms_code },
        ...checksFor(methods, 'change_phone', user, telegram, body),
      ];
      await runChecks(
        userId,
        'change_phone',
        checks,
        withMessage(userId, 'phone_changed', client.ip, async (trx) => {
          const lock = locksWithdrawals({ credential: 'phone', hadBefore: user.phone !== null });
          const saved = await securityRepository(trx).setPhone(userId, { nationality: next.nationality, phone_code: next.phoneCode, phone: next.phone }, lock);
          if (!saved) throw new AppError('PHONE_EXISTS');
        }),
      );
      await factorChanged(userId, 'phone_changed', client);
    },

    /**
     * Changes the password: the old one must match, and the authenticator's code when one is
     * bound. A wrong old password or code counts as a failed verification (the lock of
     * SECURITY_MAX_FAILURES). Other sessions end, reset links already mailed stop working,
     * withdrawals lock 24 h.
     */
    async modifyPassword(
      userId: string,
      body: { old_password: string; new_password: string; google_code?: string | undefined },
      currentToken: string | undefined,
      ip: string,
    ): Promise<void> {
      const user = await userOrFail(userId);
      assertUnlocked(user);
      const checks: Check[] = user.google_secret ? [{ factor: 'google', code: body.google_code, sealedSecret: null }] : [];
      if (checks.some((c) => !c.code)) throw new AppError('VERIFICATION_REQUIRED', { methods: ['google'], missing: ['google'] });
      if (!(await passwordMatches(user.password_hash, body.old_password))) {
        throw await db.transaction().execute(async (trx) => {
          const repo = securityRepository(trx);
          assertUnlocked(await repo.lockUser(userId));
          return countFailure(repo, userId, 'change_password', 'PASSWORD_WRONG');
        });
      }
      const passwordHash = await hashPassword(body.new_password);
      await runChecks(
        userId,
        'change_password',
        checks,
        withMessage(userId, 'password_changed', ip, (trx) => securityRepository(trx).setPassword(userId, passwordHash)),
      );
      await deps.sessions.closeOthersOfUser(userId, currentToken);
      await notice(userId, 'password_changed', ip);
    },

    async bindTelegram(userId: string, body: SecurityCodes & { telegram: TelegramAuth }, client: Client): Promise<void> {
      const identity = await deps.telegram.verify(body.telegram);
      const social = socialRepository(db);
      if (await social.findOfUser(userId, 'telegram')) throw new AppError('TELEGRAM_BOUND');
      if (await social.findBySubject('telegram', identity.subject)) throw new AppError('TELEGRAM_BOUND');
      await verifySecurity(
        userId,
        'bind_telegram',
        body,
        withMessage(userId, 'telegram_bound', client.ip, async (trx) => {
          const inserted = await socialRepository(trx).insert({ user_id: userId, provider: 'telegram', subject: identity.subject, display_name: identity.displayName });
          if (!inserted) throw new AppError('TELEGRAM_BOUND');
          // Telegram is bound only where none is: a first binding, which does not lock withdrawals.
          if (locksWithdrawals({ credential: 'telegram', hadBefore: false })) await securityRepository(trx).markSecurityChanged(userId);
        }),
      );
      await factorChanged(userId, 'telegram_bound', client);
    },

    async unbindTelegram(userId: string, codes: SecurityCodes, client: Client): Promise<void> {
      if (!(await socialRepository(db).findOfUser(userId, 'telegram'))) throw new AppError('TELEGRAM_NOT_BOUND');
      await verifySecurity(
        userId,
        'unbind_telegram',
        codes,
        withMessage(userId, 'telegram_unbound', client.ip, async (trx) => {
          await socialRepository(trx).remove(userId, 'telegram');
          await securityRepository(trx).markSecurityChanged(userId);
        }),
      );
      await factorChanged(userId, 'telegram_unbound', client);
    },

    /**
     * Another party presents the user's authenticator code as the user's consent (a watcher's
     * add, issue 25): checked like any security verification of `purpose` (once, replay
     * refused, failures counted and locking), and `then` runs in the same transaction.
     */
    async checkAuthenticator<T>(userId: string, purpose: SecurityAction, code: string, then: (trx: Trx) => Promise<T>): Promise<T | undefined> {
      return runChecks(userId, purpose, [{ factor: 'google', code, sealedSecret: null }], then);
    },

    /** Sign-in's second factor: the bound authenticator's code, once (replay refused). */
    async checkSignInCode(userId: string, code: string): Promise<boolean> {
      try {
        await runChecks(userId, null, [{ factor: 'google', code, sealedSecret: null }]);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.errorName === 'GOOGLE_FAILED') return false;
        throw error;
      }
    },
  };
}

export type SecurityService = ReturnType<typeof securityService>;

/** When withdrawals unlock after the last security change (null: not locked). */
export function withdrawLockedUntil(securityChangedAt: Date | null, now = Date.now()): Date | null {
  if (!securityChangedAt) return null;
  const until = securityChangedAt.getTime() + WITHDRAW_LOCK_MS;
  return until > now ? new Date(until) : null;
}

/** When the user's withdrawals unlock after their last security change (null: not locked). */
export async function userWithdrawLockedUntil(db: Db, userId: string, now = Date.now()): Promise<Date | null> {
  const user = await securityRepository(db).user(userId);
  return withdrawLockedUntil(user?.security_changed_at ?? null, now);
}

/** WITHDRAW_LOCKED within 24 hours of a change that locks (locksWithdrawals: password, e-mail, a factor replaced or removed). */
export async function assertWithdrawalAllowed(db: Db, userId: string, now = new Date()): Promise<void> {
  const user = await securityRepository(db).user(userId);
  if (!user) throw new AppError('USER_NOT_EXIST');
  const until = withdrawLockedUntil(user.security_changed_at, now.getTime());
  if (until) throw new AppError('WITHDRAW_LOCKED', { until: Math.floor(until.getTime() / 1000) });
}
