import { CHANNEL_KINDS, EVENT_GROUPS, EVENT_THRESHOLDS, isThresholdEvent, type BindChannelBody, type ChannelKind, type DeliveryStatus, type EventKey } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { formatDateTime } from '../../lib/time.ts';
import {
  bindChannel,
  cancelChannel,
  channelKeys,
  fetchChannels,
  fetchDeliveries,
  fetchEvents,
  requestCode,
  retryDelivery,
  setEventChannel,
  verifyCode,
  type Channel,
} from './channelsApi.ts';
import './channels.css';

/**
 * The message channels' screens (issue 24): "Tunnel bind" (add, verify, remove channels) and
 * "Message management and event settings" (events × channels) in the user centre, and the back
 * office's delivery list with the retry of dead letters.
 */

type FormValues = Record<string, string | undefined>;

/** The fields each kind of channel asks for (the body of BindChannel). */
const FIELDS: Record<ChannelKind, { name: string; label: string; hint?: string; optional?: boolean; secret?: boolean }[]> = {
  telegram: [
    { name: 'chat_id', label: 'chatId', hint: 'chatIdHint' },
    { name: 'bot_token', label: 'botToken', hint: 'botTokenHint', optional: true, secret: true },
  ],
  dingtalk: [
    { name: 'webhook', label: 'webhook', hint: 'robotHint' },
    { name: 'secret', label: 'secret', hint: 'dingtalkSecretHint', secret: true },
  ],
  feishu: [
    { name: 'webhook', label: 'webhook', hint: 'robotHint' },
    { name: 'secret', label: 'secret', hint: 'feishuSecretHint', secret: true },
  ],
  wecom: [{ name: 'webhook', label: 'webhook', hint: 'robotHint' }],
  webhook: [
    { name: 'url', label: 'url' },
    { name: 'secret', label: 'webhookSecret', hint: 'webhookHint', secret: true },
  ],
  email: [{ name: 'email', label: 'email' }],
  sms: [{ name: 'phone', label: 'phone' }],
};

function ChannelItem({ channel, onChange }: { channel: Channel; onChange: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<boolean>, done: string) => {
    setBusy(true);
    try {
      if (await work()) {
        void message.success(done);
        onChange();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="channel-item" data-testid="channel-item" data-kind={channel.kind} data-verified={String(channel.verified)}>
      <div className="channel-item__head">
        <Tag>{t(`channels.kinds.${channel.kind}`)}</Tag>
        <Typography.Text strong>{channel.name || t(`channels.kinds.${channel.kind}`)}</Typography.Text>
        <Typography.Text type="secondary" className="channel-item__target">
          {channel.target}
        </Typography.Text>
        <Tag color={channel.verified ? 'green' : 'orange'}>{channel.verified ? t('channels.verified') : t('channels.unverified')}</Tag>
      </div>
      <Space wrap className="channel-item__actions">
        {channel.verified ? null : (
          <>
            <Button data-testid="channel-send-code" loading={busy} onClick={() => void run(() => requestCode(channel.id), t('channels.codeSent'))}>
              {t('channels.sendCode')}
            </Button>
            <Input
              aria-label={t('channels.code')}
              data-testid="channel-code"
              placeholder={t('channels.code')}
              value={code}
              maxLength={6}
              inputMode="numeric"
              className="channel-item__code"
              onChange={(e) => setCode(e.target.value.trim())}
            />
            <Button
              type="primary"
              data-testid="channel-verify"
              disabled={!/^\d{6}$/.test(code)}
              loading={busy}
              onClick={() => void run(() => verifyCode(channel.id, code), t('channels.verifiedNow'))}
            >
              {t('channels.verify')}
            </Button>
          </>
        )}
        <Popconfirm title={t('channels.removeConfirm')} onConfirm={() => void run(() => cancelChannel(channel.id), t('channels.removed'))}>
          <Button danger data-testid="channel-remove">
            {t('channels.remove')}
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
}

/** /center/tunnel: the user's channels, a form to bind one, the code check of each. */
export function TunnelBindPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [kind, setKind] = useState<ChannelKind>('webhook');
  const [busy, setBusy] = useState(false);
  const channels = useQuery({ queryKey: channelKeys.channels, queryFn: fetchChannels });
  const refresh = () => void client.invalidateQueries({ queryKey: ['channels'] });

  const submit = async (values: FormValues) => {
    setBusy(true);
    try {
      const fields = Object.fromEntries(FIELDS[kind].map((f) => [f.name, values[f.name] ?? '']));
      const bound = await bindChannel({ kind, name: values.name ?? '', ...fields } as BindChannelBody);
      if (bound) {
        void message.success(t('channels.bound'));
        form.resetFields();
        refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page channels-page" data-testid="tunnel-page">
      <PageHeading title={t('channels.title')}>{t('channels.hint')}</PageHeading>
      <Card title={t('channels.add')} className="channels-card">
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item label={t('channels.kind')}>
            <Select<ChannelKind>
              data-testid="channel-kind"
              value={kind}
              onChange={(value) => {
                setKind(value);
                form.resetFields();
              }}
              options={CHANNEL_KINDS.map((k) => ({ value: k, label: t(`channels.kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="name" label={t('channels.name')}>
            <Input data-testid="channel-name" maxLength={40} />
          </Form.Item>
          {FIELDS[kind].map((field) => (
            <Form.Item
              key={`${kind}-${field.name}`}
              name={field.name}
              label={t(`channels.${field.label}`)}
              extra={field.hint ? t(`channels.${field.hint}`) : undefined}
              rules={field.optional ? [] : [{ required: true, message: t('channels.required') }]}
            >
              {field.secret ? (
                <Input.Password data-testid={`channel-field-${field.name}`} autoComplete="off" />
              ) : (
                <Input data-testid={`channel-field-${field.name}`} autoComplete="off" />
              )}
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={busy} data-testid="channel-bind">
            {t('channels.bind')}
          </Button>
        </Form>
      </Card>
      <Card title={t('channels.list')} className="channels-card">
        <Spin spinning={channels.isPending}>
          {(channels.data ?? []).length === 0 && !channels.isPending ? <Empty description={t('channels.none')} /> : null}
          {(channels.data ?? []).map((channel) => (
            <ChannelItem key={channel.id} channel={channel} onChange={refresh} />
          ))}
        </Spin>
      </Card>
    </div>
  );
}

/** /center/message: every event by group, a box per verified channel, the thresholds of the mining events. */
export function MessageSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const channels = useQuery({ queryKey: channelKeys.channels, queryFn: fetchChannels });
  const events = useQuery({ queryKey: channelKeys.events, queryFn: fetchEvents });
  const [thresholds, setThresholds] = useState<Partial<Record<EventKey, number>>>({});
  const verified = (channels.data ?? []).filter((c) => c.verified);

  const toggle = async (event: EventKey, channelId: string, on: boolean, threshold?: number) => {
    if (await setEventChannel(event, channelId, on, threshold)) {
      void message.success(t('channels.saved'));
      await client.invalidateQueries({ queryKey: channelKeys.events });
    }
  };

  const body =
    verified.length === 0 ? (
      <Empty description={t('channels.noVerified')} data-testid="settings-no-channels">
        <Link to="/center/tunnel">{t('channels.toTunnel')}</Link>
      </Empty>
    ) : (
      EVENT_GROUPS.map((group) => {
        const rows = (events.data ?? []).filter((e) => e.group === group);
        if (rows.length === 0) return null;
        return (
          <Card key={group} title={t(`channels.group.${group}`)} className="channels-card" data-testid={`event-group-${group}`}>
            {rows.map((row) => {
              const threshold = thresholds[row.event] ?? row.threshold ?? undefined;
              return (
                <div key={row.event} className="event-row" data-testid={`event-row-${row.event}`}>
                  <div className="event-row__name">{t(`channels.events.${row.event}`)}</div>
                  {isThresholdEvent(row.event) ? (
                    <Space.Compact className="event-row__threshold">
                      <span className="event-row__threshold-label">{t(row.event === 'miner_offline' ? 'channels.offlineAfter' : 'channels.dropBeyond')}</span>
                      <InputNumber
                        aria-label={t(row.event === 'miner_offline' ? 'channels.offlineAfter' : 'channels.dropBeyond')}
                        data-testid={`threshold-${row.event}`}
                        min={EVENT_THRESHOLDS[row.event].min}
                        max={EVENT_THRESHOLDS[row.event].max}
                        value={threshold}
                        addonAfter={t(row.event === 'miner_offline' ? 'channels.minutes' : 'channels.percent')}
                        onChange={(value) => value !== null && setThresholds((all) => ({ ...all, [row.event]: value }))}
                        onBlur={() => {
                          const first = row.channel_ids[0];
                          if (first && threshold !== undefined && threshold !== row.threshold) void toggle(row.event, first, true, threshold);
                        }}
                      />
                    </Space.Compact>
                  ) : null}
                  <div className="event-row__channels">
                    {verified.map((channel) => (
                      <Checkbox
                        key={channel.id}
                        data-testid={`event-${row.event}-${channel.id}`}
                        checked={row.channel_ids.includes(channel.id)}
                        onChange={(e) => void toggle(row.event, channel.id, e.target.checked, isThresholdEvent(row.event) ? threshold : undefined)}
                      >
                        {channel.name || t(`channels.kinds.${channel.kind}`)}
                      </Checkbox>
                    ))}
                  </div>
                </div>
              );
            })}
          </Card>
        );
      })
    );

  return (
    <div className="page channels-page" data-testid="message-settings-page">
      <PageHeading title={t('channels.settingsTitle')}>{t('channels.settingsHint')}</PageHeading>
      <Spin spinning={channels.isPending || events.isPending}>{body}</Spin>
    </div>
  );
}

/** /admin/message_delivery: deliveries by status; a dead letter can be queued again. */
export function DeliveryListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<DeliveryStatus | 'all'>('dead');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: channelKeys.deliveries(status, page), queryFn: () => fetchDeliveries(status, page) });
  return (
    <div className="page channels-page" data-testid="admin-deliveries-page">
      <PageHeading title={t('channels.admin.title')}>{t('channels.admin.hint')}</PageHeading>
      <Select<DeliveryStatus | 'all'>
        data-testid="delivery-status"
        value={status}
        className="delivery-status"
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        options={(['dead', 'pending', 'sent', 'all'] as const).map((s) => ({ value: s, label: t(`channels.admin.status.${s}`) }))}
      />
      <Table
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        onRow={(row) => ({ 'data-testid': 'delivery-row', 'data-status': row.status }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('channels.admin.uid'), dataIndex: 'uid' },
          { title: t('channels.admin.channel'), dataIndex: 'channel', render: (v: string, row) => `${t(`channels.kinds.${row.kind}`)} · ${v}` },
          { title: t('channels.admin.event'), dataIndex: 'event', render: (v: string) => t(`channels.events.${v}`, { defaultValue: v }) },
          { title: t('channels.admin.attempts'), dataIndex: 'attempts' },
          { title: t('channels.admin.error'), dataIndex: 'last_error', ellipsis: true },
          { title: t('channels.admin.created'), dataIndex: 'created_at', render: (v: number) => formatDateTime(v) },
          {
            title: '',
            key: 'retry',
            fixed: 'right',
            render: (_v, row) =>
              row.status === 'dead' ? (
                <Button
                  size="small"
                  data-testid="delivery-retry"
                  onClick={() =>
                    void retryDelivery(row.id).then((done) => {
                      if (!done) return;
                      void message.success(t('channels.admin.retried'));
                      void client.invalidateQueries({ queryKey: ['channels', 'deliveries'] });
                    })
                  }
                >
                  {t('channels.admin.retry')}
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
