import { securityEndpoints, type SessionItem } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, dataOf, isSuccess, type ApiAnswer } from '../../api/index.ts';
import { formatDateTime } from '../../lib/time.ts';

const SESSIONS_KEY = ['security', 'sessions'] as const;

/** The security centre's signed-in devices: end one, or every one but this. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => dataOf(await api.send(securityEndpoints.sessions)) ?? [],
  });
  const end = async (call: Promise<ApiAnswer<unknown>>, done: string) => {
    if (isSuccess(await call)) {
      void message.success(done);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  };
  const rows = sessions.data ?? [];
  return (
    <Card
      title={t('security.sessions')}
      className="security-sessions"
      data-testid="sessions"
      extra={
        rows.length > 1 ? (
          <Button
            danger
            size="small"
            onClick={() => void end(api.send(securityEndpoints.endothers, undefined, { userTriggered: true }), t('security.othersEnded'))}
            data-testid="sessions-end-others"
          >
            {t('security.endOthers')}
          </Button>
        ) : null
      }
    >
      <p className="security-item__hint">{t('security.sessionsHint')}</p>
      <List<SessionItem>
        loading={sessions.isPending}
        dataSource={rows}
        rowKey="id"
        renderItem={(row) => (
          <List.Item
            data-testid="session-row"
            data-current={row.current ? 'true' : 'false'}
            actions={
              row.current
                ? [
                    <Tag key="current" color="green">
                      {t('security.thisDevice')}
                    </Tag>,
                  ]
                : [
                    <Button
                      key="end"
                      size="small"
                      onClick={() => void end(api.send(securityEndpoints.end, { id: row.id }, { userTriggered: true }), t('security.sessionEnded'))}
                      data-testid="session-end"
                    >
                      {t('security.endSession')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta title={row.device} description={`${row.ip} · ${t('security.lastSeen')}: ${formatDateTime(row.last_seen_at)}`} />
          </List.Item>
        )}
      />
    </Card>
  );
}
