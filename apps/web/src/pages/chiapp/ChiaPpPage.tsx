import { SearchOutlined } from '@ant-design/icons';
import { formatCapacityText, type ChiappLauncher } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Grid, Input, Popconfirm, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime, middleEllipsis } from '../wallet/format.ts';
import { ok } from '../wallet/walletApi.ts';
import { bindLauncher, chiappKeys, fetchChiappInfo, logoutLauncher } from './chiappApi.ts';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import './chiapp.css';

const POOLS = ['chiapp', 'chiavip', 'chia_test'] as const;
/** A plot NFT launcher id: 32 bytes in hex, 0x optional. */
const LAUNCHER_ID = /^(0x)?[0-9a-fA-F]{64}$/;
const size = (bytes: string) => formatCapacityText(/^\d+$/.test(bytes) ? BigInt(bytes) : 0n, 1024);
const points = (text: string) => (/^\d+$/.test(text) ? BigInt(text) : 0n).toLocaleString('en-US');
const sum = (list: ChiappLauncher[], pick: (l: ChiappLauncher) => string) => list.reduce((s, l) => s + (/^\d+$/.test(pick(l)) ? BigInt(pick(l)) : 0n), 0n).toString();

function JoinedTag({ launcher }: { launcher: ChiappLauncher }) {
  const { t } = useTranslation();
  return (
    <Tag color={launcher.joined ? 'green' : 'default'} data-testid={`chiapp-joined-${launcher.launcher_id}`} data-joined={String(launcher.joined)}>
      {launcher.joined ? t('chiapp.joined') : t('chiapp.notJoined')}
    </Tag>
  );
}

function BoundTag({ launcher }: { launcher: ChiappLauncher }) {
  const { t } = useTranslation();
  const color = { mine: 'blue', other: 'orange', none: 'default' }[launcher.bound];
  return (
    <Tag color={color} data-testid={`chiapp-bound-${launcher.launcher_id}`} data-bound={launcher.bound}>
      {t(`chiapp.bound.${launcher.bound}`)}
    </Tag>
  );
}

/** One launcher's figures (the cards on phones and the lookup result). */
function LauncherFigures({ launcher }: { launcher: ChiappLauncher }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('chiapp.points'), points(launcher.points)],
    [t('chiapp.totalPoints'), points(launcher.total_points)],
    [t('chiapp.estimatedSize'), size(launcher.estimated_size)],
    [t('chiapp.difficulty'), points(launcher.difficulty)],
    [t('chiapp.unissued'), points(launcher.unissued)],
    [t('chiapp.isInPool'), launcher.is_in_pool ? t('chiapp.yes') : t('chiapp.no')],
    [t('chiapp.leaveTime'), launcher.leave_time ? formatTime(launcher.leave_time) : '—'],
    [t('chiapp.poolName'), launcher.pool_name || '—'],
  ];
  return (
    <dl className="wallet-figures">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div>
        <dt>{t('chiapp.walletNode')}</dt>
        <dd className="chiapp__mono">{middleEllipsis(launcher.wallet_node, 10)}</dd>
      </div>
    </dl>
  );
}

/**
 * Chia PP points (/center/chiapp; spec doc 1 §3 'Chia PP points', 'Chia launcher data'): the
 * user's plot NFT launchers with points, total points, estimated plot size, difficulty,
 * joined or not, the unissued points; binding a launcher with the farmer's login link or the
 * signed binding data (valid 24 hours); unbinding.
 */
export function ChiaPpPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const loginGrant = params.get('login');
  const loginLauncher = params.get('launcher_id')?.replace(/^0x/i, '') ?? '';
  const [pool, setPool] = useState<string>(params.get('pool') ?? 'chiapp');
  const [lookupId, setLookupId] = useState('');
  const [signature, setSignature] = useState('');
  const [error, setError] = useState<string | null>(null);
  const info = useQuery({ queryKey: chiappKeys.info(pool), queryFn: () => fetchChiappInfo(pool), refetchInterval: 30_000 });
  const lookup = useQuery({
    queryKey: chiappKeys.lookup(pool, lookupId),
    queryFn: () => fetchChiappInfo(pool, lookupId),
    enabled: LAUNCHER_ID.test(lookupId),
    staleTime: Infinity,
  });
  const [lookupInvalid, setLookupInvalid] = useState(false);
  const launchers = info.data?.launchers ?? [];
  // The visible Look up button: a well-formed id is fetched as typed, so the button checks the id and looks it up again.
  const lookUp = () => {
    if (!LAUNCHER_ID.test(lookupId)) setLookupInvalid(true);
    else void lookup.refetch();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: chiappKeys.all });

  const bindWithLogin = async () => {
    if (!loginGrant) return;
    if (ok(await bindLauncher({ pool, launcher_id: loginLauncher, login: loginGrant }))) {
      toast(t('feedback.launcherBound'));
      setParams({});
      await refresh();
    }
  };
  const bindWithSignature = async () => {
    const data = lookup.data?.bind_data;
    if (!data) return;
    setError(null);
    const answer = await bindLauncher({ pool, launcher_id: lookupId.replace(/^0x/i, ''), key: data.key, signature: signature.trim() });
    if (ok(answer)) {
      toast(t('feedback.launcherBound'));
      setSignature('');
      setLookupId('');
      await refresh();
    } else if ('msg' in answer) setError(`${answer.code} - ${answer.msg}`);
  };
  const unbind = async (launcherId: string) => {
    if (!ok(await logoutLauncher({ pool, launcher_id: launcherId.replace(/^0x/i, '') }))) return;
    toast(t('feedback.launcherUnbound'));
    await refresh();
  };

  const action = (l: ChiappLauncher) => (
    <Popconfirm
      title={t('chiapp.unbindConfirm')}
      okText={t('chiapp.yes')}
      cancelText={t('chiapp.no')}
      onConfirm={() => unbind(l.launcher_id)}
      okButtonProps={{ 'data-testid': 'chiapp-unbind-confirm' }}
    >
      <Button size="small" data-testid={`chiapp-unbind-${l.launcher_id}`}>
        {t('chiapp.unbind')}
      </Button>
    </Popconfirm>
  );

  const columns: TableColumnsType<ChiappLauncher> = [
    {
      key: 'id',
      title: t('chiapp.launcherId'),
      fixed: 'left',
      render: (_, l) => (
        <span className="chiapp__mono" title={l.launcher_id}>
          {middleEllipsis(l.launcher_id, 10)}
        </span>
      ),
    },
    { key: 'joined', title: t('chiapp.state'), render: (_, l) => <JoinedTag launcher={l} /> },
    { key: 'points', title: t('chiapp.points'), align: 'right', render: (_, l) => <span data-testid={`chiapp-points-${l.launcher_id}`}>{points(l.points)}</span> },
    { key: 'total', title: t('chiapp.totalPoints'), align: 'right', render: (_, l) => points(l.total_points) },
    { key: 'size', title: t('chiapp.estimatedSize'), align: 'right', render: (_, l) => size(l.estimated_size) },
    { key: 'difficulty', title: t('chiapp.difficulty'), align: 'right', render: (_, l) => <span data-testid={`chiapp-difficulty-${l.launcher_id}`}>{points(l.difficulty)}</span> },
    { key: 'unissued', title: t('chiapp.unissued'), align: 'right', render: (_, l) => points(l.unissued) },
    { key: 'leave', title: t('chiapp.leaveTime'), render: (_, l) => (l.leave_time ? formatTime(l.leave_time) : '—') },
    { key: 'poolName', title: t('chiapp.poolName'), render: (_, l) => l.pool_name || '—' },
    {
      key: 'wallet',
      title: t('chiapp.walletNode'),
      render: (_, l) => (
        <span className="chiapp__mono" title={l.wallet_node}>
          {middleEllipsis(l.wallet_node, 8)}
        </span>
      ),
    },
    // Fixed to the right edge: Unbind stays in view however wide the figures make the table.
    { key: 'actions', title: '', fixed: 'right', render: (_, l) => action(l) },
  ];

  const totals: [string, string, string][] = [
    ['points', t('chiapp.points'), points(sum(launchers, (l) => l.points))],
    ['total', t('chiapp.totalPoints'), points(sum(launchers, (l) => l.total_points))],
    ['size', t('chiapp.estimatedSize'), size(sum(launchers, (l) => l.estimated_size))],
    ['difficulty', t('chiapp.difficulty'), launchers.length ? launchers.map((l) => points(l.difficulty)).join(' / ') : '—'],
    ['unissued', t('chiapp.unissued'), points(sum(launchers, (l) => l.unissued))],
  ];
  const found = lookup.data?.lookup ?? null;
  const bindData = lookup.data?.bind_data ?? null;

  return (
    <div className="page" data-testid="chiapp-page" data-pool={pool}>
      <Space className="wallet-toolbar" wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('chiapp.title')}
        </Typography.Title>
        <Segmented
          value={pool}
          onChange={(value) => setPool(String(value))}
          data-testid="chiapp-pool"
          options={POOLS.map((p) => ({ value: p, label: <span data-testid={`chiapp-pool-${p}`}>{t(`chiapp.pool.${p}`)}</span> }))}
        />
      </Space>
      {info.data?.testnet ? <Alert type="warning" showIcon className="chiapp__card" data-testid="chiapp-testnet" title={t('chiapp.testnetNotice')} /> : null}
      {info.isError ? <Alert type="error" showIcon className="chiapp__card" title={t('chiapp.loadFailed')} /> : null}
      {loginGrant ? (
        <Alert
          className="chiapp__card"
          type="info"
          showIcon
          data-testid="chiapp-login"
          title={t('chiapp.loginTitle')}
          description={<span className="chiapp__mono">0x{loginLauncher}</span>}
          action={
            <Button type="primary" onClick={() => void bindWithLogin()} data-testid="chiapp-login-bind">
              {t('chiapp.bindThis')}
            </Button>
          }
        />
      ) : null}
      <Card size="small" className="chiapp__card" title={t('chiapp.joinTitle')}>
        <Typography.Paragraph>{t('chiapp.joinHelp')}</Typography.Paragraph>
        <Typography.Text copyable className="chiapp__mono" data-testid="chiapp-pool-url">
          {info.data?.pool_url ?? ''}
        </Typography.Text>
      </Card>
      <div className="chiapp__figures" data-testid="chiapp-totals">
        {totals.map(([key, label, value]) => (
          <div key={key} className="figure-tile">
            <span>{label}</span>
            <strong data-testid={`chiapp-total-${key}`}>{value}</strong>
          </div>
        ))}
      </div>
      {screens.md === false ? (
        <div className="wallet-cards" data-testid="chiapp-cards">
          {launchers.length === 0 ? <Typography.Text type="secondary">{t('chiapp.noLaunchers')}</Typography.Text> : null}
          {launchers.map((l) => (
            <Card
              key={l.launcher_id}
              size="small"
              data-testid={`chiapp-row-${l.launcher_id}`}
              title={<span className="chiapp__mono">{middleEllipsis(l.launcher_id, 8)}</span>}
              extra={action(l)}
            >
              <JoinedTag launcher={l} />
              <LauncherFigures launcher={l} />
            </Card>
          ))}
        </div>
      ) : (
        <Table
          rowKey="launcher_id"
          size="small"
          data-testid="chiapp-table"
          loading={info.isPending}
          columns={columns}
          dataSource={launchers}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: t('chiapp.noLaunchers') }}
          onRow={(l) => ({ 'data-testid': `chiapp-row-${l.launcher_id}` }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <Card size="small" className="chiapp__card" title={t('chiapp.bindTitle')} style={{ marginTop: 16 }}>
        <Form layout="vertical" onFinish={() => void bindWithSignature()}>
          <Form.Item
            label={t('chiapp.launcherId')}
            validateStatus={lookupInvalid ? 'error' : undefined}
            help={lookupInvalid ? <span data-testid="chiapp-lookup-invalid">{t('centreNav.lookupInvalid')}</span> : undefined}
          >
            <Space.Compact className="chiapp__lookup">
              <Input
                value={lookupId}
                onChange={(e) => {
                  setLookupId(e.target.value.trim());
                  setLookupInvalid(false);
                }}
                onPressEnter={(e) => {
                  e.preventDefault();
                  lookUp();
                }}
                placeholder="0x…"
                data-testid="chiapp-lookup-id"
              />
              <Button type="primary" icon={<SearchOutlined />} loading={lookup.isFetching} onClick={lookUp} data-testid="chiapp-lookup-button">
                {t('centreNav.lookup')}
              </Button>
            </Space.Compact>
          </Form.Item>
          {found ? (
            <div data-testid="chiapp-lookup">
              <Space wrap>
                <JoinedTag launcher={found} />
                <BoundTag launcher={found} />
              </Space>
              <LauncherFigures launcher={found} />
            </div>
          ) : lookup.data ? (
            <Alert type="info" showIcon className="chiapp__card" data-testid="chiapp-lookup-unknown" title={t('chiapp.unknownLauncher')} />
          ) : null}
          {bindData ? (
            <>
              <Form.Item label={t('chiapp.bindKey')}>
                <Typography.Text copyable className="chiapp__mono" data-testid="chiapp-bind-key">
                  {bindData.key}
                </Typography.Text>
              </Form.Item>
              <Form.Item label={t('chiapp.bindMessage')} extra={t('chiapp.bindExpires', { time: formatTime(bindData.expires_at) })}>
                <Typography.Paragraph copyable={{ text: bindData.message }} className="chiapp__message" data-testid="chiapp-bind-message">
                  {bindData.message}
                </Typography.Paragraph>
              </Form.Item>
              <Typography.Paragraph type="secondary">{t('chiapp.signHelp')}</Typography.Paragraph>
              <Form.Item label={t('chiapp.signature')}>
                <Input.TextArea value={signature} onChange={(e) => setSignature(e.target.value)} rows={3} data-testid="chiapp-signature" />
              </Form.Item>
              {error ? <Alert type="error" showIcon className="chiapp__card" data-testid="chiapp-bind-error" title={error} /> : null}
              <Button type="primary" htmlType="submit" disabled={signature.trim() === '' || !found} data-testid="chiapp-bind">
                {t('chiapp.bind')}
              </Button>
            </>
          ) : null}
        </Form>
      </Card>
    </div>
  );
}
