import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import type { Page } from '@platter/domain';
import { contentKeys, PUBLIC_PAGE_SIZE } from './contentApi.ts';

/** The public content pages' pieces: a paged list of articles and one article. */

/** Seconds since epoch as YYYY/MM/DD HH:mm:ss (spec doc 2 §3, as messages show it). */
export function formatDateTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The interface language of the page (zh, en, ru), for query keys. */
export function useLang(): string {
  return useTranslation().i18n.language;
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('content.loadFailed')}
      data-testid="content-load-failed"
      extra={
        <Button onClick={onRetry} type="primary">
          {t('content.retry')}
        </Button>
      }
    />
  );
}

interface Summary {
  id: string;
  title: string;
  summary: string;
  created_at: number;
}

/**
 * A paged list of articles as cards (they read the same on a phone): the title links to
 * `?id=`, with the date and the beginning of the text.
 */
export function ArticleList<T extends Summary>(props: {
  queryKey: readonly unknown[];
  fetchPage: (page: number) => Promise<Page<T>>;
  hrefOf: (item: T) => string;
  empty: string;
  testId: string;
}) {
  const [page, setPage] = useState(1);
  const lang = useLang();
  const query = useQuery({ queryKey: [...props.queryKey, lang, page], queryFn: () => props.fetchPage(page), placeholderData: keepPreviousData });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.total === 0) return <Empty description={props.empty} data-testid={`${props.testId}-empty`} />;
  return (
    <>
      <ul className="article-list" data-testid={props.testId}>
        {query.data.list.map((item) => (
          <li key={item.id} className="article-card" data-testid={`${props.testId}-item-${item.id}`}>
            <Link to={props.hrefOf(item)} className="article-card__title">
              {item.title}
            </Link>
            <time className="article-card__date">{formatDateTime(item.created_at)}</time>
            {item.summary ? <p className="article-card__summary">{item.summary}</p> : null}
          </li>
        ))}
      </ul>
      <Pagination
        className="article-pager"
        current={page}
        pageSize={PUBLIC_PAGE_SIZE}
        total={query.data.total}
        onChange={setPage}
        hideOnSinglePage
        showSizeChanger={false}
        size="small"
      />
    </>
  );
}

interface Full {
  title: string;
  content: string;
  lang: string;
  created_at: number;
  updated_at: number;
}

/** One article: back link, title, dates, a note when shown in English for want of a translation, the text. */
export function ArticleView<T extends Full>(props: { queryKey: readonly unknown[]; fetchItem: () => Promise<T | null>; backTo: string; backLabel: string; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery({ queryKey: [...props.queryKey, lang], queryFn: props.fetchItem });
  const back = (
    <Link to={props.backTo} className="article__back" data-testid={`${props.testId}-back`}>
      <ArrowLeftOutlined /> {props.backLabel}
    </Link>
  );
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data === null) return <Result status="404" title={t('content.notFound')} extra={back} data-testid={`${props.testId}-missing`} />;
  const item = query.data;
  return (
    <article className="article" data-testid={props.testId} data-lang={item.lang}>
      {back}
      <h1 className="article__title" data-testid={`${props.testId}-title`}>
        {item.title}
      </h1>
      <p className="article__meta">
        <time>{formatDateTime(item.created_at)}</time>
        {item.updated_at - item.created_at > 60 ? <span> · {t('content.updatedAt', { time: formatDateTime(item.updated_at) })}</span> : null}
      </p>
      {item.lang !== lang ? <Alert type="info" showIcon className="article__fallback" title={t('content.fallback')} data-testid={`${props.testId}-fallback`} /> : null}
      <SafeHtml html={item.content} testId={`${props.testId}-body`} />
    </article>
  );
}

export { contentKeys };
