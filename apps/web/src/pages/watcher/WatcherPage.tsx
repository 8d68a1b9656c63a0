import type { Authorization, WatchedUser } from '@platter/domain';
import { WATCH_LIST_MAX } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dataOf, isSuccess } from '../../api/index.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ContributionPage } from '../pool/ContributionPage.tsx';
import { IncomePage } from '../pool/IncomePage.tsx';
import { MachinePage } from '../pool/MachinePage.tsx';
import { MiningPage } from '../pool/MiningPage.tsx';
import { PoolRows } from '../pool/PoolRows.tsx';
import { WatchedContext, type WatchedView } from '../pool/watched.ts';
import { addWatched, authListQuery, removeWatched, revokeAuthorization, watcherKeys, watchListQuery } from './watcherApi.ts';
import './watcher.css';

/** The watched user's pool pages, by `view`: the pool pages themselves, read-only inside WatchedContext. */
const VIEWS: Record<string, () => ReactNode> = {
  mining: () => <MiningPage />,
  machine: () => <MachinePage />,
  income: () => <IncomePage />,
  contribution: () => <ContributionPage />,
};

/**
 * /watcher (spec doc 2 §2, issue 25): the watch list (add with the watched user's security key
 * and authenticator code, remove, switch) and the chosen user's pool pages in a clearly marked
 * read-only mode; the second tab is My authorization (who watches me, revoke).
 */
export function WatcherPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'auth' ? 'auth' : 'list';
  const setTab = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'auth') updated.set('tab', 'auth');
      else updated.delete('tab');
      return updated;
    });
  return (
    <div className="page watcher-page" data-testid="watcher-page">
      <PageHeading title={t('watcher.title')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'list', label: <span data-testid="watcher-tab-list">{t('watcher.tabs.list')}</span>, children: <WatchList /> },
          { key: 'auth', label: <span data-testid="watcher-tab-auth">{t('watcher.tabs.auth')}</span>, children: <MyAuthorization /> },
        ]}
      />
    </div>
  );
}

function WatchList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [params, setParams] = useSearchParams();
  const list = useQuery(watchListQuery);
  const [adding, setAdding] = useState(false);
  const rows = list.data?.list ?? [];
  const max = list.data?.max ?? WATCH_LIST_MAX;
  const uid = params.get('uid') ?? undefined;
  const current = rows.find((w) => w.uid === uid);
  const view = VIEWS[params.get('view') ?? ''] ? (params.get('view') as string) : 'mining';

  const choose = (next: string) =>
    setParams((old) => {
      const updated = new URLSearchParams(old);
      updated.set('uid', next);
      updated.delete('pool');
      updated.set('view', 'mining');
      return updated;
    });

  const remove = async (user: WatchedUser) => {
    if (!isSuccess(await removeWatched(user.uid))) return;
    toast(t('watcher.removed', { name: user.name }));
    if (user.uid === uid) setParams(new URLSearchParams());
    await queryClient.invalidateQueries({ queryKey: watcherKeys.all });
  };

  const actions = (w: WatchedUser) => (
    <span className="watcher-actions">
      <Button size="small" type={w.uid === uid ? 'primary' : 'default'} onClick={() => choose(w.uid)} data-testid={`watcher-view-${w.uid}`}>
        {w.uid === uid ? t('watcher.viewing') : t('watcher.view')}
      </Button>
      <Popconfirm title={t('watcher.removeConfirm', { name: w.name })} onConfirm={() => remove(w)} okButtonProps={{ danger: true, 'data-testid': 'watcher-remove-confirm' }}>
        <Button size="small" danger type="link" data-testid={`watcher-remove-${w.uid}`}>
          {t('watcher.remove')}
        </Button>
      </Popconfirm>
    </span>
  );
  const poolsOf = (w: WatchedUser) => (w.pools.length ? w.pools.map((p) => <Tag key={p}>{p}</Tag>) : <Typography.Text type="secondary">{t('watcher.noPools')}</Typography.Text>);
  const columns: TableColumnsType<WatchedUser> = [
    { key: 'name', title: t('watcher.user'), render: (_, w) => <span className="pool-strong">{w.name}</span> },
    { key: 'uid', title: t('watcher.uid'), render: (_, w) => w.uid },
    { key: 'since', title: t('watcher.since'), render: (_, w) => <span className="pool-nowrap">{formatDateTime(w.since)}</span> },
    { key: 'pools', title: t('watcher.pools'), render: (_, w) => poolsOf(w) },
    { key: 'actions', title: '', render: (_, w) => actions(w) },
  ];
  const watched: WatchedView | undefined = current ? { uid: current.uid, name: current.name, pools: current.pools, allowRemoveOffline: current.allow_remove_offline } : undefined;

  return (
    <>
      <Typography.Paragraph type="secondary">{t('watcher.intro')}</Typography.Paragraph>
      <div className="pool-toolbar">
        <Typography.Text data-testid="watcher-count">{t('watcher.count', { count: rows.length, max })}</Typography.Text>
        <Button type="primary" onClick={() => setAdding(true)} disabled={rows.length >= max} data-testid="watcher-add-open">
          {t('watcher.add')}
        </Button>
      </div>
      {rows.length >= max ? <Alert type="info" showIcon className="pool-gap" title={t('watcher.full', { max })} /> : null}
      <PoolRows
        testId="watcher-list"
        rowTestId="watcher-row"
        listClass="pool-cards"
        className="pool-card"
        rowKey={(w) => w.uid}
        loading={list.isPending}
        columns={columns}
        rows={rows}
        empty={t('watcher.empty')}
        card={(w) => (
          <div className="watcher-card">
            <div>
              <div className="pool-strong">{w.name}</div>
              <Typography.Text type="secondary" className="pool-small">
                {t('watcher.uid')} {w.uid} · {formatDateTime(w.since)}
              </Typography.Text>
              <div>{poolsOf(w)}</div>
            </div>
            {actions(w)}
          </div>
        )}
      />
      {watched ? (
        <section className="watcher-view" data-testid="watcher-view" data-uid={watched.uid}>
          <Alert
            type="warning"
            showIcon
            className="watcher-banner"
            data-testid="watcher-readonly"
            title={t('watcher.readOnly', { name: watched.name, uid: watched.uid })}
            action={
              <Select
                value={watched.uid}
                onChange={choose}
                aria-label={t('watcher.switch')}
                popupMatchSelectWidth={false}
                data-testid="watcher-switch"
                options={rows.map((w) => ({ value: w.uid, label: <span data-testid={`watcher-switch-option-${w.uid}`}>{w.name}</span> }))}
              />
            }
          />
          <WatchedContext.Provider value={watched}>
            <div className="watcher-readonly" key={`${watched.uid}-${view}`}>
              {VIEWS[view]?.()}
            </div>
          </WatchedContext.Provider>
        </section>
      ) : rows.length > 0 ? (
        <Typography.Paragraph type="secondary" className="pool-gap" data-testid="watcher-pick">
          {t('watcher.pick')}
        </Typography.Paragraph>
      ) : null}
      {adding ? <AddDialog onClose={() => setAdding(false)} onAdded={choose} /> : null}
    </>
  );
}

/** Adding a watched user: the security key and a current authenticator code they gave. */
function AddDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (uid: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [form] = Form.useForm<{ key: string; google_code: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = form.getFieldsValue();
    setBusy(true);
    try {
      const answer = await addWatched({ key: (values.key ?? '').trim(), google_code: (values.google_code ?? '').trim() });
      const added = dataOf(answer);
      if (!added) return;
      toast(t('watcher.added', { name: added.name }));
      await queryClient.invalidateQueries({ queryKey: watcherKeys.all });
      onAdded(added.uid);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('watcher.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('watcher.add')}
      okButtonProps={{ loading: busy, 'data-testid': 'watcher-add-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('watcher.addHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="key" label={t('watcher.key')}>
          <Input placeholder={t('watcher.keyPlaceholder')} autoComplete="off" spellCheck={false} data-testid="watcher-add-key" />
        </Form.Item>
        <Form.Item name="google_code" label={t('watcher.code')}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="watcher-add-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** My authorization: who watches the signed-in user, since when, and revoking one. */
function MyAuthorization() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const auths = useQuery(authListQuery);
  const rows = auths.data?.list ?? [];
  const revoke = async (a: Authorization) => {
    if (!isSuccess(await revokeAuthorization(a.id))) return;
    toast(t('watcher.auth.revoked', { name: a.name }));
    await queryClient.invalidateQueries({ queryKey: watcherKeys.all });
  };
  const revokeButton = (a: Authorization) => (
    <Popconfirm title={t('watcher.auth.revokeConfirm', { name: a.name })} onConfirm={() => revoke(a)} okButtonProps={{ danger: true, 'data-testid': 'watcher-revoke-confirm' }}>
      <Button size="small" danger data-testid={`watcher-revoke-${a.uid}`}>
        {t('watcher.auth.revoke')}
      </Button>
    </Popconfirm>
  );
  const grant = (a: Authorization) => (a.allow_remove_offline ? t('watcher.auth.yes') : t('watcher.auth.no'));
  const columns: TableColumnsType<Authorization> = [
    { key: 'name', title: t('watcher.auth.watcher'), render: (_, a) => <span className="pool-strong">{a.name}</span> },
    { key: 'uid', title: t('watcher.uid'), render: (_, a) => a.uid },
    { key: 'since', title: t('watcher.since'), render: (_, a) => <span className="pool-nowrap">{formatDateTime(a.since)}</span> },
    { key: 'grant', title: t('watcher.auth.grant'), render: (_, a) => grant(a) },
    { key: 'actions', title: '', render: (_, a) => revokeButton(a) },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('watcher.auth.intro')}</Typography.Paragraph>
      <PoolRows
        testId="watcher-auth-list"
        rowTestId="watcher-auth-row"
        listClass="pool-cards"
        className="pool-card"
        rowKey={(a) => a.id}
        loading={auths.isPending}
        columns={columns}
        rows={rows}
        empty={t('watcher.auth.empty')}
        card={(a) => (
          <div className="watcher-card">
            <div>
              <div className="pool-strong">{a.name}</div>
              <Typography.Text type="secondary" className="pool-small">
                {t('watcher.uid')} {a.uid} · {formatDateTime(a.since)}
              </Typography.Text>
              {a.allow_remove_offline ? <div className="pool-small">{t('watcher.mayRemoveOffline')}</div> : null}
            </div>
            {revokeButton(a)}
          </div>
        )}
      />
    </>
  );
}
