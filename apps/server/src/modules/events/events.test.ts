import { EVENT_KEYS, LANGS, parseAmount, RATIO_WHOLE, type EventKey, type Lang } from '@platter/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildAddress, buildUser, buildWithdrawal, credit } from '../../../test/factories.ts';
import { devnetRegistry, type DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { getMessages } from '../inmail/inmail.service.ts';
import { loginLogService } from '../log/login-log.service.ts';
import { creditMiningIncome, runAutoPayFor } from '../wallet/autopay.ts';
import { rechargeAddress, scanDeposits } from '../wallet/deposits.ts';
import { walletService, type Verify } from '../wallet/wallet.service.ts';
import { sendDue, trackSent } from '../withdraw/sending.ts';
import { auditWithdrawals, parseSchedule } from '../withdraw/withdraw.service.ts';
import { notify, notifySecurityChange, type NotifyEvent } from './events.service.ts';
import { renderEvent } from './render.ts';
import { EVENT_TEMPLATES } from './templates.ts';

/**
 * Event messages (issue 20) on the real database, raised by the code paths that make each
 * change: the message exists once, in the reader's language, with the event's values; a change
 * rolled back leaves none; a job that runs again adds none.
 */

let db: Db;
let chains: DevnetRegistry;
const schedule = parseSchedule('17:00', '+00:00', 0);
const verify: Verify = (_userId, _action, _codes, work) => db.transaction().execute(work);
const XCH = (amount: string) => parseAmount(amount, 12);

beforeAll(async () => {
  ({ db } = await testDatabase());
  chains = devnetRegistry(db, 'events-test');
  await db.updateTable('coins').set({ confirmation: 2 }).where('type', '=', 'CHIA').execute();
});

/** The user's messages of one event, as stored. */
async function stored(userId: string, event: EventKey) {
  return db.selectFrom('inmail_messages').select(['id', 'type', 'subject', 'params', 'title', 'status']).where('user_id', '=', userId).where('event', '=', event).execute();
}

/** The one message of `event`, as GetMessage shows it in `lang`. */
async function shown(userId: string, event: EventKey, lang: Lang) {
  const [row, ...more] = await stored(userId, event);
  expect(more).toHaveLength(0);
  const list = (await getMessages(db, userId, { page: 1, count: 10, type: 'all', id: row?.id }, lang)).list;
  expect(list).toHaveLength(1);
  return list[0] as { title: string; content: string; type: string };
}

async function setLanguage(userId: string, lang: Lang) {
  await db.updateTable('users').set({ language: lang }).where('id', '=', userId).execute();
}

const wallet = () => walletService({ db, chains, schedule, verify });

describe('the event catalogue', () => {
  it('has a title and body in en, zh and ru for every event, naming only parameters the event has', () => {
    for (const key of EVENT_KEYS) {
      for (const lang of LANGS) {
        const texts = EVENT_TEMPLATES[key][lang];
        expect(texts.title.length, `${key} ${lang}`).toBeGreaterThan(0);
        expect(texts.body.length, `${key} ${lang}`).toBeGreaterThan(0);
      }
      // The same placeholders in every language.
      const names = (lang: Lang) => [...`${EVENT_TEMPLATES[key][lang].title} ${EVENT_TEMPLATES[key][lang].body.join(' ')}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names('zh'), key).toEqual(names('en'));
      expect(names('ru'), key).toEqual(names('en'));
    }
  });

  it('refuses parameters the catalogue does not describe, and writes nothing', async () => {
    const user = await buildUser(db);
    const bad = { key: 'withdrawal_sent', subject: '1', params: { amount: '1', unit: 'XCH', address: 'xch1', txid: '' } } as NotifyEvent;
    await expect(notify(db, user.id, bad)).rejects.toThrow();
    expect(await db.selectFrom('inmail_messages').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('escapes values in the in-site HTML, and a value a name stands for reads in the language', async () => {
    const user = await buildUser(db);
    await notify(db, user.id, { key: 'withdrawal_rejected', subject: 'x1', params: { amount: '1', unit: 'XCH', reason: '<img src=x onerror=alert(1)>' } });
    const message = await shown(user.id, 'withdrawal_rejected', 'en');
    expect(message.content).not.toContain('<img');
    expect(renderEvent('autopay_skipped', { unit: 'XCH', reason: 'ratio_not_whole' }, 'zh').body[0]).toContain('分配比例合計不是 100%');
  });
});

describe('a deposit credited', () => {
  it('is a message once, when credited, with the amount and TXID — not while confirming, not again on the next scan', async () => {
    const user = await buildUser(db);
    await setLanguage(user.id, 'zh');
    const { address } = await rechargeAddress(db, chains, user.id, 'CHIA');
    const sent = await chains.receive('CHIA', address, XCH('2.5'));
    await chains.tick('CHIA');
    await scanDeposits(db, chains, 'CHIA');
    expect(await stored(user.id, 'deposit_credited')).toHaveLength(0);
    for (let i = 0; i < 3; i++) await chains.tick('CHIA');
    expect((await scanDeposits(db, chains, 'CHIA')).credited).toBe(1);
    await scanDeposits(db, chains, 'CHIA');
    const message = await shown(user.id, 'deposit_credited', 'zh');
    expect(message).toMatchObject({ title: '儲值已到帳', type: 'asset' });
    expect(message.content).toContain('2.5 XCH');
    expect(message.content).toContain(sent.txid);
    const [row] = await stored(user.id, 'deposit_credited');
    const deposit = await db.selectFrom('deposits').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subject: deposit.id, params: { amount: '2.5', unit: 'XCH', txid: sent.txid }, status: 2 });
  });
});

describe('withdrawals', () => {
  it('approved, then sent with the TXID once confirmed: one message each, however often the jobs run', async () => {
    const user = await buildUser(db, { balance: { CHIA: XCH('5') } });
    await setLanguage(user.id, 'ru');
    const admin = await buildUser(db, { role: 'admin' });
    const address = await buildAddress(db, user.id);
    const { id } = await wallet().withdraw(user.id, { coin: 'CHIA', address_id: address.id, amount: '2', request_id: 'events-sent-1' });
    expect(await stored(user.id, 'withdrawal_approved')).toHaveLength(0);
    await auditWithdrawals(db, schedule, admin.id, [id], true, '');
    const approved = await shown(user.id, 'withdrawal_approved', 'ru');
    expect(approved.title).toBe('Вывод одобрен');
    expect(approved.content).toContain('2 XCH');
    expect(approved.content).toContain(address.address);

    expect(await sendDue(db, chains, new Date(Date.now() + 1000))).toBe(1);
    await trackSent(db, chains);
    expect(await stored(user.id, 'withdrawal_sent')).toHaveLength(0); // not before its confirmations
    for (let i = 0; i < 3; i++) await chains.tick('CHIA');
    expect((await trackSent(db, chains)).confirmed).toBe(1);
    await trackSent(db, chains);
    const w = await db.selectFrom('withdrawals').select(['txid', 'received']).where('id', '=', id).executeTakeFirstOrThrow();
    const sent = await shown(user.id, 'withdrawal_sent', 'en');
    expect(sent.title).toBe('Withdrawal sent');
    expect(sent.content).toContain(`<code>${w.txid}</code>`);
    expect((await stored(user.id, 'withdrawal_sent'))[0]?.subject).toBe(id);
  });

  it('rejected with the reason; a review that fails part-way leaves no message', async () => {
    const user = await buildUser(db, { balance: { CHIA: XCH('5') } });
    const admin = await buildUser(db, { role: 'admin' });
    const { id } = await buildWithdrawal(db, user.id, { amount: '1.25' });
    // The review's transaction rolls back after the rejection was written (here: the database
    // refuses its audit entry): neither the rejection nor its message remain.
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit()`.execute(db);
    await expect(auditWithdrawals(db, schedule, admin.id, [id], false, 'no')).rejects.toThrow('audit refused');
    await sql`DROP TRIGGER refuse_audit ON admin_audit`.execute(db);
    await sql`DROP FUNCTION refuse_audit()`.execute(db);
    expect(await stored(user.id, 'withdrawal_rejected')).toHaveLength(0);
    expect((await db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('AUDITING');

    await auditWithdrawals(db, schedule, admin.id, [id], false, 'address on a sanctions list');
    await auditWithdrawals(db, schedule, admin.id, [id], false, 'again'); // skipped: already rejected
    const message = await shown(user.id, 'withdrawal_rejected', 'en');
    expect(message.content).toContain('1.25 XCH');
    expect(message.content).toContain('address on a sanctions list');
  });
});

describe('a transfer received', () => {
  it('tells the recipient who sent it (masked) and how much, once per transfer; a rolled-back transfer tells nothing', async () => {
    const sender = await buildUser(db, { email: 'alice.sender@example.com', balance: { CHIA: XCH('3') } });
    const recipient = await buildUser(db);
    await setLanguage(recipient.id, 'ru');
    // The verification's transaction fails after the transfer was posted: both roll back.
    const failing = walletService({
      db,
      chains,
      schedule,
      verify: (_u, _a, _c, work) =>
        db.transaction().execute(async (trx) => {
          await work(trx);
          throw new Error('verification commit failed');
        }),
    });
    await expect(failing.transfer(sender.id, { coin: 'CHIA', to: recipient.uid, amount: '1', request_id: 'events-transfer-0' })).rejects.toThrow('verification commit failed');
    expect(await stored(recipient.id, 'transfer_received')).toHaveLength(0);

    const body = { coin: 'CHIA', to: recipient.uid, amount: '1.5', request_id: 'events-transfer-1' };
    const done = await wallet().transfer(sender.id, body);
    await wallet().transfer(sender.id, body); // the same request again: answered from its key, no second transfer
    const message = await shown(recipient.id, 'transfer_received', 'ru');
    expect(message.title).toBe('Получен перевод');
    expect(message.content).toContain('ali***@example.com');
    expect(message.content).not.toContain('alice.sender');
    expect(message.content).toContain('1.5 XCH');
    expect((await stored(recipient.id, 'transfer_received'))[0]?.subject).toBe(done.transaction_id);
    expect(await stored(sender.id, 'transfer_received')).toHaveLength(0);
  });
});

describe('Auto Pay', () => {
  async function autoPayUser(income: string, minPay = '0') {
    const user = await buildUser(db);
    const address = await buildAddress(db, user.id);
    await wallet().setAutoPay(user.id, { coin: 'CHIA', enabled: true, recipients: [{ address_id: address.id, ratio: RATIO_WHOLE, min_pay: minPay }] });
    const amount = XCH(income);
    await db.transaction().execute(async (trx) => {
      await postTransaction(trx, {
        kind: 'block_reward',
        postings: [
          { account: { kind: 'system', code: 'chain', coin: 'CHIA' }, amount: -amount },
          { account: { kind: 'system', code: 'pool_revenue', coin: 'CHIA' }, amount },
        ],
      });
      await creditMiningIncome(trx, user.id, 'CHIA', amount, `events-income:${user.id}`);
    });
    return user;
  }

  it('a run that pays says how much and in how many payouts', async () => {
    const user = await autoPayUser('2');
    const now = new Date('2026-11-20T07:00:00Z');
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', now))?.outcome).toBe('paid');
    const message = await shown(user.id, 'autopay_paid', 'en');
    expect(message.title).toBe('Auto Pay sent');
    expect(message.content).toContain('2 XCH');
    expect((await stored(user.id, 'autopay_paid'))[0]).toMatchObject({ subject: 'CHIA:2026-11-20', params: { amount: '2', unit: 'XCH', payouts: 1 } });
  });

  it('a skipped run says why, once a day even when the job runs again; nothing to pay says nothing', async () => {
    const user = await autoPayUser('0.5', '1');
    await setLanguage(user.id, 'zh');
    const now = new Date('2026-11-21T07:00:00Z');
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', now))?.outcome).toBe('below_minimum');
    // The job runs again the same day (its once-a-day mark lost): still one message.
    await db.updateTable('auto_pay_settings').set({ last_run_at: null }).where('user_id', '=', user.id).execute();
    expect((await runAutoPayFor(db, schedule, user.id, 'CHIA', new Date('2026-11-21T07:30:00Z')))?.outcome).toBe('below_minimum');
    const message = await shown(user.id, 'autopay_skipped', 'zh');
    expect(message.title).toBe('自動支付已略過');
    expect(message.content).toContain('某份額低於其地址的最低支付額');

    const idle = await buildUser(db);
    const address = await buildAddress(db, idle.id);
    await wallet().setAutoPay(idle.id, { coin: 'CHIA', enabled: true, recipients: [{ address_id: address.id, ratio: RATIO_WHOLE, min_pay: '0' }] });
    expect((await runAutoPayFor(db, schedule, idle.id, 'CHIA', now))?.outcome).toBe('nothing_to_pay');
    expect(await db.selectFrom('inmail_messages').select('id').where('user_id', '=', idle.id).execute()).toHaveLength(0);
  });
});

describe('a sign-in from a new device', () => {
  const log = {
    begin: (...a: Parameters<ReturnType<typeof loginLogService>['begin']>) => loginLogService(db).begin(...a),
    settle: (id: string, result: 'success' | 'wrong_password') => loginLogService(db).settle(id, result),
  };
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  async function signIn(userId: string, userAgent: string, ip = '203.0.113.9') {
    const id = await log.begin({ userId, identifierHash: `h-${userId}`, method: 'email', ip, userAgent, result: 'wrong_password' }, 100);
    await log.settle(id, 'success');
    return id;
  }

  it('is told on a User-Agent the account never signed in from — not on the first sign-in, not on a known one, not for a failed one', async () => {
    const user = await buildUser(db);
    await signIn(user.id, CHROME);
    await signIn(user.id, CHROME);
    const failed = await log.begin({ userId: user.id, identifierHash: 'x', method: 'email', ip: '198.51.100.1', userAgent: 'curl/8.0', result: 'wrong_password' }, 100);
    await log.settle(failed, 'wrong_password');
    expect(await stored(user.id, 'sign_in_new_device')).toHaveLength(0);
    const attempt = await signIn(user.id, IPHONE);
    await log.settle(attempt, 'success'); // settled again: still one
    const message = await shown(user.id, 'sign_in_new_device', 'en');
    expect(message).toMatchObject({ title: 'Sign-in from a new device', type: 'account' });
    expect(message.content).toContain('Safari on iOS');
    expect(message.content).toContain('203.0.113.9');
    expect((await stored(user.id, 'sign_in_new_device'))[0]?.subject).toBe(attempt);
    await signIn(user.id, IPHONE);
    expect(await stored(user.id, 'sign_in_new_device')).toHaveLength(1);
  });
});

describe('a security change', () => {
  it('is a message in the transaction that makes the change: none after a rollback, one per change', async () => {
    const user = await buildUser(db);
    await setLanguage(user.id, 'ru');
    await expect(
      db.transaction().execute(async (trx) => {
        await notifySecurityChange(trx, user.id, 'password_changed', '203.0.113.5');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await stored(user.id, 'security_changed')).toHaveLength(0);
    await db.transaction().execute(async (trx) => {
      expect(await notifySecurityChange(trx, user.id, 'phone_changed', '203.0.113.5')).toBe(true);
      expect(await notifySecurityChange(trx, user.id, 'phone_changed', '203.0.113.5')).toBe(false);
    });
    const message = await shown(user.id, 'security_changed', 'ru');
    expect(message.title).toBe('Настройки безопасности изменены');
    expect(message.content).toContain('Ваш номер телефона изменён');
    await db.transaction().execute((trx) => notifySecurityChange(trx, user.id, 'email_changed', '203.0.113.5'));
    expect(await stored(user.id, 'security_changed')).toHaveLength(2);
  });
});

describe('every event', () => {
  it('leaves no message when the transaction it was raised in rolls back', async () => {
    const user = await buildUser(db);
    await credit(db, user.id, 'CHIA', 1n);
    const samples: NotifyEvent[] = [
      { key: 'deposit_credited', subject: 'r1', params: { amount: '1', unit: 'XCH', txid: 'ab' } },
      { key: 'withdrawal_approved', subject: 'r2', params: { amount: '1', unit: 'XCH', address: 'xch1' } },
      { key: 'withdrawal_rejected', subject: 'r3', params: { amount: '1', unit: 'XCH', reason: '' } },
      { key: 'withdrawal_sent', subject: 'r4', params: { amount: '1', unit: 'XCH', address: 'xch1', txid: 'ab' } },
      { key: 'transfer_received', subject: 'r5', params: { amount: '1', unit: 'XCH', from: 'ali***@example.com' } },
      { key: 'autopay_paid', subject: 'r6', params: { amount: '1', unit: 'XCH', payouts: 1 } },
      { key: 'autopay_skipped', subject: 'r7', params: { unit: 'XCH', reason: 'no_recipients' } },
      { key: 'sign_in_new_device', subject: 'r8', params: { device: 'Chrome on Linux', ip: '127.0.0.1', country: '' } },
      { key: 'security_changed', params: { change: 'google_unbound', ip: '127.0.0.1' } },
      { key: 'miner_offline', subject: 'r9', params: { miner: 'farmer-1', pool: 'Chia', minutes: 30 } },
      { key: 'capacity_drop', subject: 'r10', params: { pool: 'Chia', percent: 40, from: '10 TiB', to: '6 TiB' } },
      { key: 'block_found', subject: 'r11', params: { pool: 'Chia', height: '123' } },
      { key: 'income_settled', subject: 'r12', params: { amount: '1', unit: 'XCH', pool: 'Chia', day: '2026-11-25' } },
      { key: 'system_notice', subject: 'r13', params: { title: 'Maintenance', text: 'The pool restarts at 02:00 UTC.' } },
    ];
    expect(samples.map((s) => s.key).sort()).toEqual([...EVENT_KEYS].sort());
    await expect(
      db.transaction().execute(async (trx) => {
        for (const sample of samples) expect(await notify(trx, user.id, sample)).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.selectFrom('inmail_messages').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    // Committed, each is there once, in the group the catalogue gives it.
    await db.transaction().execute(async (trx) => {
      for (const sample of samples) await notify(trx, user.id, sample);
    });
    const rows = await db.selectFrom('inmail_messages').select(['event', 'type']).where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((r) => r.event)).toEqual(samples.map((s) => s.key));
    expect(rows.filter((r) => r.type === 'account').map((r) => r.event)).toEqual(['sign_in_new_device', 'security_changed']);
  });
});
