import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy part loads, only after a short delay so fast loads do not flash. */
export const LOADING_DELAY_MS = 300;

export function DelayedLoading({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return undefined;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="screen-state" data-testid="loading-screen" role="status">
      <Spin />
      <span>{t('common.loading')}</span>
    </div>
  );
}
