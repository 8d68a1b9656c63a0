import type { WithdrawStatus } from '@platter/domain';

/** Unix seconds as local date and time (YYYY-MM-DD HH:mm). */
export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The antd tag colour of a withdrawal status. */
export const STATUS_COLOR: Record<WithdrawStatus, string> = {
  AUDITING: 'gold',
  SENT_PENDING: 'blue',
  SEND_UNKNOWN: 'orange',
  SENT: 'green',
  FAILED: 'volcano',
  CANCELED: 'default',
  REJECTED: 'red',
};

/** A long address or TXID shortened in the middle for narrow cells (the full text in a title). */
export function middleEllipsis(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
