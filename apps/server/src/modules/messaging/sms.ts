import type { Db } from '../../db/database.ts';
import { devMailboxRepository } from './dev-mailbox.repository.ts';

/** Sends a text message to a phone number in +E.164 form. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** An HTTP SMS gateway: POST {to, text} as JSON, with the token as a Bearer credential. */
export function httpGatewaySms(url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    async send(to, text) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

/** Development: the text lands in the dev mailbox, addressed to the phone number. */
export function devMailboxSms(db: Db): SmsSender {
  const mailbox = devMailboxRepository(db);
  return {
    async send(to, text) {
      await mailbox.insert({ channel: 'sms', recipient: to, text });
    },
  };
}
