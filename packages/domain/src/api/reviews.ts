import { z } from 'zod';
import { pagingQuery } from './envelope.ts';
import { msg, text, idField } from './text.ts';
import { adminPlotPage, poolField } from './pool.ts';

/**
 * Capacity binding reviews (spec doc 2 §2 /admin/capacity_review, /admin/capacity_unbind; §7
 * getauditingbindplotter, auditbindplotter, auditunbindplotter, auditcancelbindplotter; §5 'a
 * reject reason is required when rejecting … a bind request').
 */

export const PLOT_REVIEWS = ['pending', 'approved', 'rejected', 'canceled'] as const;
export type PlotReviewState = (typeof PLOT_REVIEWS)[number];

/** What waits: bindings (BIND_SENT, not reviewed yet) or unbindings (UNBIND_AUDITING). */
export const bindReviewQuery = pagingQuery.extend({
  type: z.enum(['bind', 'unbind']).default('bind'),
  pool: poolField.optional(),
  uid: text().trim().max(32).optional(),
});
export type BindReviewQuery = z.infer<typeof bindReviewQuery>;
export const bindReviewPage = adminPlotPage;

const reviewReason = text().trim().max(200, msg('OUT_OF_LENGTH_LIMIT'));
const reviewIds = z.array(idField).min(1).max(200);

/** Approve, or reject with a reason (required when rejecting). */
export const auditBindBody = z
  .object({ ids: reviewIds, approve: z.boolean(), reason: reviewReason.default('') })
  .refine((b) => b.approve || b.reason.length > 0, { message: 'a reject reason is required', path: ['reason'] });
export type AuditBindBody = z.infer<typeof auditBindBody>;

/** The back office cancels bindings still waiting (a user's request through support); a reason is required. */
export const auditCancelBindBody = z.object({ ids: reviewIds, reason: reviewReason.min(1, 'a reason is required') });

/** Each item is decided or skipped with its code (another reviewer was first: 201). */
export const bindReviewResult = z.object({ done: z.array(text()), skipped: z.array(z.object({ id: text(), code: z.number().int() })) });
export type BindReviewResult = z.infer<typeof bindReviewResult>;
