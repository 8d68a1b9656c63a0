// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, cleanup, click, typeInto, waitFor } from '../../test/render.tsx';
import { ar, chia } from './testCurrencies.ts';
import { address, openWithdrawDialog as open } from './withdrawDialogTesting.tsx';

const input = (id: string) => byTestId(id) as HTMLInputElement;
const submit = () => byTestId('withdraw-submit') as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the withdraw dialog', () => {
  it('shows the fee and actual received live, and asks for the e-mail code before submitting', async () => {
    await open(chia, { 'GET /api/user/withdrawaddresses': ok([address()]) });
    await waitFor(() => byTestId('withdraw-dialog')?.textContent?.includes('cold'));
    await typeInto(input('withdraw-amount'), '2.5');
    expect(byTestId('withdraw-quote-received')?.textContent).toBe('2.4999 XCH');
    expect(byTestId('withdraw-quote-fee')?.textContent).toBe('0.0001 XCH');
    expect(submit().disabled).toBe(true);
    await typeInto(input('verify-email-code'), '123456');
    expect(submit().disabled).toBe(false);
    await typeInto(input('withdraw-amount'), '0.01');
    expect(byTestId('withdraw-dialog')?.textContent).toMatch(/minimum/i);
    expect(submit().disabled).toBe(true);
  });

  it('warns about the AR activation fee on a never-used address and about the memo', async () => {
    await open(ar, { 'GET /api/user/withdrawaddresses': ok([address({ coin: 'AR', activated: false, memo: '' })]) });
    await waitFor(() => byTestId('withdraw-activation-warning'));
    expect(byTestId('withdraw-memo-warning')).not.toBeNull();
    await typeInto(input('withdraw-amount'), '1');
    expect(byTestId('withdraw-quote-fee')?.textContent).toBe('0.03 AR');
    expect(byTestId('withdraw-quote-received')?.textContent).toBe('0.97 AR');
  });

  it('shows the 24-hour lock and keeps the button disabled', async () => {
    await open(chia, { 'GET /api/user/withdrawaddresses': ok([address()]) }, true);
    await waitFor(() => byTestId('withdraw-dialog')?.textContent?.includes('cold'));
    expect(byTestId('withdraw-dialog-locked')?.textContent).toMatch(/24 hours/);
    await typeInto(input('withdraw-amount'), '2');
    await typeInto(input('verify-email-code'), '123456');
    expect(submit().disabled).toBe(true);
  });

  it('says a coin reviewed before sending is reviewed, and one whose pools all have the audit off is sent without review and cannot be cancelled', async () => {
    await open(chia, { 'GET /api/user/withdrawaddresses': ok([address()]) });
    expect(byTestId('withdraw-review-note')?.textContent).toMatch(/reviewed in a batch/);
    cleanup();
    await open({ ...chia, withdraw_audit: false }, { 'GET /api/user/withdrawaddresses': ok([address()]) });
    expect(byTestId('withdraw-review-note')?.textContent).toMatch(/without manual review.*can no longer be cancelled/);
    expect(byTestId('withdraw-review-note')?.textContent).not.toMatch(/T\+1/);
  });

  it('retries a submission lost in transit with the same request id, and closes on success with a success message', async () => {
    let attempt = 0;
    const { calls, onClose } = await open(chia, {
      'GET /api/user/withdrawaddresses': ok([address()]),
      'POST /api/assets/withdraw': () => (++attempt === 1 ? 'network-error' : ok({ id: '1' })),
    });
    await waitFor(() => byTestId('withdraw-dialog')?.textContent?.includes('cold'));
    await typeInto(input('withdraw-amount'), '2');
    await typeInto(input('verify-email-code'), '654321');
    expect(submit().disabled).toBe(false);
    await click(submit());
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    await waitFor(() => !submit().classList.contains('ant-btn-loading'));
    await click(submit());
    await waitFor(() => onClose.mock.calls.length > 0);
    const bodies = calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, string>);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ coin: 'CHIA', address_id: '7', amount: '2', email_code: '654321' });
    expect(bodies[0]?.request_id).toMatch(/^[\w.:-]{8,128}$/);
    expect(bodies[1]?.request_id).toBe(bodies[0]?.request_id);
    // The success message says it was submitted (issue 20); the lost attempt showed none.
    await waitFor(() => document.querySelectorAll('.success-toast').length === 1);
    expect(document.querySelector('.success-toast')?.textContent).toContain('Withdrawal submitted.');
  });
});
