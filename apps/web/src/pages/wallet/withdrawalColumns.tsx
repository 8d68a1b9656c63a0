import type { Withdrawal } from '@platter/domain';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Amount } from '../../components/Amount.tsx';

/** The money columns every withdrawal table shows: amount, fee and actual received. */
export function moneyColumns<T extends Withdrawal>(t: TFunction): TableColumnsType<T> {
  return [
    {
      key: 'amount',
      title: t('wallet.list.amount'),
      align: 'right',
      render: (_, w) => <Amount className="wallet-amount" value={w.amount} coin={w.unit} />,
    },
    { key: 'fee', title: t('wallet.list.fee'), align: 'right', render: (_, w) => <Amount className="wallet-amount" value={w.fee} coin={w.unit} unit={false} /> },
    { key: 'received', title: t('wallet.list.received'), align: 'right', render: (_, w) => <Amount className="wallet-amount" value={w.received} coin={w.unit} unit={false} /> },
  ];
}
