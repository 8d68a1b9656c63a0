import { AppError, operatorCanCancel, type WithdrawReview } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import { auditTrail } from '../admin/audit.ts';
import { adminWithdrawalById } from './review.repository.ts';
import { toWithdrawals } from './withdraw.service.ts';

/**
 * The spec's GET auditwithdrawbalance / auditcancelwithdrawbalance (issue 20): a read of the
 * withdrawal under review — its fields, its audit trail (oldest first), and whether the POST of
 * the same name can approve, reject or cancel it now. Nothing changes.
 */
export async function withdrawalReview(db: Db, id: string): Promise<WithdrawReview> {
  const row = await adminWithdrawalById(db, id);
  if (!row) throw new AppError('NO_DATA');
  const [shaped] = await toWithdrawals(db, [row]);
  if (!shaped) throw new AppError('NO_DATA');
  return {
    withdrawal: { ...shaped, uid: row.uid, email: row.email, cancel_requested: false },
    can_audit: row.status === 'AUDITING',
    can_cancel: operatorCanCancel(row.status, row.sending_at !== null || row.posted),
    trail: await auditTrail(db, `withdrawal:${id}`),
  };
}
