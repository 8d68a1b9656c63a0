import { describe, expect, it } from 'vitest';
import { ar, chia } from './testCurrencies.ts';
import { isPositiveAmount, previewTransfer, previewWithdrawal } from './withdrawQuote.ts';

describe('the live withdrawal preview', () => {
  it('shows actual received = amount − fee exactly, beyond float precision', () => {
    expect(previewWithdrawal('2', chia, '10', true)).toEqual({ state: 'ok', fee: '0.0001', received: '1.9999' });
    expect(previewWithdrawal('1234567.000000000001', chia, '9999999', true)).toEqual({ state: 'ok', fee: '0.0001', received: '1234566.999900000001' });
  });

  it('adds the AR activation fee on a never-used address only', () => {
    expect(previewWithdrawal('1', ar, '5', false)).toEqual({ state: 'ok', fee: '0.03', received: '0.97' });
    expect(previewWithdrawal('1', ar, '5', true)).toEqual({ state: 'ok', fee: '0.01', received: '0.99' });
  });

  it('explains what is wrong while typing', () => {
    expect(previewWithdrawal('', chia, '10', true)).toEqual({ state: 'empty' });
    expect(previewWithdrawal('1.2.3', chia, '10', true)).toEqual({ state: 'invalid' });
    expect(previewWithdrawal('-1', chia, '10', true)).toEqual({ state: 'invalid' });
    expect(previewWithdrawal('0.0000000000001', chia, '10', true)).toEqual({ state: 'invalid' });
    expect(previewWithdrawal('0.05', chia, '10', true)).toEqual({ state: 'error', error: 'WITHDRAW_BELOW_MIN' });
    expect(previewWithdrawal('0', chia, '10', true)).toEqual({ state: 'error', error: 'AMOUNT_INVALID' });
    expect(previewWithdrawal('10.000000000001', chia, '10', true)).toEqual({ state: 'error', error: 'BALANCE_INSUFFICIENT' });
    expect(previewWithdrawal('0.1', { ...chia, withdraw_fee: '0.1' }, '10', true)).toEqual({ state: 'error', error: 'WITHDRAW_AMOUNT_ERROR' });
  });

  it('accepts the whole balance', () => {
    expect(previewWithdrawal(' 10 ', chia, '10', true)).toEqual({ state: 'ok', fee: '0.0001', received: '9.9999' });
  });
});

describe('isPositiveAmount', () => {
  it('is true only for a positive decimal at the coin scale', () => {
    expect(isPositiveAmount('1.5', 12)).toBe(true);
    expect(isPositiveAmount('0', 12)).toBe(false);
    expect(isPositiveAmount('abc', 12)).toBe(false);
    expect(isPositiveAmount('0.001', 2)).toBe(false);
  });
});

describe('the live transfer check', () => {
  it('needs at least the minimum transfer and at most the available balance, exactly', () => {
    expect(previewTransfer('', chia, '10')).toEqual({ state: 'empty' });
    expect(previewTransfer('0', chia, '10')).toEqual({ state: 'invalid' });
    expect(previewTransfer('1e3', chia, '10')).toEqual({ state: 'invalid' });
    expect(previewTransfer('0.099999999999', chia, '10')).toEqual({ state: 'error', error: 'TRANSFER_BELOW_MIN' });
    expect(previewTransfer('0.1', chia, '10')).toEqual({ state: 'ok' });
    expect(previewTransfer('10', chia, '10')).toEqual({ state: 'ok' });
    expect(previewTransfer('10.000000000001', chia, '10')).toEqual({ state: 'error', error: 'BALANCE_INSUFFICIENT' });
  });
});
