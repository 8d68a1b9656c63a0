import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { articleSchema, bannerSchema, contentIdQuery, documentQuery, documentSchema, downloadSchema, helpArticleSchema, helpListQuery, helpPage, noticePage } from '../content.ts';
import { pagingQuery } from '../envelope.ts';

export const publicContentEndpoints = {
  banner: endpoint({
    method: 'GET',
    path: '/api/home/banner',
    tags: ['content'],
    summary: 'The home page’s banners showing now (active, inside their window), in order',
    response: z.array(bannerSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/notice/list',
    tags: ['content'],
    summary: 'Announcements, newest first: title and a plain-text summary',
    request: pagingQuery,
    response: noticePage,
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/notice/Content',
    tags: ['content'],
    summary: 'One announcement with its sanitised HTML (212 when there is none)',
    request: contentIdQuery,
    response: articleSchema,
  }),
  helpList: endpoint({
    method: 'GET',
    path: '/api/help/list',
    tags: ['content'],
    summary: 'Help items (FAQ and tutorials, or one type) in their order',
    request: helpListQuery,
    response: helpPage,
  }),
  helpContent: endpoint({
    method: 'GET',
    path: '/api/help/Content',
    tags: ['content'],
    summary: 'One help item with its sanitised HTML (212 when there is none)',
    request: contentIdQuery,
    response: helpArticleSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/help/download',
    tags: ['content'],
    summary: 'The download centre: the app and each coin’s tools',
    response: z.array(downloadSchema),
  }),
  document: endpoint({
    method: 'GET',
    path: '/api/help/document',
    tags: ['content'],
    summary: 'The user agreement, privacy policy or support text (null until written)',
    request: documentQuery,
    response: documentSchema.nullable(),
  }),
};
