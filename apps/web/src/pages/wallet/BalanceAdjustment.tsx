import { errorMessage, parseAmount, updateBalanceBody, type CurrencyEntry } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../api/index.ts';
import { checkForm } from './adminForm.ts';
import { adjustBalance } from './adminWalletApi.ts';
import { useWalletSubmit } from './useWalletSubmit.ts';
import { fetchTotalAssets, walletKeys } from './walletApi.ts';
import { newRequestId } from './WithdrawDialog.tsx';

type Adjusted = { uid: string; amount: string; unit: string; transactionId: string; pending: boolean };
/** '+5' or '-5': the sign said either way. */
const signed = (amount: string) => (amount.startsWith('-') ? amount : `+${amount}`);

type Fields = { uid: string; coin: string; amount: string; reason: string };

/**
 * 'Adjust a balance' (spec doc 2 §7 'Admin' UpdateBalance): a signed change of one user's
 * available balance with its reason, posted as a ledger transaction; above the approval
 * threshold it waits for a second admin. The last adjustment made from this page stays shown
 * until it is closed. `uid` fixes the user (the back office's user detail).
 */
export function BalanceAdjustment({ uid }: { uid?: string } = {}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [adjusted, setAdjusted] = useState<Adjusted | null>(null);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="balance-adjust-open">
        {t('walletAdmin.adjust.open')}
      </Button>
      {/* Mounted only while open: each opened form has its own request id. */}
      {open ? (
        <BalanceAdjustDialog
          {...(uid ? { uid } : {})}
          onClose={() => setOpen(false)}
          onAdjusted={(done) => {
            setAdjusted(done);
            setOpen(false);
          }}
        />
      ) : null}
      {adjusted ? (
        <Alert
          type={adjusted.pending ? 'info' : 'success'}
          showIcon
          closable
          className="wallet-admin-adjusted"
          onClose={() => setAdjusted(null)}
          data-testid="balance-adjust-result"
          data-transaction={adjusted.transactionId}
          data-status={adjusted.pending ? 'pending' : 'posted'}
          title={t(adjusted.pending ? 'walletAdmin.adjust.pending' : 'walletAdmin.adjust.done', {
            amount: adjusted.amount,
            unit: adjusted.unit,
            uid: adjusted.uid,
            id: adjusted.transactionId,
          })}
        />
      ) : null}
    </>
  );
}

function BalanceAdjustDialog({ uid, onClose, onAdjusted }: { uid?: string; onClose: () => void; onAdjusted: (done: Adjusted) => void }) {
  const { t } = useTranslation();
  const assets = useQuery({ queryKey: walletKeys.assets, queryFn: fetchTotalAssets });
  const currencies = assets.data?.currency ?? [];
  // A double click or a retry of this form is a replay of one adjustment, never a second one.
  const [requestId] = useState(newRequestId);
  const [fields, setFields] = useState<Fields>({ uid: uid ?? '', coin: '', amount: '', reason: '' });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<number | null>(null);
  const { busy, run } = useWalletSubmit(() => undefined);
  const coin = fields.coin || currencies[0]?.type || '';
  const currency: CurrencyEntry | undefined = currencies.find((c) => c.type === coin);

  const set = (name: keyof Fields) => (value: string) => {
    setFields((old) => ({ ...old, [name]: value }));
    setIssues((old) => ({ ...old, [name]: '' }));
  };

  const submit = async () => {
    const values = { ...fields, coin, request_id: requestId };
    const checked = checkForm(updateBalanceBody, values, t('walletAdmin.required'), currency ? { field: 'amount', scale: currency.scale } : undefined);
    const found = checked.ok ? {} : checked.issues;
    if (checked.ok && parseAmount(checked.data.amount, currency?.scale ?? 0) === 0n) found.amount = t('walletAdmin.adjust.zero');
    setIssues(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    setRefused(null);
    let transactionId = '';
    let pending = false;
    const done = await run(async () => {
      const answer = await adjustBalance(checked.data);
      if ('code' in answer && answer.code === 200) {
        transactionId = answer.data.transaction_id;
        pending = answer.data.status === 'pending';
      } else if ('code' in answer) setRefused(answer.code);
      return answer;
    });
    if (done) onAdjusted({ uid: checked.data.uid, amount: signed(checked.data.amount), unit: currency?.unit ?? coin, transactionId, pending });
  };

  const item = (name: keyof Fields) => ({
    validateStatus: issues[name] ? ('error' as const) : undefined,
    help: issues[name] ? <span data-testid={`balance-adjust-${name}-error`}>{issues[name]}</span> : undefined,
  });

  return (
    <Modal
      open
      title={t('walletAdmin.adjust.title')}
      onCancel={onClose}
      okText={t('walletAdmin.adjust.submit')}
      cancelText={t('wallet.cancel')}
      okButtonProps={{ loading: busy, disabled: currency === undefined, 'data-testid': 'balance-adjust-submit' }}
      onOk={() => void submit()}
      modalRender={(node) => (
        <div data-testid="balance-adjust-dialog" data-request-id={requestId}>
          {node}
        </div>
      )}
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('walletAdmin.adjust.uid')} required {...item('uid')}>
          <Input value={fields.uid} onChange={(e) => set('uid')(e.target.value)} maxLength={64} disabled={uid !== undefined} data-testid="balance-adjust-uid" />
        </Form.Item>
        <Form.Item label={t('wallet.assets.coin')} required {...item('coin')}>
          <Select
            value={coin || undefined}
            onChange={set('coin')}
            loading={assets.isPending}
            data-testid="balance-adjust-coin"
            options={currencies.map((c) => ({ value: c.type, label: <span data-testid={`balance-adjust-coin-option-${c.type}`}>{c.unit}</span> }))}
          />
        </Form.Item>
        <Form.Item label={t('walletAdmin.adjust.amount')} required extra={t('walletAdmin.adjust.amountHelp')} {...item('amount')}>
          <Input
            value={fields.amount}
            onChange={(e) => set('amount')(e.target.value)}
            inputMode="decimal"
            suffix={<span>{currency?.unit}</span>}
            data-testid="balance-adjust-amount"
          />
        </Form.Item>
        <Form.Item label={t('walletAdmin.adjust.reason')} required {...item('reason')}>
          <Input.TextArea value={fields.reason} onChange={(e) => set('reason')(e.target.value)} maxLength={200} showCount data-testid="balance-adjust-reason" />
        </Form.Item>
      </Form>
      {refused !== null ? (
        <Alert
          type="error"
          showIcon
          data-testid="balance-adjust-refused"
          data-code={refused}
          title={`${errorMessage(refused, currentLang()) ?? t('walletAdmin.adjust.refused')} (${refused})`}
        />
      ) : null}
    </Modal>
  );
}
