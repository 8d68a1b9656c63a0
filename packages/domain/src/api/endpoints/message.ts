import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  bindChannelBody,
  cancelChannelBody,
  channelListSchema,
  channelSchema,
  deliveryListQuery,
  deliveryPage,
  eventListSchema,
  requestVerifyChannelBody,
  requestVerifyChannelResult,
  retryDeliveryBody,
  setEventChannelBody,
  unsetEventChannelBody,
} from '../message.ts';

/** Message channels and event settings (spec doc 2 §7 'Message channels'; issue 24). */
export const messageEndpoints = {
  eventList: endpoint({
    method: 'GET',
    path: '/api/message/EventList',
    tags: ['messages'],
    summary: 'Every event with its group (account, asset, mining, system, other), the user’s channels it is sent to, and its threshold where it has one',
    response: eventListSchema,
  }),
  channelList: endpoint({
    method: 'GET',
    path: '/api/message/ChannelList',
    tags: ['messages'],
    summary: 'The user’s message channels, masked, with whether each is verified',
    response: channelListSchema,
  }),
  bindChannel: endpoint({
    method: 'POST',
    path: '/api/message/BindChannel',
    tags: ['messages'],
    summary:
      'Binds a channel (Telegram, DingTalk or Feishu robot with its signing secret, WeCom robot, signed webhook, e-mail, SMS); unusable until verified with RequestVerifyChannel',
    request: bindChannelBody,
    response: channelSchema,
  }),
  requestVerifyChannel: endpoint({
    method: 'POST',
    path: '/api/message/RequestVerifyChannel',
    tags: ['messages'],
    summary:
      'Without code: sends a 6-digit code through the channel itself (once a minute: 1022 sooner; 220 with the service’s answer when the channel refuses it). With code: checks it (1011 wrong, 1012 expired)',
    request: requestVerifyChannelBody,
    response: requestVerifyChannelResult,
  }),
  setEventChannel: endpoint({
    method: 'POST',
    path: '/api/message/SetEventChannel',
    tags: ['messages'],
    summary: 'Sends an event to one of the user’s channels (239 unless the channel is verified); a threshold for the offline and capacity events',
    request: setEventChannelBody,
    response: z.null(),
  }),
  unsetEventChannel: endpoint({
    method: 'POST',
    path: '/api/message/UnsetEventChannel',
    tags: ['messages'],
    summary: 'Stops sending an event to a channel',
    request: unsetEventChannelBody,
    response: z.null(),
  }),
  cancelChannel: endpoint({
    method: 'POST',
    path: '/api/message/CancelChannel',
    tags: ['messages'],
    summary: 'Removes a channel, its event choices and its undelivered messages',
    request: cancelChannelBody,
    response: z.null(),
  }),
};

export const adminMessageEndpoints = {
  deliveryList: endpoint({
    method: 'GET',
    path: '/api/admin/MessageDeliveryList',
    tags: ['admin'],
    summary: 'Channel deliveries by status (default: dead letters, the ones that ran out of tries), newest first',
    request: deliveryListQuery,
    response: deliveryPage,
  }),
  retryDelivery: endpoint({
    method: 'POST',
    path: '/api/admin/RetryMessageDelivery',
    tags: ['admin'],
    summary: 'Queues a dead delivery again with fresh tries (same idempotency key); audited',
    request: retryDeliveryBody,
    response: z.null(),
  }),
};
