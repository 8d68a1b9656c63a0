import { errorMessageByName, type CurrencyEntry, type SecurityCodes } from '@platter/domain';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../api/index.ts';
import { SecurityVerification } from '../../components/SecurityVerification.tsx';
import { codesComplete, useVerificationMethods } from './verification.ts';
import { DialogFooter } from './dialogFooter.tsx';
import { useWalletSubmit } from './useWalletSubmit.ts';
import { transfer } from './walletApi.ts';
import { newRequestId } from './WithdrawDialog.tsx';
import { previewTransfer } from './withdrawQuote.ts';
import { useAmountText } from '../../components/Amount.tsx';

/**
 * Internal transfer to another user (spec doc 1 §9 'Withdrawal and transfers'): real time and
 * free; the recipient by e-mail or UID, the amount within the minimum transfer and the balance,
 * and the security verification of the action 'transfer'. Refused during the 24-hour lock.
 */
export function TransferDialog({
  currency,
  available,
  locked,
  onClose,
  onDone,
}: {
  currency: CurrencyEntry;
  available: string;
  locked: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const methods = useVerificationMethods('transfer');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [codes, setCodes] = useState<SecurityCodes>({});
  const { busy, run } = useWalletSubmit(onClose);
  // One key per submission; kept when the request was lost in transit so a retry cannot pay twice.
  const requestId = useRef<string | null>(null);
  const preview = useMemo(() => previewTransfer(amount, currency, available), [amount, currency, available]);
  const ready = !locked && to.trim() !== '' && preview.state === 'ok' && codesComplete(methods, codes);

  const submit = async () => {
    if (!ready) return;
    requestId.current ??= newRequestId();
    const key = requestId.current;
    let sent: { amount: string; to: string } | undefined;
    const outcome = await run(async () => {
      const answer = await transfer({ coin: currency.type, to: to.trim(), amount: amount.trim(), request_id: key, ...codes });
      if ('data' in answer && answer.code === 200) sent = answer.data;
      return answer;
    });
    if (outcome !== undefined) requestId.current = null;
    if (outcome && sent) onDone(t('wallet.transfer.done', { amount: amountText(sent.amount, currency.unit, { unit: false }), unit: currency.unit, to: to.trim() }));
  };

  const amountHelp =
    preview.state === 'invalid'
      ? errorMessageByName('AMOUNT_INVALID', currentLang())
      : preview.state === 'error'
        ? preview.error === 'TRANSFER_BELOW_MIN'
          ? t('wallet.transfer.belowMin', { minimum: currency.min_transfer, unit: currency.unit })
          : errorMessageByName(preview.error, currentLang())
        : undefined;

  return (
    <Modal
      open
      title={t('wallet.transfer.title', { coin: currency.unit })}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="transfer-dialog">{node}</div>}
      footer={
        <DialogFooter
          cancel={t('wallet.cancel')}
          submit={t('wallet.transfer.submit')}
          onClose={onClose}
          onSubmit={() => void submit()}
          busy={busy}
          ready={ready}
          testId="transfer-submit"
        />
      }
    >
      {locked ? <Alert type="warning" showIcon className="wallet-gap" title={t('wallet.withdraw.locked')} data-testid="transfer-dialog-locked" /> : null}
      <Alert type="info" showIcon className="wallet-gap" title={t('wallet.transfer.free')} />
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('wallet.transfer.to')} required extra={t('wallet.transfer.toHelp')}>
          <Input value={to} onChange={(e) => setTo(e.target.value)} maxLength={254} autoComplete="off" data-testid="transfer-to" />
        </Form.Item>
        <Form.Item
          label={t('wallet.transfer.amount')}
          required
          extra={<span data-testid="transfer-limits">{t('wallet.transfer.limits', { available, minimum: currency.min_transfer, unit: currency.unit })}</span>}
          validateStatus={amountHelp ? 'error' : undefined}
          help={amountHelp ? <span data-testid="transfer-amount-error">{amountHelp}</span> : undefined}
        >
          <Space.Compact block>
            <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" suffix={currency.unit} data-testid="transfer-amount" />
            <Button onClick={() => setAmount(available)} data-testid="transfer-all">
              {t('wallet.withdraw.all')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <SecurityVerification action="transfer" value={codes} onChange={setCodes} />
      </Form>
    </Modal>
  );
}
