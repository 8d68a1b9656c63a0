import {
  addDays,
  annualisedPpm,
  AppError,
  blocksLeft,
  BP,
  daysHeld,
  FinanceStateError,
  initialProductState,
  interestBucket,
  lastAccrualDay,
  listingStatus,
  nextHoldingState,
  nextProductState,
  percentToPpm,
  ppmToPercent,
  purchaseRefusal,
  rateForDaysHeld,
  redemptionDueAt,
  stakingReady,
  transfer,
  utcDay,
  validTiers,
  type AdminFinanceProduct,
  type FinanceBuyBody,
  type FinanceHolding,
  type FinanceHoldingState,
  type FinanceProduct,
  type FinanceProductBody,
  type FinanceProductEvent,
  type FinanceProductState,
  type FinanceProductType,
  type FinanceSettingsBody,
  type PagingQuery,
  type RateTier,
  type SecurityCodes,
} from '@platter/domain';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { Db } from '../../db/database.ts';
import { idempotent, postTransaction } from '../../ledger/ledger.service.ts';
import { recordAudit, type AuditBy } from '../admin/audit.ts';
import { coinRules, coinScales, show, units } from '../coins/coins.ts';
import type { Verify } from '../wallet/wallet.service.ts';
import { financeRepository as repo, type AccrualShares, type DayRates, type ProductRow } from './finance.repository.ts';

/**
 * Finance products (issue 23): the back office's products and budgets, buying, redemption,
 * the periodical's and staking's ends, and the daily accrual.
 *
 * The accrual of a (product, day) is decided once, under the row lock of its run: the day's
 * whole interest is reserved from the product's budget (or, when the budget does not hold it,
 * the day pays nothing and the product is marked exhausted), then the holdings are walked in id
 * order a chunk at a time, each chunk one transaction that writes the chunk's accrual rows
 * (primary key (holding, day): a second is refused), pays their interest out of the finance
 * budget account through the ledger and moves the run's cursor. Three workers queue on the
 * lock; a worker killed mid-chunk leaves nothing of that chunk, and the next resumes at the
 * cursor.
 */

const user = (userId: string, coin: string, bucket: 'available' | 'finance') => ({ kind: 'user' as const, userId, coin, bucket });
const budgetAccount = (coin: string) => ({ kind: 'system' as const, code: 'finance_budget' as const, coin });

/** Holdings per accrual chunk (one ledger transaction each). */
export const ACCRUAL_CHUNK = 25_000;

function tiersOf(row: ProductRow): RateTier[] {
  return row.tier_from_days.map((fromDays, i) => ({ fromDays, ratePpm: BigInt(row.tier_rate_ppm[i] ?? 0) }));
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// --- settings --------------------------------------------------------------------------------

export interface FinanceSettingsView {
  settlement_hour_utc: 0 | 12;
  redemption_days: number;
  saving_owner_share: string;
  saving_miner_share: string;
}

const bpToPercent = (bp: number) => ppmToPercent(BigInt(bp) * 100n);

export async function financeSettings(db: Db): Promise<FinanceSettingsView> {
  const row = await repo.settings(db);
  return {
    settlement_hour_utc: row.settlement_hour_utc === 12 ? 12 : 0,
    redemption_days: row.redemption_days,
    saving_owner_share: bpToPercent(row.saving_owner_bp),
    saving_miner_share: bpToPercent(row.saving_miner_bp),
  };
}

function percentToBp(percent: string): number {
  const ppm = percentToPpm(percent);
  if (ppm % 100n !== 0n) throw new AppError('INVALID_PARAMETER', { field: 'share' });
  return Number(ppm / 100n);
}

export async function updateFinanceSettings(db: Db, by: AuditBy, body: FinanceSettingsBody): Promise<FinanceSettingsView> {
  const owner = percentToBp(body.saving_owner_share);
  const miner = percentToBp(body.saving_miner_share);
  if (owner + miner > 10_000) throw new AppError('INVALID_PARAMETER', { field: 'saving_miner_share' });
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockSettings(trx);
    const after = await repo.updateSettings(trx, {
      settlement_hour_utc: body.settlement_hour_utc,
      redemption_days: body.redemption_days,
      saving_owner_bp: owner,
      saving_miner_bp: miner,
    });
    await recordAudit(trx, by, { action: 'finance.settings', target: 'finance:settings', before, after });
  });
  return financeSettings(db);
}

// --- products --------------------------------------------------------------------------------

interface ProductContext {
  scale: number;
  settings: FinanceSettingsView;
  height?: number | undefined;
  now: Date;
}

function productView(row: ProductRow, ctx: ProductContext): FinanceProduct {
  const type = row.type as FinanceProductType;
  const state = row.state as FinanceProductState;
  const startDay = row.start_at ? utcDay(row.start_at) : utcDay(row.created_at);
  const elapsed = Math.max(0, daysHeld(startDay, utcDay(ctx.now)));
  return {
    id: row.id,
    name: row.name,
    type,
    coin: row.coin,
    coefficient: String(Number(row.coefficient)),
    term_days: row.term_days,
    days_elapsed: row.term_days > 0 ? Math.min(elapsed, row.term_days) : elapsed,
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
    annual_rate: ppmToPercent(BigInt(row.rate_ppm)),
    yesterday_rate: ppmToPercent(annualisedPpm(BigInt(row.last_day_interest_units), BigInt(row.last_day_principal_units))),
    daily_interest: show(row.last_day_interest_units, ctx.scale),
    tiers: tiersOf(row).map((t) => ({ from_days: t.fromDays, rate: ppmToPercent(t.ratePpm) })),
    min_amount: show(row.min_units, ctx.scale),
    quota: show(row.quota_units, ctx.scale),
    ordered: show(row.ordered_units, ctx.scale),
    participants: row.participants,
    lock_days: row.lock_days,
    weight: row.weight,
    accumulated_income: show(row.interest_paid_units, ctx.scale),
    redemption_days: type === 'HQB' || type === 'SXC' ? ctx.settings.redemption_days : 0,
    staking_blocks: row.staking_blocks,
    blocks_left:
      type === 'LOCK' && row.unlock_height !== null && ctx.height !== undefined
        ? blocksLeft(Number(row.unlock_height), ctx.height)
        : type === 'LOCK' && row.state === 'collecting'
          ? row.staking_blocks
          : null,
    rating: row.rating,
    indefinite: row.indefinite,
    verify_purchase: row.verify_purchase,
    on_shelf: row.on_shelf,
    status: listingStatus({ type, state, onShelf: row.on_shelf }),
    state,
    saving_owner_share: type === 'SXC' ? ctx.settings.saving_owner_share : null,
    saving_miner_share: type === 'SXC' ? ctx.settings.saving_miner_share : null,
  };
}

function adminView(row: ProductRow & { holdings?: string | null; miner_uid?: string | null }, ctx: ProductContext): AdminFinanceProduct {
  return {
    ...productView(row, ctx),
    miner_uid: row.miner_uid ?? null,
    budget: show(row.budget_units, ctx.scale),
    budget_funded: show(row.budget_funded_units, ctx.scale),
    budget_exhausted_at: iso(row.budget_exhausted_at),
    holdings: Number(row.holdings ?? 0),
  };
}

async function heightOf(chains: ChainRegistry | undefined, coin: string): Promise<number | undefined> {
  if (!chains) return undefined;
  try {
    return await chains.adapter(coin).height();
  } catch {
    return undefined;
  }
}

async function contextFor(db: Db, coin: string, chains?: ChainRegistry, now = new Date()): Promise<ProductContext> {
  const [rules, settings] = await Promise.all([coinRules(db, coin), financeSettings(db)]);
  return { scale: rules.scale, settings, height: await heightOf(chains, coin), now };
}

/** The product's columns from the back office's form (amounts at the coin's scale, rates in ppm). */
async function productColumns(db: Db, body: FinanceProductBody) {
  const coin = await coinRules(db, body.coin);
  const tiers = body.tiers.map((t) => ({ fromDays: t.from_days, ratePpm: percentToPpm(t.rate) }));
  if (!validTiers(tiers)) throw new AppError('INVALID_PARAMETER', { field: 'tiers' });
  const start = body.start_at ? new Date(body.start_at) : null;
  const end = body.end_at ? new Date(body.end_at) : null;
  if (start && end && end <= start) throw new AppError('INVALID_PARAMETER', { field: 'end_at' });
  if (body.type === 'DQB' && !body.indefinite && (!start || !end)) throw new AppError('INVALID_PARAMETER', { field: 'start_at' });
  if (body.type === 'LOCK' && (body.staking_blocks < 1 || body.quota === '0')) throw new AppError('INVALID_PARAMETER', { field: 'staking_blocks' });
  // A saving's miner, by uid (other types have none).
  const minerUid = body.type === 'SXC' ? (body.miner_uid ?? null) : null;
  const miner = minerUid ? (await repo.userIdByUid(db, minerUid))?.id : null;
  if (miner === undefined) throw new AppError('USER_NOT_EXIST', { field: 'miner_uid' });
  return {
    miner_user_id: miner,
    name: body.name,
    type: body.type,
    coin: coin.type,
    coefficient: body.coefficient,
    term_days: body.term_days,
    start_at: start,
    end_at: end,
    rate_ppm: percentToPpm(body.annual_rate),
    tier_from_days: tiers.map((t) => t.fromDays),
    tier_rate_ppm: tiers.map((t) => t.ratePpm.toString()),
    min_units: units(body.min_amount, coin.scale),
    quota_units: units(body.quota, coin.scale),
    lock_days: body.lock_days,
    weight: body.weight,
    staking_blocks: body.staking_blocks,
    rating: body.rating,
    indefinite: body.indefinite,
    verify_purchase: body.verify_purchase,
  };
}

export async function createProduct(db: Db, by: AuditBy, body: FinanceProductBody): Promise<AdminFinanceProduct> {
  const values = await productColumns(db, body);
  const row = await db.transaction().execute(async (trx) => {
    const created = await repo.insertProduct(trx, { ...values, state: initialProductState(body.type) });
    await recordAudit(trx, by, { action: 'finance.product.create', target: `finance_product:${created.id}`, after: created });
    return created;
  });
  return adminProduct(db, row.id);
}

export async function updateProduct(db: Db, by: AuditBy, id: string, body: FinanceProductBody): Promise<AdminFinanceProduct> {
  const values = await productColumns(db, body);
  const row = await db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, id);
    if (!before) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    // Its type and coin are what its holdings were bought as: fixed once anyone subscribed.
    if ((values.type !== before.type || values.coin !== before.coin) && BigInt(before.ordered_units) + BigInt(before.interest_paid_units) > 0n) throw new AppError('FINANCE_STATE');
    const state = values.type !== before.type ? initialProductState(values.type) : (before.state as FinanceProductState);
    const after = await repo.updateProduct(trx, id, { ...values, state });
    await recordAudit(trx, by, { action: 'finance.product.update', target: `finance_product:${id}`, before, after });
    return after;
  });
  return adminProduct(db, row.id);
}

export async function setShelf(db: Db, by: AuditBy, id: string, onShelf: boolean): Promise<AdminFinanceProduct> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, id);
    if (!before) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    const after = await repo.updateProduct(trx, id, { on_shelf: onShelf });
    await recordAudit(trx, by, {
      action: onShelf ? 'finance.product.shelve' : 'finance.product.withdraw',
      target: `finance_product:${id}`,
      before: { on_shelf: before.on_shelf },
      after: { on_shelf: onShelf },
    });
    return after;
  });
  return adminProduct(db, row.id);
}

/** Funds a product's interest budget from an operator's available balance (one ledger transaction). */
export async function fundBudget(
  db: Db,
  by: AuditBy & { id: string },
  body: { id: string; amount: string; from_uid?: string | undefined; request_id: string },
): Promise<AdminFinanceProduct> {
  const product = await repo.productById(db, body.id);
  if (!product) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  const coin = await coinRules(db, product.coin);
  const amount = units(body.amount, coin.scale);
  if (amount <= 0n) throw new AppError('AMOUNT_INVALID');
  const payer = body.from_uid ? (await repo.userIdByUid(db, body.from_uid))?.id : by.id;
  if (!payer) throw new AppError('USER_NOT_EXIST');
  await idempotent(db, `finance-fund:${by.id}`, body.request_id, body, async (trx) => {
    const before = await repo.lockProduct(trx, body.id);
    if (!before) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    const { transactionId } = await postTransaction(trx, {
      kind: 'finance_budget_fund',
      reference: `finance_product:${body.id}`,
      postings: transfer(user(payer, product.coin, 'available'), budgetAccount(product.coin), amount),
      createdBy: by.id,
    });
    await repo.updateProduct(trx, body.id, {
      budget_units: BigInt(before.budget_units) + amount,
      budget_funded_units: BigInt(before.budget_funded_units) + amount,
      budget_exhausted_at: null,
    });
    await recordAudit(trx, by, {
      action: 'finance.budget.fund',
      target: `finance_product:${body.id}`,
      before: { budget: before.budget_units },
      after: { budget: (BigInt(before.budget_units) + amount).toString() },
      detail: { payer, amount: amount.toString(), transaction_id: transactionId },
    });
    return { transaction_id: transactionId };
  });
  return adminProduct(db, body.id);
}

export async function adminProduct(db: Db, id: string, chains?: ChainRegistry): Promise<AdminFinanceProduct> {
  const row = await repo.productById(db, id);
  if (!row) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  const miner = row.miner_user_id ? await repo.uidOf(db, row.miner_user_id) : null;
  return adminView({ ...row, miner_uid: miner ?? null }, await contextFor(db, row.coin, chains));
}

async function viewsOf<T>(db: Db, rows: ProductRow[], chains: ChainRegistry | undefined, view: (row: ProductRow, ctx: ProductContext) => T): Promise<T[]> {
  const contexts = new Map<string, ProductContext>();
  const out: T[] = [];
  for (const row of rows) {
    let ctx = contexts.get(row.coin);
    if (!ctx) contexts.set(row.coin, (ctx = await contextFor(db, row.coin, chains)));
    out.push(view(row, ctx));
  }
  return out;
}

export async function listProducts(
  db: Db,
  query: PagingQuery & { type?: FinanceProductType | undefined; coin?: string | undefined },
  chains?: ChainRegistry,
): Promise<{ list: FinanceProduct[]; total: number }> {
  const { rows, total } = await repo.listProducts(db, { publicOnly: true, type: query.type, coin: query.coin }, query);
  return { list: await viewsOf(db, rows, chains, productView), total };
}

export async function listAdminProducts(
  db: Db,
  query: PagingQuery & { type?: FinanceProductType | undefined; coin?: string | undefined },
  chains?: ChainRegistry,
): Promise<{ list: AdminFinanceProduct[]; total: number }> {
  const { rows, total } = await repo.listProducts(db, { publicOnly: false, type: query.type, coin: query.coin }, query);
  return { list: await viewsOf(db, rows, chains, adminView), total };
}

export async function productDetails(db: Db, id: string, chains?: ChainRegistry): Promise<FinanceProduct> {
  const row = await repo.productById(db, id);
  if (!row) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  return productView(row, await contextFor(db, row.coin, chains));
}

// --- holdings --------------------------------------------------------------------------------

export async function listHoldings(
  db: Db,
  filter: { userId?: string; productId?: string; status?: FinanceHoldingState | undefined },
  page: PagingQuery,
  chains?: ChainRegistry,
): Promise<{ list: FinanceHolding[]; total: number }> {
  const { rows, total } = await repo.listHoldings(db, filter, page);
  const scaleOf = await coinScales(db, rows);
  const heights = new Map<string, number | undefined>();
  const list: FinanceHolding[] = [];
  for (const r of rows) {
    const scale = scaleOf(r.coin);
    let left: number | null = null;
    if (r.type === 'LOCK' && r.unlock_height !== null) {
      if (!heights.has(r.coin)) heights.set(r.coin, await heightOf(chains, r.coin));
      const height = heights.get(r.coin);
      left = height === undefined ? null : blocksLeft(Number(r.unlock_height), height);
    }
    list.push({
      id: r.id,
      product_id: r.product_id,
      product_name: r.product_name,
      type: r.type as FinanceProductType,
      coin: r.coin,
      amount: show(r.principal_units, scale),
      income: show(r.income, scale),
      yesterday_income: show(r.yesterday, scale),
      status: r.status as FinanceHoldingState,
      subscribed_at: r.subscribed_at.toISOString(),
      redeem_requested_at: iso(r.redeem_requested_at),
      redemption_due_at: iso(r.redemption_due_at),
      closed_at: iso(r.closed_at),
      blocks_left: left,
      ...(filter.userId ? {} : { uid: r.uid }),
    });
  }
  return { list, total };
}

export async function listIncome(db: Db, userId: string, query: PagingQuery & { holding_id?: string | undefined }) {
  const { rows, total } = await repo.listIncome(db, userId, query.holding_id, query);
  const scaleOf = await coinScales(db, rows);
  const list = rows.map((r) => ({ day: r.day, holding_id: r.holding_id, product_name: r.product_name, coin: r.coin, amount: show(r.amount_units, scaleOf(r.coin)) }));
  return { list, total };
}

const REFUSAL = { not_on_shelf: 'FINANCE_NOT_ON_SHELF', closed: 'FINANCE_CLOSED', below_min: 'FINANCE_BELOW_MIN', quota: 'FINANCE_QUOTA_EXCEEDED' } as const;

const codesOf = (body: SecurityCodes): SecurityCodes => ({
  ...(body.email_code ? { email_code: body.email_code } : {}),
  ...(body.sms_code ? { sms_code: body.sms_code } : {}),
  ...(body.google_code ? { google_code: body.google_code } : {}),
  ...(body.telegram_code ? { telegram_code: body.telegram_code } : {}),
});

/**
 * Buys a product: under the product's row lock (racing buyers queue), its quota, minimum and
 * state are checked, the amount moves from available into the finance bucket (one ledger
 * transaction), and ordered and participants count it. Where the operator asks for it, the
 * security verification of a withdrawal comes first, its codes used in the same commit.
 */
export async function buy(db: Db, verify: Verify | undefined, userId: string, body: FinanceBuyBody, now = new Date()): Promise<{ holding_id: string; amount: string }> {
  const product = await repo.productById(db, body.product_id);
  if (!product) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  const coin = await coinRules(db, product.coin);
  const amount = units(body.amount, coin.scale);
  const { email_code: _e, sms_code: _s, google_code: _g, telegram_code: _t, ...intent } = body;
  const run = async (trx: Db) => {
    const locked = await repo.lockProduct(trx, body.product_id);
    if (!locked) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    const refusal = purchaseRefusal(
      {
        type: locked.type as FinanceProductType,
        state: locked.state as FinanceProductState,
        onShelf: locked.on_shelf,
        minUnits: BigInt(locked.min_units),
        quotaUnits: BigInt(locked.quota_units),
        orderedUnits: BigInt(locked.ordered_units),
      },
      amount,
    );
    if (refusal) throw new AppError(REFUSAL[refusal]);
    const { transactionId } = await postTransaction(trx, {
      kind: 'finance_subscribe',
      reference: `finance_product:${locked.id}`,
      postings: transfer(user(userId, locked.coin, 'available'), user(userId, locked.coin, 'finance'), amount),
      createdBy: userId,
    });
    const newcomer = !(await repo.userHoldsOpen(trx, locked.id, userId));
    const holding = await repo.insertHolding(trx, {
      product_id: locked.id,
      user_id: userId,
      coin: locked.coin,
      principal_units: amount,
      status: 'waiting',
      subscribed_at: now,
      subscribed_day: utcDay(now),
      transaction_id: transactionId,
    });
    await repo.updateProduct(trx, locked.id, { ordered_units: BigInt(locked.ordered_units) + amount, participants: locked.participants + (newcomer ? 1 : 0) });
    return { holding_id: holding.id, amount: show(amount, coin.scale) };
  };
  const inTransaction =
    product.verify_purchase && verify ? (work: (trx: Db) => Promise<{ holding_id: string; amount: string }>) => verify(userId, 'withdraw', codesOf(body), work) : undefined;
  return idempotent(db, `finance-buy:${userId}`, body.request_id, intent, run, inTransaction);
}

/** Closes a holding: what it keeps in the finance bucket goes back to available. */
async function closeHolding(
  trx: Db,
  holdingId: string,
  event: 'confirm' | 'end' | 'revoke' | 'unlock',
  now: Date,
  options: { withInterest: boolean; freeQuota: boolean },
): Promise<void> {
  const holding = await repo.lockHolding(trx, holdingId);
  if (!holding) throw new AppError('FINANCE_CANNOT_REDEEM');
  const product = await repo.lockProduct(trx, holding.product_id);
  if (!product) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  let next: FinanceHoldingState;
  try {
    next = nextHoldingState(product.type as FinanceProductType, holding.status as FinanceHoldingState, event);
  } catch (error) {
    if (error instanceof FinanceStateError) throw new AppError('FINANCE_CANNOT_REDEEM');
    throw error;
  }
  const principal = BigInt(holding.principal_units);
  const interest = options.withInterest ? await repo.holdingIncome(trx, holdingId) : 0n;
  await postTransaction(trx, {
    kind: 'finance_redeem',
    reference: `finance_holding:${holdingId}`,
    postings: transfer(user(holding.user_id, holding.coin, 'finance'), user(holding.user_id, holding.coin, 'available'), principal + interest),
  });
  await repo.updateHolding(trx, holdingId, { status: next, closed_at: now, ...(holding.until_day ? {} : { until_day: utcDay(now) }) });
  const stillIn = await repo.userHoldsOpen(trx, product.id, holding.user_id, holdingId);
  await repo.updateProduct(trx, product.id, {
    ...(options.freeQuota ? { ordered_units: BigInt(product.ordered_units) - principal } : {}),
    participants: Math.max(0, product.participants - (stillIn ? 0 : 1)),
  });
}

/**
 * A current (or saving) product's redemption: the holding stops earning today (no interest on
 * the redemption day) and its principal returns within T+N days (a setting), when confirmed.
 */
export async function redeem(
  db: Db,
  userId: string,
  body: { id: string; request_id: string },
  now = new Date(),
): Promise<{ holding_id: string; status: FinanceHoldingState; redemption_due_at: string | null }> {
  const settings = await financeSettings(db);
  return idempotent(db, `finance-redeem:${userId}`, body.request_id, body, async (trx) => {
    const holding = await repo.lockHolding(trx, body.id);
    if (!holding || holding.user_id !== userId) throw new AppError('FINANCE_CANNOT_REDEEM');
    const product = await repo.lockProduct(trx, holding.product_id);
    if (!product) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    let next: FinanceHoldingState;
    try {
      next = nextHoldingState(product.type as FinanceProductType, holding.status as FinanceHoldingState, 'redeem');
    } catch (error) {
      if (error instanceof FinanceStateError) throw new AppError('FINANCE_CANNOT_REDEEM');
      throw error;
    }
    const due = redemptionDueAt(now, settings.redemption_days);
    await repo.updateHolding(trx, holding.id, { status: next, until_day: utcDay(now), redeem_requested_at: now, redemption_due_at: due });
    // The quota it held is free again.
    await repo.updateProduct(trx, product.id, { ordered_units: BigInt(product.ordered_units) - BigInt(holding.principal_units) });
    return { holding_id: holding.id, status: next, redemption_due_at: due.toISOString() };
  });
}

/** A periodical holding revoked by its owner before the interest starts: the principal back at once. */
export async function revokeHolding(
  db: Db,
  userId: string,
  body: { id: string; request_id: string },
  now = new Date(),
): Promise<{ holding_id: string; status: FinanceHoldingState; redemption_due_at: string | null }> {
  return idempotent(db, `finance-revoke:${userId}`, body.request_id, body, async (trx) => {
    const holding = await repo.lockHolding(trx, body.id);
    if (!holding || holding.user_id !== userId) throw new AppError('FINANCE_CANNOT_REDEEM');
    const product = await repo.productById(trx, holding.product_id);
    if (product?.type !== 'DQB' || product.state !== 'create') throw new AppError('FINANCE_CANNOT_REDEEM');
    await closeHolding(trx, holding.id, 'revoke', now, { withInterest: false, freeQuota: true });
    return { holding_id: holding.id, status: 'revoked' as const, redemption_due_at: null };
  });
}

/** Confirms the redemptions whose T+N date has come: principal back to available. */
export async function confirmDueRedemptions(db: Db, now = new Date()): Promise<number> {
  let done = 0;
  for (const id of await repo.dueRedemptions(db, now)) {
    await db.transaction().execute(async (trx) => {
      const holding = await repo.lockHolding(trx, id);
      if (holding?.status !== 'redeeming') return;
      await closeHolding(trx, id, 'confirm', now, { withInterest: false, freeQuota: false });
      done++;
    });
  }
  return done;
}

async function moveProduct(
  db: Db,
  by: AuditBy | null,
  id: string,
  event: FinanceProductEvent,
  values: Parameters<typeof repo.updateProduct>[2] = {},
): Promise<ProductRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, id);
    if (!before) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
    let state: FinanceProductState;
    try {
      state = nextProductState(before.type as FinanceProductType, before.state as FinanceProductState, event);
    } catch (error) {
      if (error instanceof FinanceStateError) {
        if (by) throw new AppError('FINANCE_STATE');
        return undefined;
      }
      throw error;
    }
    const after = await repo.updateProduct(trx, id, { ...values, state, ...(event === 'revoke' ? { on_shelf: false } : {}) });
    if (by) await recordAudit(trx, by, { action: `finance.product.${event}`, target: `finance_product:${id}`, before: { state: before.state }, after: { state } });
    return after;
  });
}

/** The operator revokes a periodical product before its interest starts: every subscription returned. */
export async function revokeProduct(db: Db, by: AuditBy, id: string, now = new Date()): Promise<AdminFinanceProduct> {
  await moveProduct(db, by, id, 'revoke');
  for (const holdingId of await repo.openHoldingIds(db, id)) {
    await db.transaction().execute((trx) => closeHolding(trx, holdingId, 'revoke', now, { withInterest: false, freeQuota: true }));
  }
  return adminProduct(db, id);
}

/** The product's accrual window: the days its holdings may earn (a periodical's term, a staking's lock). */
function windowOf(row: ProductRow): { fromDay: string | null; untilDay: string | null } {
  if (row.type === 'DQB') return { fromDay: row.start_at ? utcDay(row.start_at) : null, untilDay: row.end_at && !row.indefinite ? utcDay(row.end_at) : null };
  if (row.type === 'LOCK') return { fromDay: row.locked_day ? addDays(row.locked_day, 1) : '9999-12-31', untilDay: row.unlocked_day };
  return { fromDay: null, untilDay: null };
}

/**
 * The products' own moves, due at `now`: periodicals start at their start time and end at
 * their end (principal and kept interest back once the last day is accrued); staking locks once
 * its subscriptions reach the quota (at the chain's height) and unlocks when the locked blocks
 * are done; current redemptions are confirmed at T+N.
 */
export async function runMaturities(db: Db, chains: ChainRegistry, now = new Date()): Promise<{ moves: string[]; confirmed: number }> {
  const moves: string[] = [];
  const settings = await financeSettings(db);
  const accruedUntil = lastAccrualDay(now, settings.settlement_hour_utc);
  for (const product of await repo.liveProducts(db)) {
    if (product.type === 'DQB' && product.state === 'create' && product.start_at && product.start_at <= now) {
      if (await moveProduct(db, null, product.id, 'start')) moves.push(`${product.id}:start`);
    }
    if (product.type === 'DQB' && product.state === 'interest' && product.end_at && !product.indefinite && product.end_at <= now) {
      if (await moveProduct(db, null, product.id, 'end', { on_shelf: false })) moves.push(`${product.id}:end`);
    }
    if (product.type === 'LOCK' && product.state === 'collecting' && stakingReady(BigInt(product.ordered_units), BigInt(product.quota_units))) {
      const height = await chains.adapter(product.coin).height();
      const locked = await moveProduct(db, null, product.id, 'lock', {
        lock_height: height,
        unlock_height: height + product.staking_blocks,
        locked_day: utcDay(now),
        on_shelf: false,
      });
      if (locked) {
        for (const id of await repo.openHoldingIds(db, product.id, ['waiting'])) {
          await db.transaction().execute(async (trx) => {
            const holding = await repo.lockHolding(trx, id);
            if (holding?.status === 'waiting') await repo.updateHolding(trx, id, { status: nextHoldingState('LOCK', 'waiting', 'lock') });
          });
        }
        moves.push(`${product.id}:lock`);
      }
    }
    if (product.type === 'LOCK' && product.state === 'locked' && product.unlock_height !== null) {
      const height = await chains.adapter(product.coin).height();
      if (blocksLeft(Number(product.unlock_height), height) === 0 && (await moveProduct(db, null, product.id, 'unlock', { unlocked_day: utcDay(now) })))
        moves.push(`${product.id}:unlock`);
    }
  }
  // Ended and unlocked products pay out once their last earning day is accrued.
  for (const product of await repo.accruingProducts(db)) {
    const ended = (product.type === 'DQB' && product.state === 'end') || (product.type === 'LOCK' && product.state === 'unlocked');
    if (!ended) continue;
    const until = windowOf(product).untilDay ?? utcDay(now);
    if (accruedUntil < addDays(until, -1)) continue;
    await accrueProduct(db, product.id, addDays(until, -1));
    const event = product.type === 'DQB' ? 'end' : 'unlock';
    const statuses: FinanceHoldingState[] = product.type === 'DQB' ? ['waiting', 'interest'] : ['locked'];
    const ids = await repo.openHoldingIds(db, product.id, statuses);
    for (const id of ids) await db.transaction().execute((trx) => closeHolding(trx, id, event, now, { withInterest: true, freeQuota: true }));
    if (ids.length) moves.push(`${product.id}:paid:${ids.length}`);
  }
  return { moves, confirmed: await confirmDueRedemptions(db, now) };
}

// --- the accrual -------------------------------------------------------------------------------

async function dayRates(db: Db, product: ProductRow, day: string): Promise<DayRates> {
  const subscribedDays = await repo.earningSubscriptionDays(db, product.id, day);
  const tiers = tiersOf(product);
  return { subscribedDays, ratesPpm: subscribedDays.map((sub) => rateForDaysHeld(BigInt(product.rate_ppm), tiers, daysHeld(sub, day))) };
}

/**
 * How the product's yield is split (`yieldSplit`, computed the same way in SQL): a saving's
 * owner and miner shares from the settings and its miner; every other type, all to the holder.
 */
async function sharesOf(db: Db, product: ProductRow): Promise<AccrualShares> {
  if (product.type !== 'SXC') return { ownerBp: BP, minerBp: 0, minerId: null };
  const settings = await repo.settings(db);
  return { ownerBp: settings.saving_owner_bp, minerBp: product.miner_user_id ? settings.saving_miner_bp : 0, minerId: product.miner_user_id };
}

export interface AccrualOutcome {
  status: 'done' | 'budget_short' | 'running' | 'outside';
  paid: bigint;
  holdings: number;
}

/** Test hook: runs inside a chunk's transaction before it commits (a worker killed there). */
export type ChunkHook = (chunk: number) => Promise<void>;

/**
 * Accrues one product-day: decided once, then paid a chunk at a time. Safe to call any number
 * of times, concurrently. `chunks` stops after that many chunks (the rest is resumed later).
 */
export async function accrueDay(
  db: Db,
  productId: string,
  day: string,
  options: { chunk?: number; chunks?: number; beforeCommit?: ChunkHook; now?: Date } = {},
): Promise<AccrualOutcome> {
  const chunk = options.chunk ?? ACCRUAL_CHUNK;
  const now = options.now ?? new Date();
  const product = await repo.productById(db, productId);
  if (!product) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  const window = windowOf(product);
  if ((window.fromDay !== null && day < window.fromDay) || (window.untilDay !== null && day >= window.untilDay)) return { status: 'outside', paid: 0n, holdings: 0 };
  const rates = await dayRates(db, product, day);
  const bucket = interestBucket(product.type as FinanceProductType);
  const shares = await sharesOf(db, product);
  for (let n = 0; n < (options.chunks ?? Infinity); n++) {
    const step = await db.transaction().execute(async (trx): Promise<AccrualOutcome | null> => {
      let run = await repo.lockRun(trx, productId, day);
      if (run.status !== 'running') return { status: run.status, paid: BigInt(run.paid_units), holdings: run.holdings };
      if (BigInt(run.cursor_holding_id) === 0n && run.holdings === 0 && BigInt(run.reserved_units) === 0n) {
        // First visit: the whole day against the budget (never overdrawn).
        const totals = await repo.dayTotals(trx, productId, day, rates);
        const locked = await repo.lockProduct(trx, productId);
        if (!locked) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
        const budget = BigInt(locked.budget_units);
        if (totals.interest > budget) {
          await repo.updateRun(trx, productId, day, { status: 'budget_short', holdings: totals.holdings, principal_units: totals.principal, done_at: now });
          await repo.updateProduct(trx, productId, { budget_exhausted_at: locked.budget_exhausted_at ?? now });
          return { status: 'budget_short', paid: 0n, holdings: 0 };
        }
        await repo.updateProduct(trx, productId, { budget_units: budget - totals.interest });
        await repo.updateRun(trx, productId, day, { reserved_units: totals.interest, principal_units: totals.principal, holdings: totals.holdings });
        run = { ...run, reserved_units: totals.interest.toString(), principal_units: totals.principal.toString(), holdings: totals.holdings };
        if (totals.holdings === 0) return finishRun(trx, product, day, run, 0n, now);
      }
      const result = await repo.accrueChunk(trx, {
        productId,
        day,
        afterId: run.cursor_holding_id,
        limit: chunk,
        rates,
        coin: product.coin,
        bucket,
        shares,
        reference: `finance_accrual:${productId}:${day}`,
      });
      // A saving's pool share (yieldSplit): from the budget into the pool's revenue, in the chunk's transaction.
      if (result.pool > 0n) {
        await postTransaction(trx, {
          kind: 'finance_interest',
          reference: `finance_accrual:${productId}:${day}:pool`,
          postings: transfer(budgetAccount(product.coin), { kind: 'system', code: 'pool_revenue', coin: product.coin }, result.pool),
        });
      }
      const paid = BigInt(run.paid_units) + result.paid;
      if (options.beforeCommit) await options.beforeCommit(n);
      if (result.read < chunk) return finishRun(trx, product, day, run, paid, now);
      await repo.updateRun(trx, productId, day, { cursor_holding_id: result.lastId ?? run.cursor_holding_id, paid_units: paid });
      return null;
    });
    if (step) return step;
  }
  return { status: 'running', paid: 0n, holdings: 0 };
}

async function finishRun(
  trx: Db,
  product: ProductRow,
  day: string,
  run: { reserved_units: string; principal_units: string; holdings: number },
  paid: bigint,
  now: Date,
): Promise<AccrualOutcome> {
  const locked = await repo.lockProduct(trx, product.id);
  if (!locked) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  // What was reserved and not paid (none, unless the holdings changed) returns to the budget.
  const left = BigInt(run.reserved_units) - paid;
  await repo.updateRun(trx, product.id, day, { status: 'done', paid_units: paid, done_at: now });
  await repo.updateProduct(trx, product.id, {
    budget_units: BigInt(locked.budget_units) + left,
    interest_paid_units: BigInt(locked.interest_paid_units) + paid,
    ...(locked.last_day === null || day >= locked.last_day ? { last_day: day, last_day_interest_units: paid, last_day_principal_units: BigInt(run.principal_units) } : {}),
  });
  return { status: 'done', paid, holdings: run.holdings };
}

/** Accrues every day of a product not accrued yet, up to `until` (and inside its window). */
export async function accrueProduct(db: Db, productId: string, until: string, options: { chunk?: number } = {}): Promise<number> {
  const product = await repo.productById(db, productId);
  if (!product) throw new AppError('FINANCE_PRODUCT_NOT_FOUND');
  const bounds = await repo.accrualBounds(db, productId);
  if (!bounds.firstSubscribed) return 0;
  const window = windowOf(product);
  // A run left running (a crash between chunks) is finished first.
  if (bounds.lastRun) await accrueDay(db, productId, bounds.lastRun, options);
  let day = bounds.lastRun ? addDays(bounds.lastRun, 1) : addDays(bounds.firstSubscribed, 1);
  if (window.fromDay !== null && day < window.fromDay) day = window.fromDay;
  const last = window.untilDay !== null && addDays(window.untilDay, -1) < until ? addDays(window.untilDay, -1) : until;
  let days = 0;
  for (; day <= last; day = addDays(day, 1)) {
    await accrueDay(db, productId, day, options);
    days++;
  }
  return days;
}

/** The worker's step: every product's days up to the last one due at the settlement hour. */
export async function accrueDue(db: Db, now = new Date(), options: { chunk?: number } = {}): Promise<{ products: number; days: number }> {
  const settings = await financeSettings(db);
  const until = lastAccrualDay(now, settings.settlement_hour_utc);
  let products = 0;
  let days = 0;
  for (const product of await repo.accruingProducts(db)) {
    const n = await accrueProduct(db, product.id, until, options);
    if (n) products++;
    days += n;
  }
  return { products, days };
}

/**
 * Development only (the devnet): an open holding made `days` older — its subscription and any
 * redemption dates — so that a browser test sees a day's interest and a due redemption without
 * waiting days. Days already accrued are not accrued again.
 */
export async function ageHolding(db: Db, id: string, days: number): Promise<void> {
  if (!(await repo.ageHolding(db, id, days))) throw new AppError('FINANCE_CANNOT_REDEEM');
}

/** The ledger check's finance part (ledger.check.ts). */
export function financeMismatches(db: Db) {
  return repo.mismatches(db);
}
