import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { fetchOpenHoldings, isOk, lockInFinance, pointingKeys, type PointRecordRow } from './pointingApi.ts';

/**
 * On a standing pointing (/center/pointing): commits it to one of the owner's open finance
 * holdings of its coin — POINT_LOCKED_MARKET until that holding closes (issue 22; the README's
 * "Pointing in finance" row). The holdings are asked for when the dialog opens.
 */
export function PointFinanceLockButton({ record, onDone }: { record: PointRecordRow; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  const [open, setOpen] = useState(false);
  const [holding, setHolding] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const holdings = useQuery({ queryKey: pointingKeys.openHoldings(record.coin), queryFn: () => fetchOpenHoldings(record.coin), enabled: open });

  async function submit() {
    if (!holding) return;
    setBusy(true);
    try {
      if (isOk(await lockInFinance(record.id, holding))) {
        toast(t('pointing.finance.done'));
        setOpen(false);
        await onDone();
      }
    } finally {
      setBusy(false);
    }
  }

  const options = (holdings.data ?? []).map((h) => ({
    value: h.id,
    label: <span data-testid={`point-finance-option-${h.id}`}>{`${h.product_name} · ${h.amount} ${h.coin}`}</span>,
  }));
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`point-record-finance-${record.id}`}>
        {t('pointing.finance.action')}
      </Button>
      <Modal
        open={open}
        title={t('pointing.finance.title')}
        okText={t('pointing.finance.submit')}
        cancelText={t('pointing.close')}
        okButtonProps={{ disabled: !holding, loading: busy, 'data-testid': 'point-finance-submit' }}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('pointing.finance.intro', { amount: record.amount, coin: record.coin })}</Typography.Paragraph>
        {holdings.isSuccess && options.length === 0 ? (
          <Empty description={t('pointing.finance.none', { coin: record.coin })}>
            <Link to="/center/investment">{t('pointing.finance.browse')}</Link>
          </Empty>
        ) : (
          <Select
            style={{ width: '100%' }}
            loading={holdings.isPending}
            placeholder={t('pointing.finance.holding')}
            options={options}
            value={holding}
            onChange={setHolding}
            data-testid="point-finance-holding"
          />
        )}
      </Modal>
    </>
  );
}
