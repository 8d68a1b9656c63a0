import type { AutoPaySkipReason, EventKey, Lang, SecurityChangeKind } from '@platter/domain';

/**
 * The texts of every event (packages/domain events.ts) in en, zh (Traditional) and ru: a title
 * and paragraphs of plain text with `{param}` placeholders. Each channel decides how a value is
 * shown (the in-site message escapes it into HTML, a chat or SMS channel uses it as it is).
 * Parameters whose values are names (`reason`, `change`) are shown through LABELS; `country`
 * (a country code) as the country's name in the language (render.ts).
 */

export interface EventTexts {
  title: string;
  body: string[];
}

export const EVENT_TEMPLATES: Record<EventKey, Record<Lang, EventTexts>> = {
  deposit_credited: {
    en: { title: 'Deposit credited', body: ['Your deposit of {amount} {unit} has been credited to your available balance.', 'TXID: {txid}'] },
    zh: { title: '儲值已到帳', body: ['您儲值的 {amount} {unit} 已計入可用餘額。', '交易雜湊：{txid}'] },
    ru: { title: 'Пополнение зачислено', body: ['Ваше пополнение на {amount} {unit} зачислено на доступный баланс.', 'TXID: {txid}'] },
  },
  withdrawal_approved: {
    en: { title: 'Withdrawal approved', body: ['Your withdrawal of {amount} {unit} to {address} has been approved and will be sent soon.'] },
    zh: { title: '提領已審核通過', body: ['您提領至 {address} 的 {amount} {unit} 已審核通過，即將發出。'] },
    ru: { title: 'Вывод одобрен', body: ['Ваш вывод {amount} {unit} на адрес {address} одобрен и скоро будет отправлен.'] },
  },
  withdrawal_rejected: {
    en: { title: 'Withdrawal rejected', body: ['Your withdrawal of {amount} {unit} was rejected and the amount returned to your balance.', 'Reason: {reason}'] },
    zh: { title: '提領被拒絕', body: ['您的 {amount} {unit} 提領已被拒絕，金額已退回餘額。', '原因：{reason}'] },
    ru: { title: 'Вывод отклонён', body: ['Ваш вывод {amount} {unit} отклонён, сумма возвращена на баланс.', 'Причина: {reason}'] },
  },
  withdrawal_sent: {
    en: { title: 'Withdrawal sent', body: ['Your withdrawal of {amount} {unit} to {address} has been sent.', 'TXID: {txid}'] },
    zh: { title: '提領已發出', body: ['您提領至 {address} 的 {amount} {unit} 已發出。', '交易雜湊：{txid}'] },
    ru: { title: 'Вывод отправлен', body: ['Ваш вывод {amount} {unit} на адрес {address} отправлен.', 'TXID: {txid}'] },
  },
  transfer_received: {
    en: { title: 'Transfer received', body: ['{from} sent you {amount} {unit}. It is in your available balance.'] },
    zh: { title: '收到轉帳', body: ['{from} 向您轉帳 {amount} {unit}，已計入可用餘額。'] },
    ru: { title: 'Получен перевод', body: ['Пользователь {from} перевёл вам {amount} {unit}. Сумма зачислена на доступный баланс.'] },
  },
  autopay_paid: {
    en: { title: 'Auto Pay sent', body: ['Auto Pay paid {amount} {unit} of your mining income to your Auto Pay addresses ({payouts} payouts).'] },
    zh: { title: '自動支付已執行', body: ['自動支付已將 {amount} {unit} 挖礦收益支付至您的自動支付地址（{payouts} 筆）。'] },
    ru: { title: 'Автоплатёж выполнен', body: ['Автоплатёж перевёл {amount} {unit} дохода от майнинга на ваши адреса автоплатежа (выплат: {payouts}).'] },
  },
  autopay_skipped: {
    en: { title: 'Auto Pay skipped', body: ["Today's Auto Pay of {unit} paid nothing: {reason}.", 'Your income stays in pending earnings.'] },
    zh: { title: '自動支付已略過', body: ['今日的 {unit} 自動支付未支付任何款項：{reason}。', '收益保留在待發放收益中。'] },
    ru: { title: 'Автоплатёж пропущен', body: ['Сегодняшний автоплатёж {unit} ничего не выплатил: {reason}.', 'Доход остаётся в ожидаемом доходе.'] },
  },
  sign_in_new_device: {
    en: {
      title: 'Sign-in from a new device',
      body: ['Your account was signed in from {device}, IP {ip} ({country}).', 'If this was not you, change your password at once and check your security settings.'],
    },
    zh: { title: '新裝置登入', body: ['您的帳號已在 {device} 登入，IP {ip}（{country}）。', '如果不是您本人操作，請立即修改密碼並檢查安全設定。'] },
    ru: {
      title: 'Вход с нового устройства',
      body: ['В ваш аккаунт вошли с устройства {device}, IP {ip} ({country}).', 'Если это были не вы, немедленно смените пароль и проверьте настройки безопасности.'],
    },
  },
  security_changed: {
    en: { title: 'Security settings changed', body: ['{change} (IP {ip}).', 'If this was not you, reset your password at once and contact support.'] },
    zh: { title: '安全設定已變更', body: ['{change}（IP {ip}）。', '如果不是您本人操作，請立即重設密碼並聯絡客服。'] },
    ru: { title: 'Настройки безопасности изменены', body: ['{change} (IP {ip}).', 'Если это были не вы, немедленно сбросьте пароль и обратитесь в поддержку.'] },
  },
  miner_offline: {
    en: { title: 'Miner offline', body: ['Your miner {miner} in the {pool} pool has sent nothing for {minutes} minutes.'] },
    zh: { title: '礦機離線', body: ['您在 {pool} 礦池的礦機 {miner} 已 {minutes} 分鐘沒有提交。'] },
    ru: { title: 'Майнер не в сети', body: ['Ваш майнер {miner} в пуле {pool} ничего не присылает уже {minutes} мин.'] },
  },
  capacity_drop: {
    en: { title: 'Capacity dropped', body: ['Your capacity in the {pool} pool fell by {percent} %: from {from} to {to}.'] },
    zh: { title: '容量下降', body: ['您在 {pool} 礦池的容量下降了 {percent}%：由 {from} 降至 {to}。'] },
    ru: { title: 'Объём упал', body: ['Ваш объём в пуле {pool} упал на {percent} %: с {from} до {to}.'] },
  },
  block_found: {
    en: { title: 'Block found', body: ['You found block {height} in the {pool} pool.'] },
    zh: { title: '挖到區塊', body: ['您在 {pool} 礦池挖到了區塊 {height}。'] },
    ru: { title: 'Найден блок', body: ['Вы нашли блок {height} в пуле {pool}.'] },
  },
  income_settled: {
    en: { title: 'Daily income settled', body: ['Your income of {day} in the {pool} pool is settled: {amount} {unit}.'] },
    zh: { title: '每日收益已結算', body: ['您 {day} 在 {pool} 礦池的收益已結算：{amount} {unit}。'] },
    ru: { title: 'Доход за день начислен', body: ['Ваш доход за {day} в пуле {pool} начислен: {amount} {unit}.'] },
  },
  // The operator wrote the announcement in each language: it is passed through as it is.
  system_notice: {
    en: { title: '{title}', body: ['{text}'] },
    zh: { title: '{title}', body: ['{text}'] },
    ru: { title: '{title}', body: ['{text}'] },
  },
};

/** How a parameter whose value is a name reads in each language. */
export const LABELS: { reason: Record<Lang, Record<AutoPaySkipReason, string>>; change: Record<Lang, Record<SecurityChangeKind, string>> } = {
  reason: {
    en: {
      no_recipients: 'no Auto Pay address is chosen',
      ratio_not_whole: 'the shares do not add up to 100 %',
      below_minimum: "a share is below its address's minimum pay",
      nothing_to_pay: 'there is no pending income',
      security_locked: 'money cannot leave the account for 24 hours after a security change',
    },
    zh: {
      no_recipients: '未選擇自動支付地址',
      ratio_not_whole: '分配比例合計不是 100%',
      below_minimum: '某份額低於其地址的最低支付額',
      nothing_to_pay: '沒有待發放收益',
      security_locked: '安全設定變更後 24 小時內資金不能轉出',
    },
    ru: {
      no_recipients: 'не выбран адрес автоплатежа',
      ratio_not_whole: 'доли в сумме не составляют 100 %',
      below_minimum: 'доля ниже минимальной выплаты своего адреса',
      nothing_to_pay: 'нет ожидаемого дохода',
      security_locked: 'после изменения настроек безопасности средства нельзя выводить 24 часа',
    },
  },
  change: {
    en: {
      password_changed: 'Your password was changed',
      password_reset: 'Your password was reset',
      google_bound: 'An authenticator app was bound',
      google_unbound: 'The authenticator app was unbound',
      phone_changed: 'Your phone number was changed',
      email_changed: 'Your e-mail address was changed',
      telegram_bound: 'A Telegram account was bound',
      telegram_unbound: 'Telegram was unbound',
      security_key_replaced: 'Your security key was replaced; everyone watching with the old one was removed',
    },
    zh: {
      password_changed: '您的密碼已修改',
      password_reset: '您的密碼已重設',
      google_bound: '已綁定身份驗證器',
      google_unbound: '已解除綁定身份驗證器',
      phone_changed: '您的手機號碼已變更',
      email_changed: '您的電子郵件地址已變更',
      telegram_bound: '已綁定 Telegram 帳號',
      telegram_unbound: '已解除綁定 Telegram',
      security_key_replaced: '您的安全金鑰已更換，以舊金鑰觀察的使用者已全部移除',
    },
    ru: {
      password_changed: 'Ваш пароль изменён',
      password_reset: 'Ваш пароль сброшен',
      google_bound: 'Привязано приложение-аутентификатор',
      google_unbound: 'Приложение-аутентификатор отвязано',
      phone_changed: 'Ваш номер телефона изменён',
      email_changed: 'Ваш адрес e-mail изменён',
      telegram_bound: 'Привязан аккаунт Telegram',
      telegram_unbound: 'Telegram отвязан',
      security_key_replaced: 'Ваш ключ безопасности заменён; все наблюдатели по старому ключу удалены',
    },
  },
};
