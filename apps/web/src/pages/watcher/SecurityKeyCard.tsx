import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSuccess } from '../../api/index.ts';
import { VerificationDialog } from '../../components/VerificationDialog.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { rotateSecurityKey, securityKeyQuery, watcherKeys } from './watcherApi.ts';
import './watcher.css';

/**
 * The security centre's security key (spec doc 1 §3 'User: security key', issue 25): the API
 * key a watcher is given with a current authenticator code; shown on request, copied, and
 * replaced behind the security verification — which ends every watcher's authorisation.
 */
export function SecurityKeyCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const key = useQuery(securityKeyQuery);
  const [shown, setShown] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [grant, setGrant] = useState(false);
  const data = key.data;
  const masked = data?.key ? `${data.key.slice(0, 8)}${'•'.repeat(16)}` : '';

  return (
    <Card size="small" className="security-item watcher-key-card" data-testid="security-key-card" title={t('watcher.key_card.title')}>
      <Typography.Paragraph type="secondary">{t('watcher.key_card.hint')}</Typography.Paragraph>
      {data && !data.google_bound ? <Alert type="warning" showIcon className="pool-gap" title={t('watcher.key_card.needsGoogle')} data-testid="security-key-needs-google" /> : null}
      {data?.key ? (
        <Space direction="vertical" size={4} className="watcher-key">
          <Typography.Text
            code
            copyable={{ text: data.key, tooltips: [t('watcher.key_card.copy'), t('watcher.key_card.copied')] }}
            data-testid="security-key-value"
            data-key={shown ? data.key : ''}
          >
            {shown ? data.key : masked}
          </Typography.Text>
          <Typography.Text type="secondary" className="pool-small">
            {t('watcher.key_card.made', { time: formatDateTime(data.created_at ?? 0) })} ·{' '}
            <span data-testid="security-key-watchers">{t('watcher.key_card.watchers', { count: data.watchers })}</span>
          </Typography.Text>
          {data.allow_remove_offline ? (
            <Typography.Text type="warning" className="pool-small" data-testid="security-key-grant">
              {t('watcher.key_card.grantOn')}
            </Typography.Text>
          ) : null}
        </Space>
      ) : (
        <Typography.Text type="secondary">{key.isPending ? '' : t('watcher.key_card.none')}</Typography.Text>
      )}
      <div className="watcher-key__actions">
        {data?.key ? (
          <Button onClick={() => setShown((s) => !s)} data-testid="security-key-show">
            {shown ? t('watcher.key_card.hide') : t('watcher.key_card.show')}
          </Button>
        ) : null}
        <Button type={data?.key ? 'default' : 'primary'} onClick={() => setDialog(true)} data-testid="security-key-rotate" disabled={!data}>
          {data?.key ? t('watcher.key_card.rotate') : t('watcher.key_card.make')}
        </Button>
        <Link to="/watcher?tab=auth" data-testid="security-key-authorizations">
          <Button type="link">{t('watcher.key_card.manage')}</Button>
        </Link>
      </div>
      {dialog ? (
        <VerificationDialog
          action="watcher"
          title={t('watcher.key_card.dialogTitle')}
          notice={data?.key ? t('watcher.key_card.dialogNotice') : undefined}
          danger={Boolean(data?.key)}
          onClose={() => setDialog(false)}
          onSubmit={async (codes) => {
            const answer = await rotateSecurityKey(codes, grant);
            if (!isSuccess(answer)) return false;
            toast(t('watcher.key_card.done'));
            setShown(true);
            await queryClient.invalidateQueries({ queryKey: watcherKeys.all });
            return true;
          }}
        >
          <Checkbox checked={grant} onChange={(e) => setGrant(e.target.checked)} data-testid="security-key-grant-remove-offline">
            {t('watcher.key_card.allowRemoveOffline')}
          </Checkbox>
        </VerificationDialog>
      ) : null}
    </Card>
  );
}
