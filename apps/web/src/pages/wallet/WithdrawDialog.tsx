import { errorMessageByName, parseAmount, type CurrencyEntry, type SecurityCodes } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../api/index.ts';
import { middleEllipsis } from './format.ts';
import { SecurityVerification } from '../../components/SecurityVerification.tsx';
import { codesComplete, useVerificationMethods } from './verification.ts';
import { DialogFooter } from './dialogFooter.tsx';
import { useWalletSubmit } from './useWalletSubmit.ts';
import { fetchAddresses, walletKeys, withdraw } from './walletApi.ts';
import { previewWithdrawal } from './withdrawQuote.ts';
import { useAmountText } from '../../components/Amount.tsx';

/** A fresh idempotency key for one submission of the form. */
export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `w-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The withdraw dialog (spec doc 1 §3 'Withdrawal', §4, §9): an address of the address book,
 * the amount with the minimum, the fee and the live 'actual received', the AR activation-fee
 * and memo warnings, the 24-hour lock, and the security verification.
 */
export function WithdrawDialog({ currency, available, locked, onClose }: { currency: CurrencyEntry; available: string; locked: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const coin = currency.type;
  const addresses = useQuery({ queryKey: walletKeys.addresses(coin), queryFn: () => fetchAddresses(coin) });
  const methods = useVerificationMethods('withdraw');
  const [addressId, setAddressId] = useState<string | undefined>();
  const [amount, setAmount] = useState('');
  const [codes, setCodes] = useState<SecurityCodes>({});
  // A coin whose pools all have the withdrawal audit off is sent without review (no cancelling then).
  const { busy, run } = useWalletSubmit(onClose, t(currency.withdraw_audit ? 'feedback.withdrawSubmitted' : 'withdrawAudit.submitted'));
  // One key per submission; kept when the request failed in transit so a retry cannot pay twice.
  const requestId = useRef<string | null>(null);

  // A book with one address for the coin needs no choosing.
  const onlyAddress = addresses.data?.length === 1 ? addresses.data[0]?.id : undefined;
  const chosenId = addressId ?? onlyAddress;
  const address = addresses.data?.find((a) => a.id === chosenId);
  const activationDue = address !== undefined && !address.activated && parseAmount(currency.activation_fee, currency.scale) > 0n;
  const preview = useMemo(() => previewWithdrawal(amount, currency, available, address?.activated ?? true), [amount, currency, available, address]);
  const ready = !locked && address !== undefined && preview.state === 'ok' && codesComplete(methods, codes);

  const submit = async () => {
    if (!address || !ready) return;
    requestId.current ??= newRequestId();
    const key = requestId.current;
    const outcome = await run(() => withdraw({ coin, address_id: address.id, amount: amount.trim(), request_id: key, ...codes }));
    // Lost in transit: the key stays, so a retry cannot pay twice.
    if (outcome !== undefined) requestId.current = null;
  };

  return (
    <Modal
      open
      title={t('wallet.withdraw.title', { coin: currency.unit })}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="withdraw-dialog">{node}</div>}
      footer={
        <DialogFooter
          cancel={t('wallet.cancel')}
          submit={t('wallet.withdraw.submit')}
          onClose={onClose}
          onSubmit={() => void submit()}
          busy={busy}
          ready={ready}
          testId="withdraw-submit"
        />
      }
    >
      {locked ? <Alert type="warning" showIcon className="wallet-gap" title={t('wallet.withdraw.locked')} data-testid="withdraw-dialog-locked" /> : null}
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('wallet.withdraw.address')} required>
          {addresses.data && addresses.data.length === 0 ? (
            <Alert
              type="info"
              showIcon
              data-testid="withdraw-no-address"
              title={t('wallet.withdraw.noAddress')}
              action={
                <Link to="/center/address" data-testid="withdraw-add-address">
                  {t('wallet.address.add')}
                </Link>
              }
            />
          ) : (
            <Select
              value={chosenId}
              onChange={setAddressId}
              loading={addresses.isPending}
              placeholder={t('wallet.withdraw.chooseAddress')}
              data-testid="withdraw-address"
              options={(addresses.data ?? []).map((a) => ({
                value: a.id,
                label: (
                  <span data-testid={`withdraw-address-option-${a.id}`} title={a.address}>
                    {a.remark ? `${a.remark} · ` : ''}
                    {middleEllipsis(a.address, 10)}
                  </span>
                ),
              }))}
            />
          )}
        </Form.Item>
        {address?.memo ? (
          <Typography.Paragraph type="secondary" className="wallet-small" data-testid="withdraw-memo">
            {t('wallet.address.memo')}: {address.memo}
          </Typography.Paragraph>
        ) : null}
        <Form.Item
          label={t('wallet.withdraw.amount')}
          required
          extra={
            <span data-testid="withdraw-limits">
              {t('wallet.withdraw.available', { amount: available, unit: currency.unit })} · {t('wallet.withdraw.minimum', { amount: currency.min_withdraw, unit: currency.unit })}{' '}
              · {t('wallet.withdraw.fee', { amount: amountText(currency.withdraw_fee, currency.unit, { unit: false }), unit: currency.unit })}
            </span>
          }
          validateStatus={preview.state === 'invalid' || preview.state === 'error' ? 'error' : undefined}
          help={
            preview.state === 'invalid'
              ? errorMessageByName('AMOUNT_INVALID', currentLang())
              : preview.state === 'error'
                ? errorMessageByName(preview.error, currentLang())
                : undefined
          }
        >
          <Space.Compact block>
            <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" suffix={currency.unit} data-testid="withdraw-amount" />
            <Button onClick={() => setAmount(available)} data-testid="withdraw-all">
              {t('wallet.withdraw.all')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <div className="wallet-quote" data-testid="withdraw-quote">
          <span>{t('wallet.withdraw.totalFee')}</span>
          <strong data-testid="withdraw-quote-fee">{preview.state === 'ok' ? amountText(preview.fee, currency.unit) : '—'}</strong>
          <span>{t('wallet.withdraw.received')}</span>
          <strong data-testid="withdraw-quote-received">{preview.state === 'ok' ? amountText(preview.received, currency.unit) : '—'}</strong>
        </div>
        {activationDue ? (
          <Alert
            type="warning"
            showIcon
            className="wallet-gap"
            data-testid="withdraw-activation-warning"
            title={t('wallet.withdraw.activation', { amount: currency.activation_fee, unit: currency.unit })}
          />
        ) : null}
        {currency.memo_supported ? <Alert type="warning" showIcon className="wallet-gap" data-testid="withdraw-memo-warning" title={t('wallet.memoWarning')} /> : null}
        {currency.testnet ? <Alert type="info" showIcon className="wallet-gap" title={t('wallet.withdraw.testnet')} /> : null}
        <Typography.Paragraph type="secondary" className="wallet-small" data-testid="withdraw-review-note">
          {t(currency.withdraw_audit ? 'wallet.withdraw.review' : 'withdrawAudit.noReview')}
        </Typography.Paragraph>
        <SecurityVerification action="withdraw" value={codes} onChange={setCodes} />
      </Form>
    </Modal>
  );
}
