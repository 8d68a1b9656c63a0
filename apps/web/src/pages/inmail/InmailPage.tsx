import { ArrowLeftOutlined } from '@ant-design/icons';
import { MESSAGE_UNREAD, type Message } from '@platter/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Pagination, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/links.ts';
import { formatDateTime } from '../../lib/time.ts';
import { fetchMessage, fetchMessages, INMAIL_PAGE_SIZE, inmailKeys, setMessageRead, setMessageReadAll, type StatusFilter } from './inmailApi.ts';
import './inmail.css';

/** /inmail (the message list) and /inmail?id={messageId} (one message, marked read when opened). */
export function InmailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <MessageDetail id={id} /> : <MessageList />;
}

function TypeTag({ message }: { message: Message }) {
  const { t } = useTranslation();
  return <Tag className="inmail-type">{t(`inmail.type.${message.type}`)}</Tag>;
}

function MessageList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: inmailKeys.list(page, status), queryFn: () => fetchMessages(page, status), placeholderData: keepPreviousData });
  const unread = useQuery({ queryKey: inmailKeys.list(1, '2'), queryFn: () => fetchMessages(1, '2') });
  const unreadTotal = unread.data?.total ?? 0;

  const readAll = async () => {
    await setMessageReadAll();
    await queryClient.invalidateQueries({ queryKey: inmailKeys.all });
  };

  const messages = list.data?.list ?? [];
  return (
    <div className="page inmail-page" data-testid="inmail-page">
      <div className="inmail-page__head">
        <Typography.Title level={2} className="page__title">
          {t('inmail.title')}
        </Typography.Title>
        <Button onClick={() => void readAll()} disabled={unreadTotal === 0} data-testid="inmail-read-all">
          {t('inmail.readAll')}
        </Button>
      </div>
      <Segmented<StatusFilter>
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        data-testid="inmail-filter"
        options={[
          { value: 'all', label: <span data-testid="inmail-filter-all">{t('inmail.filter.all')}</span> },
          { value: '2', label: <span data-testid="inmail-filter-unread">{t('inmail.filter.unread', { count: unreadTotal })}</span> },
          { value: '1', label: <span data-testid="inmail-filter-read">{t('inmail.filter.read')}</span> },
        ]}
      />
      <div className="inmail-list" data-testid="inmail-list" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : messages.length === 0 ? (
          <Empty description={t('inmail.empty')} data-testid="inmail-empty" />
        ) : (
          <ul className="inmail-list__items">
            {messages.map((m) => (
              <li key={m.id}>
                <Link
                  to={ROUTES.inmailMessage(m.id)}
                  className={m.status === MESSAGE_UNREAD ? 'inmail-item inmail-item--unread' : 'inmail-item'}
                  data-testid={`inmail-item-${m.id}`}
                  data-status={m.status}
                >
                  <Badge status={m.status === MESSAGE_UNREAD ? 'processing' : 'default'} className="inmail-item__dot" />
                  <span className="inmail-item__main">
                    <span className="inmail-item__title">{m.title}</span>
                    <span className="inmail-item__meta">
                      <TypeTag message={m} />
                      <span className="inmail-item__time">{formatDateTime(m.created_at)}</span>
                      <span className="inmail-item__state">{m.status === MESSAGE_UNREAD ? t('inmail.unread') : t('inmail.read')}</span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination
        className="inmail-pagination"
        current={page}
        pageSize={INMAIL_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onChange={setPage}
        hideOnSinglePage
        showSizeChanger={false}
        size="small"
        data-testid="inmail-pagination"
      />
    </div>
  );
}

function MessageDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useQuery({ queryKey: inmailKeys.one(id), queryFn: () => fetchMessage(id) });
  const marked = useRef<string | null>(null);

  // Opening an unread message reads it (status 2 → 1): the bell and the lists refresh.
  useEffect(() => {
    const m = message.data;
    if (!m || m.status !== MESSAGE_UNREAD || marked.current === m.id) return;
    marked.current = m.id;
    void setMessageRead(m.id).then(() => queryClient.invalidateQueries({ queryKey: inmailKeys.all }));
  }, [message.data, queryClient]);

  return (
    <div className="page inmail-page" data-testid="inmail-message-page">
      <Link to={ROUTES.inmail} className="inmail-back" data-testid="inmail-back">
        <ArrowLeftOutlined /> {t('inmail.back')}
      </Link>
      {message.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !message.data ? (
        <Empty description={t('inmail.notFound')} data-testid="inmail-not-found" />
      ) : (
        <article className="inmail-message" data-testid="inmail-message" data-status={message.data.status}>
          <Typography.Title level={2} className="inmail-message__title" data-testid="inmail-message-title">
            {message.data.title}
          </Typography.Title>
          <div className="inmail-message__meta">
            <TypeTag message={message.data} />
            <time dateTime={new Date(message.data.created_at * 1000).toISOString()}>{formatDateTime(message.data.created_at)}</time>
          </div>
          {/* Sanitised by the server on save and on display (spec doc 2 §3: content is HTML). */}
          <div className="inmail-message__content" data-testid="inmail-message-content" dangerouslySetInnerHTML={{ __html: message.data.content }} />
        </article>
      )}
    </div>
  );
}
