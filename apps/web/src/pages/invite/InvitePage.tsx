import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, QRCode, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { formatDay } from '../finance/format.ts';
import { fetchInvitees, fetchInviteInfo, fetchRebates, inviteKeys, paging, type InviteeRow, type InviteRebateRow } from './inviteApi.ts';
import './invite.css';

/**
 * /center/invite (spec doc 1 §2 'Invite and rebate', §3 'Invite'; doc 2 §3 'Invitation'; issue
 * 25): the user's invite id and link with copy and QR code, how many registered through it, the
 * total rebate per coin, the rebate records (paged, exportable), the invited users, and — for a
 * user who was invited — what their own mining earned their inviter.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const toast = useSuccessToast();
  const info = useQuery({ queryKey: inviteKeys.info, queryFn: fetchInviteInfo });
  const [page, setPage] = useState(1);
  const [inviteesPage, setInviteesPage] = useState(1);
  const [minePage, setMinePage] = useState(1);
  const rebates = useQuery({ queryKey: inviteKeys.rebates('inviter', page), queryFn: () => fetchRebates({ side: 'inviter', page }) });
  const invitees = useQuery({ queryKey: inviteKeys.invitees(inviteesPage), queryFn: () => fetchInvitees(inviteesPage) });
  const invitedBy = info.data?.invited_by ?? null;
  const mine = useQuery({ queryKey: inviteKeys.rebates('invitee', minePage), queryFn: () => fetchRebates({ side: 'invitee', page: minePage }), enabled: invitedBy !== null });
  const link = info.data?.link ?? '';

  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    toast(t('invite.copied'));
  };

  const amount = (value: string, coin: string) => <span className="invite-amount">{`${value} ${coin}`}</span>;
  const rebateColumns = (who: boolean): Column<InviteRebateRow>[] => [
    { key: 'day', title: t('invite.day'), render: (r) => r.day },
    { key: 'pool', title: t('invite.pool'), render: (r) => r.pool },
    ...(who ? [{ key: 'invitee', title: t('invite.invitee'), render: (r: InviteRebateRow) => r.invitee }] : []),
    { key: 'income', title: t('invite.income'), align: 'right', render: (r) => amount(r.income, r.unit) },
    { key: 'fee', title: t('invite.fee'), align: 'right', render: (r) => amount(r.fee, r.unit) },
    { key: 'share', title: t('invite.share'), align: 'right', render: (r) => `${r.share} %` },
    { key: 'rebate', title: t('invite.rebate'), align: 'right', render: (r) => <strong data-testid="invite-rebate-amount">{amount(r.rebate, r.unit)}</strong> },
  ];
  const inviteeColumns: Column<InviteeRow>[] = [
    { key: 'invitee', title: t('invite.invitee'), render: (r) => r.invitee },
    { key: 'registered', title: t('invite.registered'), render: (r) => formatDay(r.registered_at) },
    { key: 'status', title: t('invite.status'), render: (r) => <Tag color={r.active ? 'green' : 'default'}>{t(r.active ? 'invite.active' : 'invite.pending')}</Tag> },
  ];

  return (
    <div className="page invite-page" data-testid="invite-page">
      <PageHeading title={t('invite.title')}>{t('invite.intro')}</PageHeading>
      <div className="invite-top">
        <Card className="invite-card invite-card--link">
          <div className="invite-link">
            <div className="invite-link__text">
              <Typography.Text type="secondary">{t('invite.inviteId')}</Typography.Text>
              <div className="invite-id" data-testid="invite-id">
                {info.data?.invite_id ?? '…'}
              </div>
              <Typography.Text type="secondary">{t('invite.link')}</Typography.Text>
              <Space.Compact className="invite-link__copy">
                <Typography.Text className="invite-link__url" code data-testid="invite-link">
                  {link || '…'}
                </Typography.Text>
                <Button icon={<CopyOutlined />} onClick={() => void copy()} disabled={!link} data-testid="invite-copy">
                  {t('invite.copy')}
                </Button>
              </Space.Compact>
              {invitedBy ? (
                <Typography.Text type="secondary" data-testid="invite-invited-by">
                  {t('invite.invitedBy', { id: invitedBy })}
                </Typography.Text>
              ) : null}
            </div>
            {link ? (
              <div className="invite-qr" data-testid="invite-qr" role="img" aria-label={t('invite.qr')}>
                <QRCode value={link} size={136} color="#000000" bgColor="#ffffff" bordered={false} />
              </div>
            ) : null}
          </div>
        </Card>
        <Card className="invite-card">
          <Statistic title={t('invite.invited')} value={info.data?.invited ?? 0} valueRender={(node) => <span data-testid="invite-count">{node}</span>} />
          <div className="invite-totals" data-testid="invite-totals">
            <Typography.Text type="secondary">{t('invite.totalRebate')}</Typography.Text>
            {(info.data?.rebates ?? []).length === 0 ? (
              <div className="invite-total">{t('invite.noRebateYet')}</div>
            ) : (
              (info.data?.rebates ?? []).map((r) => (
                <div key={r.coin} className="invite-total" data-testid={`invite-total-${r.coin}`}>
                  {amount(r.total, r.unit)}
                </div>
              ))
            )}
          </div>
        </Card>
      </div>

      <div className="invite-section-head">
        <Typography.Title level={3}>{t('invite.records')}</Typography.Title>
        <ExportButton scope="pool" list="inviterebates" filters={{}} />
      </div>
      <ResponsiveTable
        testId="invite-rebates"
        rowTestId="invite-rebates-row"
        rowKey={(r) => `${r.day}:${r.pool}:${r.invitee}`}
        rows={rebates.data?.list}
        loading={rebates.isPending}
        failed={rebates.isError}
        columns={rebateColumns(true)}
        emptyText={t('invite.empty')}
        pagination={paging(page, rebates.data?.total ?? 0, setPage)}
      />

      <Typography.Title level={3} className="invite-section">
        {t('invite.invitees')}
      </Typography.Title>
      <ResponsiveTable
        testId="invite-invitees"
        rowTestId="invite-invitees-row"
        rowKey={(r) => `${r.invitee}:${r.registered_at}`}
        rows={invitees.data?.list}
        loading={invitees.isPending}
        failed={invitees.isError}
        columns={inviteeColumns}
        emptyText={t('invite.empty')}
        pagination={paging(inviteesPage, invitees.data?.total ?? 0, setInviteesPage)}
      />

      {invitedBy ? (
        <>
          <Typography.Title level={3} className="invite-section">
            {t('invite.mine')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('invite.mineHint')}</Typography.Paragraph>
          <ResponsiveTable
            testId="invite-mine"
            rowTestId="invite-mine-row"
            rowKey={(r) => `${r.day}:${r.pool}`}
            rows={mine.data?.list}
            loading={mine.isPending}
            failed={mine.isError}
            columns={rebateColumns(false)}
            emptyText={t('invite.empty')}
            pagination={paging(minePage, mine.data?.total ?? 0, setMinePage)}
          />
        </>
      ) : null}
    </div>
  );
}
