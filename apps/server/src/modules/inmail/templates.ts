import type { LocalizedText } from '@platter/domain';
import type { UserNotification } from './inmail.service.ts';

/**
 * The in-site messages other modules send, in en, zh (Traditional) and ru. Values put into
 * the HTML are escaped here; the service sanitises the result as well.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function localized(make: (lang: keyof LocalizedText) => string): LocalizedText {
  return { en: make('en'), zh: make('zh'), ru: make('ru') };
}

export function withdrawalSentMessage(w: { amount: string; unit: string; address: string; txid: string }): UserNotification {
  const amount = `${escape(w.amount)} ${escape(w.unit)}`;
  const address = `<code>${escape(w.address)}</code>`;
  const txid = `<code>${escape(w.txid)}</code>`;
  return {
    type: 'asset',
    title: { en: 'Withdrawal sent', zh: '提現已發出', ru: 'Вывод отправлен' },
    content: localized(
      (lang) =>
        ({
          en: `<p>Your withdrawal of ${amount} to ${address} has been sent.</p><p>TXID: ${txid}</p>`,
          zh: `<p>您提現至 ${address} 的 ${amount} 已發出。</p><p>交易哈希：${txid}</p>`,
          ru: `<p>Ваш вывод ${amount} на адрес ${address} отправлен.</p><p>TXID: ${txid}</p>`,
        })[lang],
    ),
  };
}

export function withdrawalRejectedMessage(w: { amount: string; unit: string; reason: string }): UserNotification {
  const amount = `${escape(w.amount)} ${escape(w.unit)}`;
  const reason = escape(w.reason);
  return {
    type: 'asset',
    title: { en: 'Withdrawal rejected', zh: '提現被拒絕', ru: 'Вывод отклонён' },
    content: localized(
      (lang) =>
        ({
          en: `<p>Your withdrawal of ${amount} was rejected and the amount returned to your balance.</p><p>Reason: ${reason}</p>`,
          zh: `<p>您的 ${amount} 提現已被拒絕，金額已退回餘額。</p><p>原因：${reason}</p>`,
          ru: `<p>Ваш вывод ${amount} отклонён, сумма возвращена на баланс.</p><p>Причина: ${reason}</p>`,
        })[lang],
    ),
  };
}
