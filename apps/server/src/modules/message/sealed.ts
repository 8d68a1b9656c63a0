import { isLang, type Lang } from '@platter/domain';
import { secretBox } from '../security/secret-box.ts';
import type { ChannelConfig } from './channels.ts';

/** A channel's settings and secrets, sealed with the secret box (purpose 'message-channel'). */
export const channelBox = (secret: string) => {
  const box = secretBox(secret, 'message-channel');
  return { seal: (config: ChannelConfig) => box.seal(JSON.stringify(config)), open: (sealed: string) => JSON.parse(box.open(sealed)) as ChannelConfig };
};

/** The language a user's channel messages are written in: their interface language. */
export const userLang = (value: string | undefined): Lang => (value && isLang(value) ? value : 'en');
