import type { Lang } from '@platter/domain';

/** The channel-verification message in each language (the events' texts are events/templates.ts). */
const VERIFY: Record<Lang, { title: string; text: string }> = {
  en: { title: 'Verify this message channel', text: 'Your verification code is {code}. Enter it on the Tunnel bind page within {minutes} minutes.' },
  zh: { title: '驗證此訊息通道', text: '您的驗證碼是 {code}，請於 {minutes} 分鐘內在通道綁定頁面輸入。' },
  ru: { title: 'Подтверждение канала сообщений', text: 'Ваш код подтверждения: {code}. Введите его на странице привязки канала в течение {minutes} мин.' },
};

export function verificationText(lang: Lang, code: string, minutes: number): { title: string; text: string } {
  const t = VERIFY[lang];
  return { title: t.title, text: t.text.replace('{code}', code).replace('{minutes}', String(minutes)) };
}
