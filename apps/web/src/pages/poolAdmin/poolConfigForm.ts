import { isAmount, updatePoolConfigBody, type PoolConfigView, type UpdatePoolConfigBody } from '@platter/domain';
import { fieldErrors } from '../account/shared.tsx';

/**
 * The pool configuration form: rates are typed in percent with at most two decimals and sent
 * as basis points (2.5 % → 250); only what changed is sent, checked with the server's schema.
 */

export type ConfigFields = {
  mode: string;
  fee: string;
  coop_ratio: string;
  burn_coefficient: string;
  payment_time: string;
  payout_threshold: string;
  withdraw_fee: string;
  /** The coin's pledge per TB, in coins; '' when the coin has none (the field is not shown). */
  pledge_per_tb: string;
  withdraw_audit: boolean;
  enabled: boolean;
  /** Trusted-proxy mode (issue 18): trusted-proxy pools only. */
  trusted_proxy: boolean;
};

type TextField = Exclude<keyof ConfigFields, 'withdraw_audit' | 'enabled' | 'trusted_proxy'>;

/** The rates typed in percent, by the body's basis-point field, with the percent each may reach. */
const RATES = [
  { field: 'fee', body: 'fee_bp', max: 100 },
  { field: 'coop_ratio', body: 'coop_ratio_bp', max: 100 },
  { field: 'burn_coefficient', body: 'burn_coefficient_bp', max: 10_000 },
] as const;

/** Basis points as percent with two decimals: 250 → '2.50'. */
export function percentOf(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  return `${whole}.${String(Math.abs(basisPoints % 100)).padStart(2, '0')}`;
}

/** Percent with at most two decimals as basis points ('2.5' → 250); null when it is not such a number. */
export function basisPointsOf(percent: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function fieldsOf(config: PoolConfigView): ConfigFields {
  return {
    mode: config.mode,
    fee: percentOf(config.fee_bp),
    coop_ratio: percentOf(config.coop_ratio_bp),
    burn_coefficient: percentOf(config.burn_coefficient_bp),
    payment_time: config.payment_time,
    payout_threshold: config.payout_threshold,
    withdraw_fee: config.withdraw_fee,
    pledge_per_tb: config.pledge_per_tb ?? '',
    withdraw_audit: config.withdraw_audit,
    enabled: config.enabled,
    trusted_proxy: config.trusted_proxy,
  };
}

export interface ConfigTexts {
  required: string;
  percent: (max: number) => string;
  /** The error catalogue's text for an amount with too many decimals. */
  amount: string;
}

export type ConfigCheck = { ok: true; body: UpdatePoolConfigBody; changed: boolean } | { ok: false; issues: Partial<Record<TextField, string>> };

/**
 * The body of updatepoolconfig for what changed from `config`: the pool and each changed
 * field. `scale` is the coin's decimals (null: unknown, the server checks the amounts).
 */
export function configChange(config: PoolConfigView, fields: ConfigFields, scale: number | null, texts: ConfigTexts): ConfigCheck {
  const before = fieldsOf(config);
  const issues: Partial<Record<TextField, string>> = {};
  const body: Record<string, unknown> = { pool: config.pool };
  const textFields: TextField[] = ['mode', 'fee', 'coop_ratio', 'burn_coefficient', 'payment_time', 'payout_threshold', 'withdraw_fee', 'pledge_per_tb'];
  for (const field of textFields) {
    const value = fields[field].trim();
    if (value === before[field]) continue;
    if (value === '') {
      issues[field] = texts.required;
      continue;
    }
    const rate = RATES.find((r) => r.field === field);
    if (rate) {
      const points = basisPointsOf(value);
      if (points === null || points > rate.max * 100) issues[field] = texts.percent(rate.max);
      else body[rate.body] = points;
    } else if ((field === 'payout_threshold' || field === 'withdraw_fee' || field === 'pledge_per_tb') && scale !== null && !isAmount(value, scale)) {
      issues[field] = texts.amount;
    } else {
      body[field] = value;
    }
  }
  for (const flag of ['withdraw_audit', 'enabled', 'trusted_proxy'] as const) if (fields[flag] !== before[flag]) body[flag] = fields[flag];

  const parsed = updatePoolConfigBody.safeParse(body);
  if (!parsed.success) {
    // The schema names the basis-point fields; the form shows them on the percent fields.
    for (const [name, text] of Object.entries(fieldErrors(parsed.error))) {
      const field = (RATES.find((r) => r.body === name)?.field ?? name) as TextField;
      issues[field] ??= text;
    }
  }
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, body: parsed.data, changed: Object.keys(body).length > 1 };
}
