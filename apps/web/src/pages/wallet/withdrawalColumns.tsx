import type { Withdrawal } from '@platter/domain';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';

/** The money columns every withdrawal table shows: amount, fee and actual received. */
export function moneyColumns<T extends Withdrawal>(t: TFunction): TableColumnsType<T> {
  return [
    {
      key: 'amount',
      title: t('wallet.list.amount'),
      align: 'right',
      render: (_, w) => (
        <span className="wallet-amount">
          {w.amount} {w.unit}
        </span>
      ),
    },
    { key: 'fee', title: t('wallet.list.fee'), align: 'right', render: (_, w) => <span className="wallet-amount">{w.fee}</span> },
    { key: 'received', title: t('wallet.list.received'), align: 'right', render: (_, w) => <span className="wallet-amount">{w.received}</span> },
  ];
}
