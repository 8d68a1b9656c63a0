import { isLedgerKind, transfer, type LedgerKind } from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import type { Db } from '../db/database.ts';
import { migrateDown, migrateToLatest } from '../db/migrate.ts';
import { checkLedger } from './ledger.check.ts';
import { placeHold, postTransaction } from './ledger.service.ts';

let db: Db;

beforeAll(async () => {
  ({ db } = await testDatabase());
});

const kinds = async () => (await db.selectFrom('ledger_transactions').select('kind').orderBy('id').execute()).map((r) => r.kind);

describe('the ledger kinds migration (issue 19)', () => {
  it('renames the Auto Pay hold an earlier release wrote as `autopay`, both ways, and the ledger still balances', async () => {
    while (!(await migrateDown(db)).includes('2026_11_25_2501_ledger_kinds'));
    const user = await buildUser(db);
    await db.transaction().execute(async (trx) => {
      await postTransaction(trx, {
        kind: 'deposit',
        postings: transfer({ kind: 'system', code: 'chain', coin: 'CHIA' }, { kind: 'user', userId: user.id, coin: 'CHIA', bucket: 'pending_earnings' }, 10n),
      });
      // What the release before wrote for an Auto Pay withdrawal's hold.
      await placeHold(trx, { userId: user.id, coin: 'CHIA', amount: 10n, from: 'pending_earnings', kind: 'autopay' as LedgerKind, reference: 'withdrawal:1' });
    });
    await migrateToLatest(db);
    expect(await kinds()).toEqual(['deposit', 'autopay_hold']);
    expect((await kinds()).every(isLedgerKind)).toBe(true);
    while (!(await migrateDown(db)).includes('2026_11_25_2501_ledger_kinds'));
    expect(await kinds()).toEqual(['deposit', 'autopay']);
    await migrateToLatest(db);
    expect(await checkLedger(db)).toEqual([]);
  });
});
