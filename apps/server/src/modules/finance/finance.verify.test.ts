import { ERR, parseAmount, type AdminFinanceProduct } from '@platter/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeUser, boundAuthenticator, loginByEmail, signedInAs, unusedTotp } from '../../../test/accounts.ts';
import { testApp } from '../../../test/app.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { testDatabase } from '../../../test/db.ts';
import { credit } from '../../../test/factories.ts';
import { codeIn, testMailServer } from '../../../test/mail.ts';
import type { Db } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger.check.ts';
import { userBalances } from '../../ledger/ledger.service.ts';

/**
 * Buying a product whose operator asks for it (`verify_purchase`) takes the security verification
 * of a withdrawal (issue 23): over HTTP, with the codes the user is mailed and their
 * authenticator. A refused code writes nothing: no holding, no ledger movement, no quota taken.
 */

let db: Db;
let mail: Awaited<ReturnType<typeof testMailServer>>;
let admin: Browser;
let bob: Browser;
let bobId: string;
const email = 'finance-bob@example.com';
let seq = 0;
const rid = () => `finance-verify-${++seq}`;
const XCH = (text: string) => parseAmount(text, 12);

beforeAll(async () => {
  ({ db } = await testDatabase());
  mail = await testMailServer();
  const app = await testApp(db, { smtpUrl: mail.url, securityMaxFailures: 100 });
  admin = await signedInAs(app, db, 'finance-verify-admin@example.com', 'admin');
  const adminId = (await db.selectFrom('users').select('id').where('email', '=', 'finance-verify-admin@example.com').executeTakeFirstOrThrow()).id;
  await credit(db, adminId, 'CHIA', XCH('1000'));
  bob = browser(app);
  bobId = await activeUser(db, bob, mail, email);
  expect((await loginByEmail(bob, email)).code).toBe(200);
  await credit(db, bobId, 'CHIA', XCH('100'));
});

// One code per target and minute: each request starts as if the last code went out long ago.
beforeEach(async () => {
  await db.deleteFrom('message_log').execute();
});

async function emailCode(): Promise<string> {
  await db.deleteFrom('message_log').execute();
  const sent = await bob.post('/api/security/sendemailcode', { action: 'withdraw' });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  return codeIn(mail.last(email));
}

async function shelved(verify: boolean): Promise<string> {
  const created = await admin.post<AdminFinanceProduct>('/api/admin/finance/product', {
    name: verify ? 'Verified current' : 'Plain current',
    type: 'HQB',
    coin: 'CHIA',
    annual_rate: '5',
    min_amount: '1',
    indefinite: true,
    verify_purchase: verify,
  });
  expect(created.code).toBe(200);
  expect((await admin.post('/api/admin/finance/shelf', { id: created.data.id, on_shelf: true })).code).toBe(200);
  return created.data.id;
}

/** What a purchase writes: Bob's buckets, his holdings of the product, its ordered total and participants, and subscribe transactions. */
async function footprint(productId: string) {
  const balances = (await userBalances(db, bobId, 'CHIA')).get('CHIA');
  const holdings = await db.selectFrom('finance_holdings').select('id').where('product_id', '=', productId).execute();
  const product = await db.selectFrom('finance_products').select(['ordered_units', 'participants']).where('id', '=', productId).executeTakeFirstOrThrow();
  const subscribes = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('kind', '=', 'finance_subscribe')
    .where('reference', '=', `finance_product:${productId}`)
    .execute();
  return {
    available: balances?.available ?? 0n,
    finance: balances?.finance ?? 0n,
    holdings: holdings.length,
    ordered: product.ordered_units,
    participants: product.participants,
    subscribes: subscribes.length,
  };
}

describe('buying with the security verification of a withdrawal', () => {
  it('refuses a missing or wrong e-mail code and writes nothing; the right code buys', async () => {
    const id = await shelved(true);
    const before = await footprint(id);
    expect(before).toMatchObject({ available: XCH('100'), finance: 0n, holdings: 0, ordered: '0', participants: 0, subscribes: 0 });

    const missing = await bob.post('/api/finance/buy', { product_id: id, amount: '10', request_id: rid() });
    expect(missing).toMatchObject({ code: ERR.VERIFICATION_REQUIRED, data: { methods: ['email'], missing: ['email'] } });
    const code = await emailCode();
    // The page retries with the same request id once the user corrects the code.
    const request = rid();
    const wrong = await bob.post('/api/finance/buy', { product_id: id, amount: '10', request_id: request, email_code: code === '000000' ? '000001' : '000000' });
    expect(wrong.code).toBe(ERR.EMAIL_CODE_ERROR);
    expect(await footprint(id)).toEqual(before);

    const right = await bob.post<{ holding_id: string; amount: string }>('/api/finance/buy', { product_id: id, amount: '10', request_id: request, email_code: await emailCode() });
    expect(right).toMatchObject({ code: 200, data: { amount: '10' } });
    expect(await footprint(id)).toEqual({ ...before, available: XCH('90'), finance: XCH('10'), holdings: 1, ordered: XCH('10').toString(), participants: 1, subscribes: 1 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('with an authenticator bound: a wrong authenticator code beside the right e-mail code is refused with nothing written; both right buy', async () => {
    const id = await shelved(true);
    const secret = await boundAuthenticator(db, bobId);
    const before = await footprint(id);
    const needs = await bob.post('/api/finance/buy', { product_id: id, amount: '5', request_id: rid(), email_code: await emailCode() });
    expect(needs).toMatchObject({ code: ERR.VERIFICATION_REQUIRED, data: { methods: ['email', 'google'], missing: ['google'] } });
    const wrongGoogle = await bob.post('/api/finance/buy', { product_id: id, amount: '5', request_id: rid(), email_code: await emailCode(), google_code: '000000' });
    expect(wrongGoogle.code).toBe(ERR.GOOGLE_FAILED);
    expect(await footprint(id)).toEqual(before);

    const right = await bob.post('/api/finance/buy', {
      product_id: id,
      amount: '5',
      request_id: rid(),
      email_code: await emailCode(),
      google_code: await unusedTotp(db, bobId, secret),
    });
    expect(right.code).toBe(200);
    expect(await footprint(id)).toMatchObject({ available: before.available - XCH('5'), finance: before.finance + XCH('5'), holdings: 1, participants: 1, subscribes: 1 });
    await db.updateTable('users').set({ google_secret: null }).where('id', '=', bobId).execute();
    expect(await checkLedger(db)).toEqual([]);
  });

  it('a product that does not ask for it buys without any code', async () => {
    const id = await shelved(false);
    const bought = await bob.post('/api/finance/buy', { product_id: id, amount: '1', request_id: rid() });
    expect(bought.code).toBe(200);
    expect(await footprint(id)).toMatchObject({ holdings: 1, subscribes: 1 });
  });
});
