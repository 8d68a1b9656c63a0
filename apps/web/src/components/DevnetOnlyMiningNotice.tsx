import { devnetOnlyMining } from '@platter/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What a pool whose mining is devnet-only offers (DePINC: its pledge side, issue 22), on the
 * pool pages: the registry says which pools (`DEVNET_ONLY_MINING`, README 'DePINC is not put on
 * the BHD adapter (issue 21)'). Nothing for the other pools.
 */
export function DevnetOnlyMiningNotice({ pool, className }: { pool: string | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!pool || !devnetOnlyMining(pool)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className={className}
      data-testid={`devnet-only-mining-${pool}`}
      title={t('devnetOnlyMining.notice')}
      action={<Link to="/center/pointing">{t('devnetOnlyMining.pointing')}</Link>}
    />
  );
}
