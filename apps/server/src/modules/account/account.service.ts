import { ACCOUNT_LINK_PATHS, AppError, countryByCode, isLang, locksWithdrawals, type Lang, type LoginBody, type LoginMethod, type TelegramAuth } from '@platter/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { isMainlandChina } from '../../http/geo.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { notifySecurityChange } from '../events/events.service.ts';
import type { loginLogService } from '../log/login-log.service.ts';
import type { Messaging } from '../messaging/messaging.service.ts';
import type { SecurityService } from '../security/security.service.ts';
import { sessionRepository } from '../session/session.repository.ts';
import type { sessionService } from '../session/session.service.ts';
import type { SocialLoginProvider } from '../social/social.ts';
import { socialRepository } from '../social/social.repository.ts';
import { accountRepository } from './account.repository.ts';
import { generatePassword, hashPassword, passwordMatches } from './password.ts';
import { inviterFor, recordInvitation } from '../invite/invite.service.ts';

export { generatePassword, hashPassword } from './password.ts';

/** An activation link works 24 hours, a password-reset link 1 hour; each works once. */
export const ACTIVATION_TTL_MS = 24 * 3600 * 1000;
export const RESET_TTL_MS = 3600 * 1000;
/** A sign-in waiting for its second factor: 5 minutes, 5 tries. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Failed sign-ins (wrong password or second factor) allowed per account per hour. */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

async function newUid(db: Db): Promise<string> {
  const repo = accountRepository(db);
  for (;;) {
    const uid = String(randomInt(10_000_000, 100_000_000));
    if (!(await repo.uidExists(uid))) return uid;
  }
}

export type Role = 'user' | 'support' | 'admin';

/** Creates an active back-office account, or promotes and resets an existing one. */
export async function createAdmin(db: Db, email: string, role: Role = 'admin', password = generatePassword()) {
  const repo = accountRepository(db);
  const passwordHash = await hashPassword(password);
  const existing = await repo.findByEmail(email);
  if (existing) {
    await repo.setRoleAndPassword(existing.id, role, passwordHash);
    return { email: existing.email, password, created: false };
  }
  await repo.insertUser({
    uid: await newUid(db),
    email,
    password_hash: passwordHash,
    role,
    status: 'active',
    nickname: 'admin',
  });
  return { email, password, created: true };
}

/** An active member account made by the platform itself (the simulator's demo farmers). */
export async function createActiveUser(db: Db, input: { email: string; nickname: string; password: string }): Promise<string> {
  const repo = accountRepository(db);
  const existing = await repo.findByEmail(input.email);
  if (existing) return existing.id;
  await repo.insertUser({ uid: await newUid(db), email: input.email, password_hash: await hashPassword(input.password), role: 'user', status: 'active', nickname: input.nickname });
  const created = await repo.findByEmail(input.email);
  if (!created) throw new Error(`could not create ${input.email}`);
  return created.id;
}

/**
 * On the first start of an install (no admin yet) creates the admin account and returns its
 * credentials, to be printed once. Several processes starting together create one admin.
 */
export async function ensureFirstAdmin(db: Db, email: string): Promise<{ email: string; password: string } | null> {
  return db.transaction().execute(async (trx) => {
    await accountRepository(trx).lockFirstAdmin();
    if ((await accountRepository(trx).countByRole('admin')) > 0) return null;
    const { password } = await createAdmin(trx, email);
    return { email, password };
  });
}

/** Signs the user out everywhere (every session revoked). */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await sessionRepository(db).revokeAllOfUser(userId);
}

/** Bans a user (back office): sign-in refused with ACCOUNT_BANNED, every session ends now. */
export async function banUser(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await accountRepository(trx).setStatus(userId, 'banned');
    await sessionRepository(trx).revokeAllOfUser(userId);
  });
}

/** Lifts a ban: the account is active again (the user signs in anew). */
export async function unbanUser(db: Db, userId: string): Promise<void> {
  await accountRepository(db).setStatus(userId, 'active');
}

/** Registration is refused while closed (221) and from a mainland-China address (222). */
export function assertRegistrable(ip: string, open: boolean): void {
  if (!open) throw new AppError('REGISTRATION_CLOSED');
  if (isMainlandChina(ip)) throw new AppError('REGION_NOT_SUPPORTED');
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The per-account failure counter's key for what was typed (unknown accounts are counted too). */
export function identifierHash(method: LoginMethod, identifier: string): string {
  return sha256(`login:${method}:${identifier.trim().toLowerCase()}`);
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  captcha: CaptchaService;
  messaging: Messaging;
  security: SecurityService;
  loginLog: ReturnType<typeof loginLogService>;
  telegram: SocialLoginProvider<TelegramAuth>;
  wechat: SocialLoginProvider<{ code: string }>;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof accountRepository>['findById']>>>;

/**
 * Registration, activation, sign-in (password, second factor, messengers) and password reset.
 * Answers never tell whether an account exists: registration and forgot-password answer the
 * same and mail the address either way; a wrong sign-in is LOGIN_FAILED whatever was wrong,
 * and an account's state (not activated, banned) is told only after its correct password.
 */
export function accountService(deps: Deps) {
  const { db } = deps;
  const repo = accountRepository(db);
  const link = (path: string, token?: string) => `${deps.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  // Checked against when no account matches, so that a miss costs as long as a wrong password.
  let dummyHash: Promise<string> | undefined;

  async function sendMail(to: string, lang: Lang, template: Parameters<Messaging['mail']>[2]) {
    await deps.messaging.mail(to, lang, template).catch((error: unknown) => deps.logger.error({ err: error, kind: template.kind }, 'account e-mail failed'));
  }

  async function findForLogin(body: LoginBody): Promise<{ user: UserRow | undefined; identifier: string }> {
    switch (body.method) {
      case 'email':
        return { user: await repo.findByEmail(body.email), identifier: body.email };
      case 'account':
        return { user: await repo.findByAccount(body.account), identifier: body.account };
      case 'phone': {
        const country = countryByCode(body.nationality);
        const identifier = `${country?.phone_code ?? ''}${body.phone}`;
        return { user: country ? await repo.findByPhone(country.phone_code, body.phone) : undefined, identifier };
      }
    }
  }

  /** Opens the attempt, counted as `presumed` until settled (TOO_MANY_FAILED_LOGINS after 100 an hour). */
  async function beginAttempt(userId: string | null, idHash: string, method: LoginMethod, meta: ClientMeta, presumed: 'wrong_password' | 'second_factor_failed') {
    return deps.loginLog.begin({ userId, identifierHash: idHash, method, ...meta, result: presumed }, MAX_FAILED_LOGINS_PER_HOUR);
  }

  async function completeLogin(user: UserRow, attempt: string, presentedToken: string | undefined, meta: ClientMeta) {
    // A new session id at every sign-in; the one the browser brought (if any) ends.
    await deps.sessions.close(presentedToken);
    const { token } = await deps.sessions.open(user.id, meta);
    await repo.setLastLogin(user.id);
    await deps.loginLog.settle(attempt, 'success');
    return { token, userId: user.id };
  }

  /** After the first factor passed: the account's state, then the second factor or the session. */
  async function afterFirstFactor(user: UserRow, method: LoginMethod, idHash: string, attempt: string, meta: ClientMeta, presentedToken: string | undefined) {
    if (user.status === 'banned') {
      await deps.loginLog.settle(attempt, 'banned');
      throw new AppError('ACCOUNT_BANNED');
    }
    if (user.status === 'pending') {
      await deps.loginLog.settle(attempt, 'not_activated');
      throw new AppError('ACCOUNT_NOT_ACTIVATED');
    }
    if (user.google_secret) {
      const challenge = newToken();
      await repo.insertChallenge({
        challenge_hash: sha256(challenge),
        user_id: user.id,
        method,
        identifier_hash: idHash,
        expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      await deps.loginLog.drop(attempt);
      throw new AppError('SECOND_FACTOR_REQUIRED', { challenge, methods: ['google'] });
    }
    return completeLogin(user, attempt, presentedToken, meta);
  }

  async function socialLogin(provider: 'telegram' | 'wechat', subject: string, meta: ClientMeta, presentedToken: string | undefined) {
    const idHash = identifierHash(provider, subject);
    const binding = await socialRepository(db).findBySubject(provider, subject);
    const user = binding ? await repo.findById(binding.user_id) : undefined;
    if (!user) throw new AppError(provider === 'telegram' ? 'TELEGRAM_NOT_BOUND' : 'WECHAT_NOT_BOUND');
    const attempt = await beginAttempt(user.id, idHash, provider, meta, 'wrong_password');
    return afterFirstFactor(user, provider, idHash, attempt, meta, presentedToken);
  }

  return {
    /** Always answers the same; mails an activation link, or an 'already registered' notice. */
    async register(body: { email: string; password: string; session: string; captcha: string; invite?: string | undefined }, lang: Lang): Promise<void> {
      await deps.captcha.check(body.session, body.captcha);
      // Issue 25: an unknown invite id is refused before anything is sent (it says nothing of the address).
      const inviterId = await inviterFor(db, body.invite);
      await deps.messaging.reserve('email', body.email, 'register');
      // Hashed whatever happens next: the answer takes as long for a known address.
      const passwordHash = await hashPassword(body.password);
      let existing = await repo.findByEmail(body.email);
      if (!existing) {
        try {
          const uid = await newUid(db);
          // The inviter is recorded with the pending account: the activation link keeps it.
          const user = await db.transaction().execute(async (trx) => {
            const created = await accountRepository(trx).insertUser({ uid, email: body.email, password_hash: passwordHash, language: lang, status: 'pending' });
            if (inviterId) await recordInvitation(trx, created.id, inviterId);
            return created;
          });
          const token = newToken();
          await repo.insertToken({ token_hash: sha256(token), user_id: user.id, purpose: 'activate', expires_at: new Date(Date.now() + ACTIVATION_TTL_MS) });
          await sendMail(body.email, lang, { kind: 'activation', link: link(ACCOUNT_LINK_PATHS.activate, token), hours: ACTIVATION_TTL_MS / 3600_000 });
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== '23505') throw error;
          existing = await repo.findByEmail(body.email); // registered concurrently
          if (!existing) throw error;
        }
      }
      const userLang: Lang = isLang(existing.language) ? existing.language : lang;
      if (existing.status === 'pending') {
        // Not activated yet: the password chosen this time is not kept (it may be someone
        // else's). A reset link lets the mailbox's owner set one, which also activates.
        const token = newToken();
        await repo.insertToken({ token_hash: sha256(token), user_id: existing.id, purpose: 'reset', expires_at: new Date(Date.now() + RESET_TTL_MS) });
        await sendMail(existing.email, userLang, { kind: 'reset', link: link(ACCOUNT_LINK_PATHS.reset, token), minutes: RESET_TTL_MS / 60_000 });
        return;
      }
      await sendMail(existing.email, userLang, {
        kind: 'already_registered',
        loginLink: link(ACCOUNT_LINK_PATHS.login),
        forgotLink: link(ACCOUNT_LINK_PATHS.forgot),
      });
    },

    /** ACTIVATION_FAILED for an unknown or used link, LINK_EXPIRED after 24 hours. */
    async activate(token: string): Promise<{ email: string }> {
      return db.transaction().execute(async (trx) => {
        const tx = accountRepository(trx);
        const row = await tx.takeToken(sha256(token), 'activate');
        if (!row || row.used_at) throw new AppError('ACTIVATION_FAILED');
        if (row.expires_at.getTime() < Date.now()) throw new AppError('LINK_EXPIRED');
        const user = await tx.findById(row.user_id);
        if (!user || user.status !== 'pending') throw new AppError('ACTIVATION_FAILED');
        await tx.activate(user.id, row.password_hash);
        await tx.useTokens(user.id, 'activate');
        return { email: user.email };
      });
    },

    /**
     * Password sign-in. Answers: the session (code 200), SECOND_FACTOR_REQUIRED with a
     * challenge, LOGIN_FAILED, ACCOUNT_NOT_ACTIVATED / ACCOUNT_BANNED (only after the right
     * password), TOO_MANY_FAILED_LOGINS after 100 failures in an hour.
     */
    async login(body: LoginBody, meta: ClientMeta, presentedToken: string | undefined) {
      await deps.captcha.check(body.session, body.captcha);
      const { user, identifier } = await findForLogin(body);
      const idHash = identifierHash(body.method, identifier);
      // Recorded as a failure before the check: parallel guesses cannot outrun the limit.
      const attempt = await beginAttempt(user?.id ?? null, idHash, body.method, meta, 'wrong_password');
      dummyHash ??= hashPassword(newToken());
      const valid = await passwordMatches(user?.password_hash ?? (await dummyHash), body.password);
      if (!user || !valid) throw new AppError('LOGIN_FAILED');
      return afterFirstFactor(user, body.method, idHash, attempt, meta, presentedToken);
    },

    /** The second step of a sign-in: the challenge of code 1030 and the authenticator code. */
    async loginVerify(body: { challenge: string; code: string }, meta: ClientMeta, presentedToken: string | undefined) {
      const challengeHash = sha256(body.challenge);
      // One statement checks and spends a try: parallel guesses get CHALLENGE_MAX_ATTEMPTS at most.
      const row = await repo.spendChallengeTry(challengeHash, CHALLENGE_MAX_ATTEMPTS);
      if (!row) throw new AppError('SESSION_EXPIRED');
      const user = await repo.findById(row.user_id);
      if (!user) throw new AppError('SESSION_EXPIRED');
      const method = row.method as LoginMethod;
      const attempt = await beginAttempt(user.id, row.identifier_hash, method, meta, 'second_factor_failed');
      if (user.status !== 'active') return afterFirstFactor(user, method, row.identifier_hash, attempt, meta, presentedToken);
      if (!(await deps.security.checkSignInCode(user.id, body.code))) throw new AppError('GOOGLE_FAILED');
      if (!(await repo.useChallenge(challengeHash))) throw new AppError('SESSION_EXPIRED');
      return completeLogin(user, attempt, presentedToken, meta);
    },

    /** Telegram Login Widget sign-in of the account that has that Telegram bound. */
    async telegramLogin(payload: TelegramAuth, meta: ClientMeta, presentedToken: string | undefined) {
      const identity = await deps.telegram.verify(payload);
      // Each payload signs in once (a copied one cannot sign in again within its window).
      const until = identity.usableUntil ?? new Date(Date.now() + 86_400_000);
      if (!(await socialRepository(db).claimPayload(payload.hash.toLowerCase(), until))) throw new AppError('SOCIAL_LOGIN_FAILED');
      return socialLogin('telegram', identity.subject, meta, presentedToken);
    },

    /** WeChat sign-in (disabled unless configured). */
    async wechatLogin(code: string, meta: ClientMeta, presentedToken: string | undefined) {
      const identity = await deps.wechat.verify({ code });
      return socialLogin('wechat', identity.subject, meta, presentedToken);
    },

    /** Always answers the same; mails a reset link, or a 'no account here' notice. */
    async forgotPassword(body: { email: string; session: string; captcha: string }, lang: Lang): Promise<void> {
      await deps.captcha.check(body.session, body.captcha);
      await deps.messaging.reserve('email', body.email, 'forgot');
      const user = await repo.findByEmail(body.email);
      if (!user) {
        await sendMail(body.email, lang, { kind: 'reset_unknown', registerLink: link(ACCOUNT_LINK_PATHS.register) });
        return;
      }
      const token = newToken();
      await repo.insertToken({ token_hash: sha256(token), user_id: user.id, purpose: 'reset', expires_at: new Date(Date.now() + RESET_TTL_MS) });
      await sendMail(user.email, isLang(user.language) ? user.language : lang, { kind: 'reset', link: link(ACCOUNT_LINK_PATHS.reset, token), minutes: RESET_TTL_MS / 60_000 });
    },

    /**
     * Sets a new password from a reset link: PASSWORD_RESET_FAILED for an unknown or used link,
     * LINK_EXPIRED after an hour. Every session ends and withdrawals lock for 24 hours.
     */
    async resetPassword(body: { token: string; password: string }, meta: ClientMeta): Promise<void> {
      const liveLink = (row: { used_at: Date | null; expires_at: Date } | undefined) => {
        if (!row || row.used_at) throw new AppError('PASSWORD_RESET_FAILED');
        if (row.expires_at.getTime() < Date.now()) throw new AppError('LINK_EXPIRED');
      };
      // The link first: a bad token costs no password hashing. Checked again, locked, below.
      liveLink(await repo.takeToken(sha256(body.token), 'reset'));
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction().execute(async (trx) => {
        const tx = accountRepository(trx);
        const row = await tx.takeToken(sha256(body.token), 'reset');
        liveLink(row);
        if (!row) throw new AppError('PASSWORD_RESET_FAILED');
        await tx.resetPassword(row.user_id, passwordHash);
        await tx.useTokens(row.user_id, 'reset');
        await sessionRepository(trx).revokeAllOfUser(row.user_id);
        await notifySecurityChange(trx, row.user_id, 'password_reset', meta.ip);
        return row.user_id;
      });
      const user = await repo.findById(userId);
      if (user) {
        await sendMail(user.email, isLang(user.language) ? user.language : 'en', {
          kind: 'security_notice',
          change: 'password_reset',
          time: new Date(),
          ip: meta.ip,
          forgotLink: link(ACCOUNT_LINK_PATHS.forgot),
          locked: locksWithdrawals({ credential: 'password_reset', hadBefore: true }),
        });
      }
    },

    /** USER_EXISTS when another account has the name. */
    async setAccountName(userId: string, account: string): Promise<void> {
      if (!(await repo.setAccountName(userId, account))) throw new AppError('USER_EXISTS');
    },

    async setNickname(userId: string, nickname: string): Promise<void> {
      await repo.setNickname(userId, nickname);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
