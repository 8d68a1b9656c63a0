import { describe, expect, it } from 'vitest';
import { basisPointsOf, configChange, fieldsOf, percentOf } from './poolConfigForm.ts';
import { bhdConfig } from './testPools.tsx';

const texts = { required: 'Required.', percent: (max: number) => `0 to ${max}`, amount: 'Bad amount' };

describe('the pool configuration form', () => {
  it('reads percent with at most two decimals as basis points, and shows basis points as percent', () => {
    expect(basisPointsOf('2.5')).toBe(250);
    expect(basisPointsOf(' 2.55 ')).toBe(255);
    expect(basisPointsOf('3')).toBe(300);
    expect(basisPointsOf('0.07')).toBe(7);
    expect(basisPointsOf('2.555')).toBeNull();
    expect(basisPointsOf('-1')).toBeNull();
    expect(basisPointsOf('1e2')).toBeNull();
    expect(percentOf(250)).toBe('2.50');
    expect(percentOf(7)).toBe('0.07');
    expect(percentOf(10_000)).toBe('100.00');
  });

  it('sends the pool and only what changed, the fee in basis points', () => {
    const fields = { ...fieldsOf(bhdConfig), fee: '2.5', withdraw_audit: false };
    expect(configChange(bhdConfig, fields, 8, texts)).toEqual({ ok: true, changed: true, body: { pool: 'bhd', fee_bp: 250, withdraw_audit: false } });
    expect(configChange(bhdConfig, fieldsOf(bhdConfig), 8, texts)).toEqual({ ok: true, changed: false, body: { pool: 'bhd' } });
  });

  it('refuses a fee above 100 %, an empty field, a bad time and an amount finer than the coin', () => {
    const fields = { ...fieldsOf(bhdConfig), fee: '100.01', coop_ratio: '', payment_time: '25:00', withdraw_fee: '0.000000001' };
    const checked = configChange(bhdConfig, fields, 8, texts);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.fee).toBe('0 to 100');
    expect(checked.issues.coop_ratio).toBe('Required.');
    expect(checked.issues.payment_time).toBeTruthy();
    expect(checked.issues.withdraw_fee).toBe('Bad amount');
    // The burn coefficient may go up to 10,000 % (1,000,000 basis points).
    expect(configChange(bhdConfig, { ...fieldsOf(bhdConfig), burn_coefficient: '150' }, 8, texts)).toMatchObject({ ok: true, body: { burn_coefficient_bp: 15_000 } });
  });

  it('sends the coin’s pledge per TB when changed, checked as an amount of the coin', () => {
    expect(configChange(bhdConfig, { ...fieldsOf(bhdConfig), pledge_per_tb: '2.5' }, 8, texts)).toEqual({ ok: true, changed: true, body: { pool: 'bhd', pledge_per_tb: '2.5' } });
    const fine = configChange(bhdConfig, { ...fieldsOf(bhdConfig), pledge_per_tb: '0.000000001' }, 8, texts);
    expect(fine.ok ? undefined : fine.issues.pledge_per_tb).toBe('Bad amount');
  });
});
