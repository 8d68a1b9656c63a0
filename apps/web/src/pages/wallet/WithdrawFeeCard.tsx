import { updateWithdrawFeeBody, type CurrencyEntry } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Grid, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from './adminForm.ts';
import { updateWithdrawFee } from './adminWalletApi.ts';
import { useWalletSubmit } from './useWalletSubmit.ts';
import { fetchTotalAssets, walletKeys } from './walletApi.ts';
import { Amount } from '../../components/Amount.tsx';

/**
 * Each coin's withdrawal fee (spec doc 2 §7 'Admin' updatewithdrawfee), as the assets call
 * answers it, with an edit per coin. A new fee applies to withdrawals quoted from then on.
 */
export function WithdrawFeeCard() {
  const { t } = useTranslation();
  const assets = useQuery({ queryKey: walletKeys.assets, queryFn: fetchTotalAssets });
  const [editing, setEditing] = useState<CurrencyEntry | null>(null);
  // At phone width the minimum is left out so that the edit buttons stay in view.
  const phone = Grid.useBreakpoint().sm === false;

  const columns: TableColumnsType<CurrencyEntry> = [
    {
      key: 'coin',
      title: t('wallet.assets.coin'),
      render: (_, c) => (
        <span className="wallet-coin">
          {c.unit}
          {c.closed ? <Tag>{t('walletAdmin.fee.closed')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'fee',
      title: t('walletAdmin.fee.current'),
      render: (_, c) => (
        <span className="wallet-amount">
          <Amount value={c.withdraw_fee} coin={c.unit} testId={`withdraw-fee-${c.type}`} />
        </span>
      ),
    },
    ...(phone
      ? []
      : [
          {
            key: 'min',
            title: t('walletAdmin.fee.minWithdraw'),
            render: (_: unknown, c: CurrencyEntry) => <Amount className="wallet-amount" value={c.min_withdraw} coin={c.unit} />,
          },
        ]),
    {
      key: 'edit',
      title: '',
      render: (_, c) => (
        <Button size="small" onClick={() => setEditing(c)} data-testid={`withdraw-fee-edit-${c.type}`}>
          {t('walletAdmin.fee.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title={t('walletAdmin.fee.title')} data-testid="withdraw-fee-card">
      <Table
        rowKey="type"
        size="small"
        data-testid="withdraw-fee-table"
        loading={assets.isPending}
        columns={columns}
        dataSource={assets.data?.currency ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: assets.isError ? t('wallet.loadFailed') : t('wallet.noData') }}
        pagination={false}
      />
      {editing ? <FeeDialog currency={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function FeeDialog({ currency, onClose }: { currency: CurrencyEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useWalletSubmit(onClose);
  const [fee, setFee] = useState(currency.withdraw_fee);
  const [issue, setIssue] = useState<string | undefined>();

  const submit = async () => {
    const checked = checkForm(updateWithdrawFeeBody, { coin: currency.type, fee }, t('walletAdmin.required'), { field: 'fee', scale: currency.scale });
    setIssue(checked.ok ? undefined : (checked.issues.fee ?? Object.values(checked.issues)[0]));
    if (checked.ok) await run(() => updateWithdrawFee(checked.data.coin, checked.data.fee));
  };

  return (
    <Modal
      open
      title={t('walletAdmin.fee.dialogTitle', { coin: currency.unit })}
      onCancel={onClose}
      okText={t('wallet.save')}
      cancelText={t('wallet.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'withdraw-fee-submit' }}
      onOk={() => void submit()}
      modalRender={(node) => <div data-testid="withdraw-fee-dialog">{node}</div>}
    >
      <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          label={t('walletAdmin.fee.label', { unit: currency.unit })}
          required
          validateStatus={issue ? 'error' : undefined}
          help={issue ? <span data-testid="withdraw-fee-error">{issue}</span> : t('walletAdmin.fee.help', { current: currency.withdraw_fee, unit: currency.unit })}
        >
          <Input
            value={fee}
            onChange={(e) => {
              setFee(e.target.value);
              setIssue(undefined);
            }}
            inputMode="decimal"
            suffix={currency.unit}
            data-testid="withdraw-fee-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
