import { AppError, pointMortgageRefusal, type CancelRequestStatus } from '@platter/domain';
import type { Db } from '../../db/database.ts';
import type { PageQuery } from '../../db/paginate.ts';
import { actorId, recordAudit, type AuditBy } from '../admin/audit.ts';
import { coinScales, show } from '../coins/coins.ts';
import { pointingRepository } from '../pointing/pointing.repository.ts';
import { mortgageRepository as repo } from './mortgage.repository.ts';

/**
 * A pointing put in mortgage (issue 22; spec doc 1 §4 POINT_LOCKED 'in mortgage', doc 2 §7
 * `auditmorttopoint`): the owner asks for an effective (POINT_VALID) pointing to be put in
 * mortgage; the back office approves (POINT_LOCKED) or rejects. The record and the request are
 * locked together, so a request racing a cancellation or a chain withdrawal cannot lock a record
 * that has moved on. The way out is the cancellation request: `auditunlockmortgagepoint`'s
 * approval releases it (pointing.service.ts reviewCancellation).
 */

export async function requestPointMortgage(db: Db, userId: string, recordId: string) {
  return db.transaction().execute(async (trx) => {
    const record = await pointingRepository.lockRecord(trx, recordId);
    if (!record || record.user_id !== userId) throw new AppError('POINT_NOT_FOUND');
    const refusal = pointMortgageRefusal(record.status, {
      mortgageRequest: (await repo.pendingPointRequest(trx, record.id)) !== undefined,
      cancellation: (await pointingRepository.latestCancellation(trx, record.id))?.status,
    });
    if (refusal) throw new AppError(refusal);
    const row = await repo.insertPointRequest(trx, record.id, userId);
    if (!row) throw new AppError('POINT_LOCKED');
    return { id: row.id, record_id: record.id, status: row.status };
  });
}

/** auditmorttopoint: approves (POINT_VALID → POINT_LOCKED) or rejects a pending request (audited). */
export async function reviewPointMortgage(db: Db, by: AuditBy, body: { id: string; approve: boolean; reason: string }) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockPointRequest(trx, body.id);
    if (!before) throw new AppError('POINT_NOT_FOUND');
    if (before.status !== 'PENDING') throw new AppError('POINT_LOCKED');
    const record = await pointingRepository.lockRecord(trx, before.record_id);
    if (!record) throw new AppError('POINT_NOT_FOUND');
    if (body.approve) {
      // Moved on since the request (withdrawn on chain, a cancellation filed): it cannot go into mortgage now.
      const refusal = pointMortgageRefusal(record.status, { mortgageRequest: false, cancellation: (await pointingRepository.latestCancellation(trx, record.id))?.status });
      if (refusal) throw new AppError(refusal);
      await pointingRepository.updateRecord(trx, record.id, { status: 'POINT_LOCKED' });
    }
    const after = await repo.reviewPointRequest(trx, body.id, {
      status: body.approve ? 'APPROVED' : 'REJECTED',
      reason: body.reason,
      reviewed_by: actorId(by),
    });
    await recordAudit(trx, by, { action: body.approve ? 'point.mortgage.approve' : 'point.mortgage.reject', target: `point:${record.id}`, before, after });
    return { id: after.id, record_id: after.record_id, status: after.status };
  });
}

export async function listPointMortgageRequests(db: Db, status: CancelRequestStatus | undefined, page: PageQuery) {
  const { rows, total } = await repo.listPointRequests(db, status, page);
  const scaleOf = await coinScales(db, rows);
  return {
    list: rows.map((r) => ({
      id: r.id,
      record_id: r.record_id,
      user_id: r.user_id,
      user_email: r.user_email,
      coin: r.coin,
      source_address: r.source_address,
      amount: show(r.amount_units, scaleOf(r.coin)),
      record_status: r.record_status,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at.toISOString(),
      reviewed_at: r.reviewed_at?.toISOString() ?? null,
    })),
    total,
  };
}
