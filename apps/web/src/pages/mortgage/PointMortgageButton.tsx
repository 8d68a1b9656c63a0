import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { requestPointMortgage } from './mortgageApi.ts';

/** On an effective pointing (/center/pointing): asks the back office to put it in mortgage (issue 22, POINT_LOCKED). */
export function PointMortgageButton({ recordId, onDone }: { recordId: string; onDone?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  const queryClient = useQueryClient();

  async function ask() {
    const answer = await requestPointMortgage(recordId);
    if ('code' in answer && answer.code === 200) {
      toast(t('mortgage.point.done'));
      await (onDone?.() ?? queryClient.invalidateQueries({ queryKey: ['pointing'] }));
    }
  }

  return (
    <Popconfirm title={t('mortgage.point.confirm')} onConfirm={ask} okText={t('mortgage.dialog.submit')} cancelText={t('mortgage.dialog.cancel')}>
      <Button size="small" data-testid={`point-record-mortgage-${recordId}`}>
        {t('mortgage.point.action')}
      </Button>
    </Popconfirm>
  );
}
