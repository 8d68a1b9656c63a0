import { adminMessageEndpoints, messageEndpoints, type BindChannelBody, type Channel, type DeliveryStatus, type EventKey, type EventSetting } from '@platter/domain';
import { api, dataOf, isSuccess } from '../../api/index.ts';

/** The message-channel calls (spec doc 2 §7 'Message channels'; issue 24) and the back office's delivery list. */

export type { Channel, EventSetting };

export const channelKeys = {
  channels: ['channels', 'list'] as const,
  events: ['channels', 'events'] as const,
  deliveries: (status: string, page: number) => ['channels', 'deliveries', status, page] as const,
};

export const fetchChannels = async (): Promise<Channel[]> => dataOf(await api.send(messageEndpoints.channelList)) ?? [];
export const fetchEvents = async (): Promise<EventSetting[]> => dataOf(await api.send(messageEndpoints.eventList)) ?? [];

/** Each write answers the envelope; a business code has been shown by the client already. */
export async function bindChannel(body: BindChannelBody): Promise<Channel | undefined> {
  return dataOf(await api.send(messageEndpoints.bindChannel, body));
}
export async function requestCode(id: string): Promise<boolean> {
  return isSuccess(await api.send(messageEndpoints.requestVerifyChannel, { id }));
}
export async function verifyCode(id: string, code: string): Promise<boolean> {
  return dataOf(await api.send(messageEndpoints.requestVerifyChannel, { id, code }))?.verified === true;
}
export async function cancelChannel(id: string): Promise<boolean> {
  return isSuccess(await api.send(messageEndpoints.cancelChannel, { id }));
}
export async function setEventChannel(event: EventKey, channelId: string, on: boolean, threshold?: number): Promise<boolean> {
  if (!on) return isSuccess(await api.send(messageEndpoints.unsetEventChannel, { event, channel_id: channelId }));
  return isSuccess(await api.send(messageEndpoints.setEventChannel, { event, channel_id: channelId, ...(threshold !== undefined ? { threshold } : {}) }));
}

export const fetchDeliveries = async (status: DeliveryStatus | 'all', page: number) =>
  dataOf(await api.send(adminMessageEndpoints.deliveryList, { status, page, count: 20 })) ?? { list: [], total: 0 };
export async function retryDelivery(id: string): Promise<boolean> {
  return isSuccess(await api.send(adminMessageEndpoints.retryDelivery, { id }));
}
