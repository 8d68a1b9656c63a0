import type { MinerKey } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeferredPopconfirm } from '../../components/deferredPopup.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { createApiKey, fetchApiKey, poolKeys, revokeApiKey, succeeded } from './poolApi.ts';

/**
 * The miner API key of a pool (spec doc 2 §7 /api/pool/apikey): the proxy tool sends its
 * reports with it. The server keeps only a hash, so the whole key is shown once, right after
 * it is made, and afterwards only its first characters.
 */
export function ApiKeyCard({ pool }: { pool: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: poolKeys.apiKey(pool), queryFn: () => fetchApiKey(pool) });
  // The key just made, for this pool only: switching pools or leaving the page forgets it.
  const [fresh, setFresh] = useState<MinerKey | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = fresh?.pool === pool ? fresh : null;
  const key = current.data ?? null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: poolKeys.apiKey(pool) });
    }
  };

  const make = () =>
    run(async () => {
      const answer = await createApiKey(pool);
      if ('code' in answer && answer.code === 200) setFresh(answer.data);
    });

  const revoke = () =>
    run(async () => {
      const answer = await revokeApiKey(pool);
      if (succeeded(answer)) {
        setFresh(null);
        void message.success(t('poolUser.apiKey.revoked'));
      }
    });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success({ content: <span data-testid="apikey-copied">{t('poolUser.apiKey.copied')}</span> });
    } catch {
      void message.error(t('poolUser.apiKey.copyFailed'));
    }
  };

  return (
    <Card title={t('poolUser.apiKey.title')} className="pool-card" data-testid="apikey-card" data-state={shown ? 'shown' : key ? 'active' : 'none'}>
      <Typography.Paragraph type="secondary" className="pool-small" data-testid="apikey-usage">
        <Trans i18nKey="poolUser.apiKey.usage" components={{ call: <code />, header: <code /> }} />
      </Typography.Paragraph>
      {shown?.key ? (
        <Alert
          type="warning"
          showIcon
          className="pool-gap"
          data-testid="apikey-once"
          title={t('poolUser.apiKey.onceTitle')}
          description={
            <div className="pool-key">
              <code className="pool-key__text" data-testid="apikey-value">
                {shown.key}
              </code>
              <Space wrap>
                <Button type="primary" size="small" onClick={() => void copy(shown.key ?? '')} data-testid="apikey-copy">
                  {t('poolUser.apiKey.copy')}
                </Button>
                <Button size="small" onClick={() => setFresh(null)} data-testid="apikey-saved">
                  {t('poolUser.apiKey.saved')}
                </Button>
              </Space>
              <div className="pool-small">{t('poolUser.apiKey.onceText')}</div>
            </div>
          }
        />
      ) : null}
      {key ? (
        <dl className="user-figures user-figures--two">
          <div>
            <dt>{t('poolUser.apiKey.hint')}</dt>
            <dd className="pool-mono" data-testid="apikey-hint">
              {key.hint}…
            </dd>
          </div>
          <div>
            <dt>{t('poolUser.apiKey.created')}</dt>
            <dd data-testid="apikey-created">{formatDateTime(key.created_at)}</dd>
          </div>
        </dl>
      ) : current.isSuccess ? (
        <Typography.Paragraph data-testid="apikey-none">{t('poolUser.apiKey.none')}</Typography.Paragraph>
      ) : null}
      <Space wrap>
        {key ? (
          <>
            <DeferredPopconfirm
              title={t('poolUser.apiKey.rotateConfirm')}
              okText={t('poolUser.apiKey.rotate')}
              cancelText={t('poolUser.cancel')}
              okButtonProps={{ 'data-testid': 'apikey-rotate-confirm' }}
              onConfirm={() => make()}
              trigger={(handlers) => (
                <Button {...handlers} loading={busy} data-testid="apikey-rotate">
                  {t('poolUser.apiKey.rotate')}
                </Button>
              )}
            />
            <DeferredPopconfirm
              title={t('poolUser.apiKey.revokeConfirm')}
              okText={t('poolUser.apiKey.revoke')}
              okButtonProps={{ danger: true, 'data-testid': 'apikey-revoke-confirm' }}
              cancelText={t('poolUser.cancel')}
              onConfirm={() => revoke()}
              trigger={(handlers) => (
                <Button {...handlers} danger loading={busy} data-testid="apikey-revoke">
                  {t('poolUser.apiKey.revoke')}
                </Button>
              )}
            />
          </>
        ) : (
          <Button type="primary" loading={busy} disabled={!current.isSuccess} onClick={() => void make()} data-testid="apikey-create">
            {t('poolUser.apiKey.create')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
