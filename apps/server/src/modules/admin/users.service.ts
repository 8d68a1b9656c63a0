import { AppError, formatAmount, type AdminUser, type FindUsersQuery, type Staff, type StaffRole, type UserRole } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { notifySecurityChange } from '../events/events.service.ts';
import { recordAudit, type AuditBy } from './audit.ts';
import { adminUsersRepository } from './users.repository.ts';

/**
 * The back office's user calls: findusers, BanUser/UnbanUser, the unbinding of WeChat, the
 * phone, the authenticator and the message channels, and role changes. Each change and its
 * audit entry are one transaction.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function findUsers(db: Db, q: FindUsersQuery): Promise<{ list: AdminUser[]; total: number }> {
  const repo = adminUsersRepository(db);
  const { total, rows } = await repo.find(q);
  const balances = await repo.availableBalances(rows.map((r) => r.id));
  return {
    total,
    list: rows.map((r) => ({
      uid: r.uid,
      email: r.email,
      account: r.account ?? '',
      nickname: r.nickname,
      role: r.role,
      status: r.status,
      phone: r.phone ? `+${(r.phone_code ?? '').replace(/^00/, '')} ${r.phone}` : '',
      google: r.google,
      wechat: r.wechat,
      telegram: r.telegram,
      created_at: seconds(r.created_at),
      last_login_at: r.last_login_at ? seconds(r.last_login_at) : null,
      balances: balances.filter((b) => b.user_id === r.id).map((b) => ({ coin: b.coin, available: formatAmount(BigInt(b.balance), b.scale) })),
    })),
  };
}

/**
 * The IP a user's security message names for a change the back office made: not the staff
 * member's address (the user has no need of it), a dash.
 */
const BACK_OFFICE_IP = '—';

/** Runs `change` on the locked user (by uid, or by e-mail from the CLI) with its audit entry, in one transaction. */
async function onUser<T>(
  db: Db,
  target: string | { email: string },
  change: (trx: Db, user: NonNullable<Awaited<ReturnType<ReturnType<typeof adminUsersRepository>['lock']>>>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const user = await adminUsersRepository(trx).lock(typeof target === 'string' ? { uid: target } : target);
    if (!user) throw new AppError('USER_NOT_EXIST');
    return change(trx, user);
  });
}

/**
 * BanUser: sign-in is refused (ACCOUNT_BANNED) and every session of the user ends at once.
 * Back-office accounts are not banned here: their role is taken away first.
 */
export async function banUser(db: Db, by: AuditBy, uid: string, reason: string): Promise<void> {
  await onUser(db, uid, async (trx, user) => {
    if (user.role !== 'user') throw new AppError('ACCESS_FORBIDDEN', { reason: 'staff' });
    const repo = adminUsersRepository(trx);
    await repo.setStatus(user.id, 'banned');
    await repo.revokeSessions(user.id);
    await recordAudit(trx, by, { action: 'BanUser', target: `user:${uid}`, before: { status: user.status }, after: { status: 'banned' }, detail: { reason } });
  });
}

/** UnbanUser: the account is active again; the user signs in anew. */
export async function unbanUser(db: Db, by: AuditBy, uid: string): Promise<void> {
  await onUser(db, uid, async (trx, user) => {
    if (user.status !== 'banned') throw new AppError('INVALID_PARAMETER', { field: 'uid', reason: 'not banned' });
    await adminUsersRepository(trx).setStatus(user.id, 'active');
    await recordAudit(trx, by, { action: 'UnbanUser', target: `user:${uid}`, before: { status: 'banned' }, after: { status: 'active' } });
  });
}

/** unbindphone: the phone is removed (the user binds one again); withdrawals lock for 24 hours. */
export async function unbindPhone(db: Db, by: AuditBy, uid: string): Promise<void> {
  await onUser(db, uid, async (trx, user) => {
    if (!user.phone) throw new AppError('PHONE_NOT_BOUND');
    await adminUsersRepository(trx).clearPhone(user.id);
    await notifySecurityChange(trx, user.id, 'phone_changed', BACK_OFFICE_IP);
    const phone = `+${(user.phone_code ?? '').replace(/^00/, '')} ${user.phone}`;
    await recordAudit(trx, by, { action: 'unbindphone', target: `user:${uid}`, before: { phone, nationality: user.nationality }, after: { phone: null } });
  });
}

/**
 * UnBindGoogle: the authenticator is removed; withdrawals lock for 24 hours. The CLI names the
 * account by e-mail (`admin unbind-authenticator`: a sole admin who lost their authenticator).
 */
export async function unbindGoogle(db: Db, by: AuditBy, target: string | { email: string }): Promise<{ uid: string; email: string }> {
  return onUser(db, target, async (trx, user) => {
    const uid = user.uid;
    if (!user.google) throw new AppError('GOOGLE_NOT_BOUND');
    await adminUsersRepository(trx).clearGoogle(user.id);
    await notifySecurityChange(trx, user.id, 'google_unbound', BACK_OFFICE_IP);
    await recordAudit(trx, by, { action: 'UnBindGoogle', target: `user:${uid}`, before: { google: true }, after: { google: false } });
    return { uid, email: user.email };
  });
}

/** UnBindWechat and UbBindChannel (Telegram): the messenger binding is removed. */
export async function unbindSocial(db: Db, by: AuditBy, uid: string, provider: 'wechat' | 'telegram'): Promise<void> {
  await onUser(db, uid, async (trx, user) => {
    const removed = await adminUsersRepository(trx).removeSocial(user.id, provider);
    if (!removed) throw new AppError(provider === 'wechat' ? 'WECHAT_NOT_BOUND' : 'TELEGRAM_NOT_BOUND');
    // WeChat is a sign-in channel, not a factor of the security settings: only Telegram's removal is a security change.
    if (provider === 'telegram') await notifySecurityChange(trx, user.id, 'telegram_unbound', BACK_OFFICE_IP);
    await recordAudit(trx, by, {
      action: provider === 'wechat' ? 'UnBindWechat' : 'UbBindChannel',
      target: `user:${uid}`,
      before: { [provider]: removed.display_name || removed.subject },
      after: { [provider]: null },
    });
  });
}

/**
 * Gives a user a role (user, support or admin). Only an active account gets a back-office role
 * (a banned or unactivated one could not use it). The last active admin keeps the role: a
 * banned admin is no second admin. Changes are serialised.
 */
export async function setRole(
  db: Db,
  by: AuditBy,
  target: { uid: string } | { email: string },
  role: UserRole,
): Promise<{ uid: string; email: string; before: UserRole; after: UserRole }> {
  return db.transaction().execute(async (trx) => {
    const repo = adminUsersRepository(trx);
    await repo.lockRoles();
    const user = await repo.lock(target);
    if (!user) throw new AppError('USER_NOT_EXIST');
    if (role !== 'user' && user.status !== 'active') throw new AppError('ACCESS_FORBIDDEN', { reason: 'account not active' });
    if (user.role === 'admin' && user.status === 'active' && role !== 'admin' && (await repo.countActiveAdmins()) <= 1)
      throw new AppError('ACCESS_FORBIDDEN', { reason: 'last admin' });
    if (user.role !== role) {
      await repo.setRole(user.id, role);
      await recordAudit(trx, by, { action: 'setrole', target: `user:${user.uid}`, before: { role: user.role }, after: { role } });
    }
    return { uid: user.uid, email: user.email, before: user.role, after: role };
  });
}

export async function staffList(db: Db): Promise<Staff[]> {
  const rows = await adminUsersRepository(db).staff();
  return rows.map((r) => ({ uid: r.uid, email: r.email, role: r.role as StaffRole, status: r.status }));
}
