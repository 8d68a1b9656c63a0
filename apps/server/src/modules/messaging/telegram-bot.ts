import type { Db } from '../../db/database.ts';
import { devMailboxRepository } from './dev-mailbox.repository.ts';

/** Sends a text to a Telegram user (the chat id of a private chat is the user's id). */
export interface TelegramSender {
  send(chatId: string, text: string): Promise<void>;
}

/** The Bot API's sendMessage over HTTPS. The user must have started the bot (the widget asks). */
export function botApiSender(token: string, apiBase = 'https://api.telegram.org', fetchImpl: typeof fetch = fetch): TelegramSender {
  return {
    async send(chatId, text) {
      const response = await fetchImpl(`${apiBase}/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
      if (!response.ok || !answer?.ok) throw new Error(`Telegram sendMessage failed: ${answer?.description ?? `HTTP ${response.status}`}`);
    },
  };
}

/** Development and tests: the text lands in the dev mailbox, addressed to `telegram:<id>`. */
export function devMailboxTelegram(db: Db): TelegramSender {
  const mailbox = devMailboxRepository(db);
  return {
    async send(chatId, text) {
      await mailbox.insert({ channel: 'telegram', recipient: `telegram:${chatId}`, text });
    },
  };
}
