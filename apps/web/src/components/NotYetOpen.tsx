import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * 'This feature is not yet open' (spec doc 2 §8 'Other texts'): what a route shows until
 * the issue that builds its capability lands. `feature` is a key under `feature.*`, or an
 * id with its already translated `label`.
 */
export function NotYetOpen({ feature, label, children }: { feature: string; label?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow" data-testid="not-yet-open" data-feature={feature}>
      <Result
        icon={<ClockCircleOutlined />}
        title={t('notOpen.title')}
        subTitle={t('notOpen.subtitle', { feature: label ?? t(`feature.${feature}`) })}
        extra={
          <Link to="/">
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      >
        {children}
      </Result>
    </div>
  );
}
