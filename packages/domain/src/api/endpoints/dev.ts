import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { devCaptchaQuery, devCaptchaSchema, devMailboxQuery, devMessageSchema } from '../dev.ts';

export const devEndpoints = {
  mailbox: endpoint({
    method: 'GET',
    path: '/api/dev/mailbox',
    tags: ['dev'],
    summary: 'Development only: messages the platform sent, newest first',
    request: devMailboxQuery,
    response: z.array(devMessageSchema),
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/api/dev/captcha',
    tags: ['dev'],
    summary: 'Development only: the answer of a session’s latest graphic code',
    request: devCaptchaQuery,
    response: devCaptchaSchema,
  }),
};
