import type { CurrencyEntry } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, middleEllipsis } from './format.ts';
import { devnetSend, fetchDeposits, fetchDevHelpers, fetchRechargeAddress, ok, walletKeys } from './walletApi.ts';
import { isPositiveAmount } from './withdrawQuote.ts';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { Amount } from '../../components/Amount.tsx';

/**
 * The deposit dialog: the user's deposit address (copyable) — with the message a deposit must
 * carry on a coin whose deposits share one account (Signum) — and the confirmations a deposit
 * needs, the latest deposits with their confirmations, and a form that
 * sends devnet coins to the address (outside production, where the server has that helper).
 */
export function DepositDialog({ currency, onClose }: { currency: CurrencyEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const coin = currency.type;
  const address = useQuery({ queryKey: walletKeys.recharge(coin), queryFn: () => fetchRechargeAddress(coin) });
  const deposits = useQuery({ queryKey: walletKeys.deposits(coin), queryFn: () => fetchDeposits(coin), refetchInterval: 2000 });
  const devHelpers = useQuery({ queryKey: walletKeys.devHelpers, queryFn: () => fetchDevHelpers().catch(() => false), staleTime: Infinity });
  return (
    <Modal
      open
      title={t('wallet.deposit.title', { coin: currency.unit })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      modalRender={(node) => <div data-testid="deposit-dialog">{node}</div>}
    >
      {address.isPending ? (
        <Spin />
      ) : address.data ? (
        <div data-testid="deposit-dialog-body">
          <Typography.Text type="secondary">{t('wallet.deposit.address')}</Typography.Text>
          <Typography.Paragraph
            className="wallet-address"
            copyable={{ text: address.data.address, tooltips: [t('wallet.copy'), t('wallet.copied')] }}
            data-testid="deposit-address"
          >
            {address.data.address}
          </Typography.Paragraph>
          {address.data.memo ? (
            <>
              <Typography.Text type="secondary">{t('signumWallet.memo')}</Typography.Text>
              <Typography.Paragraph className="wallet-address" copyable={{ text: address.data.memo, tooltips: [t('wallet.copy'), t('wallet.copied')] }} data-testid="deposit-memo">
                {address.data.memo}
              </Typography.Paragraph>
              <Alert className="wallet-gap" type="warning" showIcon title={t('signumWallet.memoHint')} data-testid="deposit-memo-hint" />
            </>
          ) : null}
          <Alert type="info" showIcon title={t('wallet.deposit.confirmations', { count: address.data.confirmation })} data-testid="deposit-confirmations" />
          {currency.testnet ? <Alert className="wallet-gap" type="warning" showIcon title={t('wallet.deposit.testnet')} /> : null}
          <Divider plain>{t('wallet.deposit.recent')}</Divider>
          <ExportButton scope="pool" list="recharge" filters={{ coin }} />
          <div data-testid="deposit-list">
            {(deposits.data?.list ?? []).length === 0 ? (
              <Typography.Text type="secondary">{t('wallet.noData')}</Typography.Text>
            ) : (
              (deposits.data?.list ?? []).map((d) => (
                <div key={d.id} className="wallet-deposit" data-testid={`deposit-row-${d.id}`} data-status={d.status}>
                  <Amount className="wallet-amount" value={d.amount} coin={currency.unit} signed />
                  <span title={d.txid}>{middleEllipsis(d.txid)}</span>
                  <span>{formatTime(d.created_at)}</span>
                  {d.status === 'credited' ? (
                    <Tag color="green">{t('wallet.deposit.credited')}</Tag>
                  ) : d.status === 'dropped' ? (
                    <Tag color="red">{t('wallet.deposit.dropped')}</Tag>
                  ) : (
                    <Tag color="gold">{t('wallet.deposit.pending', { confirmations: Math.min(d.confirmations, d.required), required: d.required })}</Tag>
                  )}
                </div>
              ))
            )}
          </div>
          {devHelpers.data ? <DevnetSend currency={currency} address={address.data.address} /> : null}
        </div>
      ) : (
        <Alert type="error" showIcon title={t('wallet.loadFailed')} />
      )}
    </Modal>
  );
}

/** Development networks only: coins from 'outside' into the deposit address. */
function DevnetSend({ currency, address }: { currency: CurrencyEntry; address: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [txid, setTxid] = useState('');
  const send = async () => {
    setBusy(true);
    try {
      const answer = await devnetSend(currency.type, address, amount.trim());
      if (ok(answer) && 'data' in answer) {
        setTxid(answer.data.txid);
        setAmount('');
        await queryClient.invalidateQueries({ queryKey: walletKeys.deposits(currency.type) });
      }
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wallet-devnet" data-testid="devnet-send">
      <Divider plain>{t('wallet.devnet.title')}</Divider>
      <Space.Compact block>
        <Input
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          placeholder={t('wallet.devnet.amount')}
          suffix={currency.unit}
          data-testid="devnet-amount"
        />
        <Button type="primary" loading={busy} disabled={!isPositiveAmount(amount, currency.scale)} onClick={() => void send()} data-testid="devnet-submit">
          {t('wallet.devnet.send')}
        </Button>
      </Space.Compact>
      {txid ? (
        <Typography.Text type="secondary" className="wallet-small" data-testid="devnet-sent">
          {t('wallet.devnet.sent', { txid: middleEllipsis(txid) })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
