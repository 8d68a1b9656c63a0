import type { Db } from '../../db/database.ts';
import { WITHDRAWAL_COLUMNS } from './withdraw.repository.ts';

/** One withdrawal as the back office reads it (no lock: a read), with whether it has started sending. */
export async function adminWithdrawalById(db: Db, id: string) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([...WITHDRAWAL_COLUMNS.map((c) => `w.${c}` as const), 'w.sending_at', 'w.posted', 'u.uid', 'u.email'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}
