import { amountField, formatAmount, parseAmount, quoteWithdrawal, type CurrencyEntry, type ErrorName } from '@platter/domain';

/** What the withdraw form shows under the amount while the user types (all exact, bigint). */
export type WithdrawPreview = { state: 'empty' } | { state: 'invalid' } | { state: 'error'; error: ErrorName } | { state: 'ok'; fee: string; received: string };

/**
 * The live 'actual received = amount − fee' of a withdrawal (spec doc 1 §4): the coin's fee,
 * plus the activation fee when the address has never been used (AR), never below the minimum
 * and never above the available balance.
 */
export function previewWithdrawal(amountText: string, currency: CurrencyEntry, available: string, activated: boolean): WithdrawPreview {
  const text = amountText.trim();
  if (text === '') return { state: 'empty' };
  // The server's own field rule first: plain digits and one point, no sign or exponent.
  if (!amountField.safeParse(text).success) return { state: 'invalid' };
  let amount: bigint;
  try {
    amount = parseAmount(text, currency.scale);
  } catch {
    return { state: 'invalid' };
  }
  if (amount > parseAmount(available, currency.scale)) return { state: 'error', error: 'BALANCE_INSUFFICIENT' };
  const quote = quoteWithdrawal({
    amount,
    fee: parseAmount(currency.withdraw_fee, currency.scale),
    minimum: parseAmount(currency.min_withdraw, currency.scale),
    activationFee: activated ? 0n : parseAmount(currency.activation_fee, currency.scale),
  });
  if (!quote.ok) return { state: 'error', error: quote.error };
  return { state: 'ok', fee: formatAmount(quote.fee, currency.scale), received: formatAmount(quote.received, currency.scale) };
}

/** True when the amount is positive (for the 'send test coins' and similar forms). */
export function isPositiveAmount(text: string, scale: number): boolean {
  if (!amountField.safeParse(text).success) return false;
  try {
    return parseAmount(text, scale) > 0n;
  } catch {
    return false;
  }
}

/** What the transfer form says of the amount while the user types: free, so only the limits. */
export type TransferPreview = { state: 'empty' } | { state: 'invalid' } | { state: 'error'; error: ErrorName } | { state: 'ok' };

/** An internal transfer's amount (spec doc 1 §9): positive, at least the coin's minimum transfer, at most the available balance. */
export function previewTransfer(amountText: string, currency: CurrencyEntry, available: string): TransferPreview {
  const text = amountText.trim();
  if (text === '') return { state: 'empty' };
  if (!isPositiveAmount(text, currency.scale)) return { state: 'invalid' };
  const amount = parseAmount(text, currency.scale);
  if (amount < parseAmount(currency.min_transfer, currency.scale)) return { state: 'error', error: 'TRANSFER_BELOW_MIN' };
  if (amount > parseAmount(available, currency.scale)) return { state: 'error', error: 'BALANCE_INSUFFICIENT' };
  return { state: 'ok' };
}
