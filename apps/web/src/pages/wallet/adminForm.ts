import { errorMessageByName, isAmount } from '@platter/domain';
import type { z } from 'zod';
import { currentLang } from '../../api/index.ts';
import { fieldErrors } from '../account/shared.tsx';

export type FormCheck<T> = { ok: true; data: T } | { ok: false; issues: Record<string, string> };

/**
 * A back-office form checked with the server's zod schema before it is sent. An empty
 * required field says it is required; any other broken rule shows the error catalogue's text
 * in the interface language. `amount` names the field holding coins, checked against the
 * coin's decimals too (the server would refuse more decimals than the coin has).
 */
export function checkForm<S extends z.ZodType>(schema: S, values: Record<string, string>, requiredText: string, amount?: { field: string; scale: number }): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(values);
  const issues = parsed.success ? {} : fieldErrors(parsed.error);
  if (amount && !issues[amount.field] && !isAmount(values[amount.field] ?? '', amount.scale)) {
    issues[amount.field] = errorMessageByName('AMOUNT_INVALID', currentLang());
  }
  for (const field of Object.keys(issues)) {
    if ((values[field] ?? '').trim() === '') issues[field] = requiredText;
  }
  if (parsed.success && Object.keys(issues).length === 0) return { ok: true, data: parsed.data };
  return { ok: false, issues };
}
