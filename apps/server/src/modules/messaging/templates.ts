import type { Lang, SecurityAction } from '@platter/domain';

/**
 * The platform's e-mails and short texts in en, zh (Traditional) and ru. Every e-mail has a
 * plain-text part (links on a line of their own) and a simple HTML part.
 */
export type SecurityChange =
  | 'password_changed'
  | 'password_reset'
  | 'google_bound'
  | 'google_unbound'
  | 'phone_changed'
  | 'telegram_bound'
  | 'telegram_unbound'
  | 'security_key_replaced';

export type MailTemplate =
  | { kind: 'activation'; link: string; hours: number }
  | { kind: 'already_registered'; loginLink: string; forgotLink: string }
  | { kind: 'reset'; link: string; minutes: number }
  | { kind: 'reset_unknown'; registerLink: string }
  | { kind: 'code'; code: string; action: SecurityAction; minutes: number }
  /** `locked`: withdrawals and transfers are locked now (a first binding of a factor does not lock). */
  | { kind: 'security_notice'; change: SecurityChange; time: Date; ip: string; forgotLink: string; locked: boolean };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ACTION_NAMES: Record<SecurityAction, Record<Lang, string>> = {
  withdraw: { en: 'a withdrawal', zh: '提現', ru: 'вывода средств' },
  transfer: { en: 'an internal transfer', zh: '站內轉帳', ru: 'внутреннего перевода' },
  address: { en: 'the address book', zh: '地址管理', ru: 'адресной книги' },
  autopay: { en: 'Auto Pay', zh: '自動支付', ru: 'автовыплаты' },
  watcher: { en: 'a watcher authorisation', zh: '觀察者授權', ru: 'доступа наблюдателя' },
  message_channel: { en: 'a message channel', zh: '訊息通道', ru: 'канала уведомлений' },
  change_phone: { en: 'binding a phone', zh: '綁定手機', ru: 'привязки телефона' },
  bind_google: { en: 'binding the authenticator app', zh: '綁定身份驗證器', ru: 'привязки приложения-аутентификатора' },
  unbind_google: { en: 'unbinding the authenticator app', zh: '解除綁定身份驗證器', ru: 'отвязки приложения-аутентификатора' },
  bind_telegram: { en: 'binding Telegram', zh: '綁定 Telegram', ru: 'привязки Telegram' },
  unbind_telegram: { en: 'unbinding Telegram', zh: '解除綁定 Telegram', ru: 'отвязки Telegram' },
};

const CHANGE_NAMES: Record<SecurityChange, Record<Lang, string>> = {
  password_changed: { en: 'Your password was changed', zh: '您的密碼已修改', ru: 'Ваш пароль изменён' },
  password_reset: { en: 'Your password was reset', zh: '您的密碼已重設', ru: 'Ваш пароль сброшен' },
  google_bound: { en: 'An authenticator app was bound', zh: '已綁定身份驗證器', ru: 'Привязано приложение-аутентификатор' },
  google_unbound: { en: 'The authenticator app was unbound', zh: '已解除綁定身份驗證器', ru: 'Приложение-аутентификатор отвязано' },
  phone_changed: { en: 'Your phone number was changed', zh: '您的手機號碼已變更', ru: 'Ваш номер телефона изменён' },
  telegram_bound: { en: 'A Telegram account was bound', zh: '已綁定 Telegram 帳號', ru: 'Привязан аккаунт Telegram' },
  telegram_unbound: { en: 'Telegram was unbound', zh: '已解除綁定 Telegram', ru: 'Telegram отвязан' },
  security_key_replaced: {
    en: 'Your security key was replaced; everyone watching with the old one was removed',
    zh: '您的安全金鑰已更換，以舊金鑰觀察的使用者已全部移除',
    ru: 'Ваш ключ безопасности заменён; все наблюдатели по старому ключу удалены',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Paragraphs; a paragraph that is a URL becomes a link. */
function compose(subject: string, paragraphs: string[]): RenderedMail {
  const html = paragraphs.map((p) => (/^https?:\/\/\S+$/.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`)).join('\n');
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${html}\n</body></html>`,
  };
}

export function renderMail(template: MailTemplate, lang: Lang, site: string): RenderedMail {
  switch (template.kind) {
    case 'activation':
      return {
        en: () =>
          compose(`${site}: activate your account`, [
            `Welcome to ${site}.`,
            `Open this link within ${template.hours} hours to activate your account:`,
            template.link,
            'If you did not register, ignore this e-mail.',
          ]),
        zh: () =>
          compose(`${site}：啟用您的帳號`, [`歡迎使用 ${site}。`, `請在 ${template.hours} 小時內開啟以下連結以啟用帳號：`, template.link, '如果您沒有註冊，請忽略本郵件。']),
        ru: () =>
          compose(`${site}: активируйте аккаунт`, [
            `Добро пожаловать в ${site}.`,
            `Откройте ссылку в течение ${template.hours} часов, чтобы активировать аккаунт:`,
            template.link,
            'Если вы не регистрировались, просто проигнорируйте это письмо.',
          ]),
      }[lang]();
    case 'already_registered':
      return {
        en: () =>
          compose(`${site}: someone tried to register with your address`, [
            'Someone tried to register a new account with this e-mail address, which already has an account.',
            'If it was you, sign in instead:',
            template.loginLink,
            'Forgot your password? Reset it here:',
            template.forgotLink,
            'If it was not you, you can ignore this e-mail; your account is unchanged.',
          ]),
        zh: () =>
          compose(`${site}：有人嘗試以您的信箱註冊`, [
            '有人嘗試以此電子郵件註冊新帳號，但此信箱已有帳號。',
            '如果是您本人，請直接登入：',
            template.loginLink,
            '忘記密碼？請在此重設：',
            template.forgotLink,
            '如果不是您本人，請忽略本郵件，您的帳號沒有任何變更。',
          ]),
        ru: () =>
          compose(`${site}: попытка регистрации с вашим адресом`, [
            'Кто-то пытался зарегистрировать новый аккаунт на этот адрес, но аккаунт с ним уже существует.',
            'Если это были вы, просто войдите:',
            template.loginLink,
            'Забыли пароль? Сбросьте его здесь:',
            template.forgotLink,
            'Если это были не вы, проигнорируйте письмо: ваш аккаунт не изменён.',
          ]),
      }[lang]();
    case 'reset':
      return {
        en: () =>
          compose(`${site}: reset your password`, [
            `Open this link within ${template.minutes} minutes to choose a new password:`,
            template.link,
            'The link works once. Withdrawals and transfers are locked for 24 hours after a reset.',
            'If you did not ask for this, ignore this e-mail.',
          ]),
        zh: () =>
          compose(`${site}：重設密碼`, [
            `請在 ${template.minutes} 分鐘內開啟以下連結設定新密碼：`,
            template.link,
            '此連結僅可使用一次。重設密碼後 24 小時內無法提現和轉帳。',
            '如果您沒有提出申請，請忽略本郵件。',
          ]),
        ru: () =>
          compose(`${site}: сброс пароля`, [
            `Откройте ссылку в течение ${template.minutes} минут, чтобы задать новый пароль:`,
            template.link,
            'Ссылка одноразовая. После сброса вывод и переводы средств заблокированы на 24 часа.',
            'Если вы не запрашивали сброс, проигнорируйте письмо.',
          ]),
      }[lang]();
    case 'reset_unknown':
      return {
        en: () =>
          compose(`${site}: password reset requested`, [
            `Someone asked to reset the password of a ${site} account for this e-mail address, but there is no account with it.`,
            'To create one, register here:',
            template.registerLink,
            'If it was not you, ignore this e-mail.',
          ]),
        zh: () =>
          compose(`${site}：密碼重設申請`, [
            `有人為此電子郵件申請重設 ${site} 帳號密碼，但此信箱並沒有帳號。`,
            '如需建立帳號，請在此註冊：',
            template.registerLink,
            '如果不是您本人，請忽略本郵件。',
          ]),
        ru: () =>
          compose(`${site}: запрос на сброс пароля`, [
            `Кто-то запросил сброс пароля аккаунта ${site} для этого адреса, но аккаунта с ним нет.`,
            'Чтобы создать аккаунт, зарегистрируйтесь:',
            template.registerLink,
            'Если это были не вы, проигнорируйте письмо.',
          ]),
      }[lang]();
    case 'code': {
      const action = ACTION_NAMES[template.action][lang];
      return {
        en: () =>
          compose(`${site}: verification code ${template.code}`, [
            `Your verification code for ${action} is:`,
            template.code,
            `It is valid for ${template.minutes} minutes and works once. Never share it with anyone.`,
          ]),
        zh: () => compose(`${site}：驗證碼 ${template.code}`, [`您用於${action}的驗證碼為：`, template.code, `${template.minutes} 分鐘內有效，僅可使用一次。請勿告訴任何人。`]),
        ru: () =>
          compose(`${site}: код подтверждения ${template.code}`, [
            `Ваш код подтверждения для ${action}:`,
            template.code,
            `Код действует ${template.minutes} минут и только один раз. Никому его не сообщайте.`,
          ]),
      }[lang]();
    }
    case 'security_notice': {
      const change = CHANGE_NAMES[template.change][lang];
      const when = `${template.time.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
      return {
        en: () =>
          compose(`${site}: ${change.toLowerCase()}`, [
            `${change} on ${when} (IP ${template.ip}).`,
            ...(template.locked ? ['Withdrawals and transfers are locked for 24 hours after a security change.'] : []),
            'If this was not you, reset your password now:',
            template.forgotLink,
          ]),
        zh: () =>
          compose(`${site}：${change}`, [
            `${change}（${when}，IP ${template.ip}）。`,
            ...(template.locked ? ['安全設定變更後 24 小時內無法提現和轉帳。'] : []),
            '如果不是您本人操作，請立即重設密碼：',
            template.forgotLink,
          ]),
        ru: () =>
          compose(`${site}: ${change.toLowerCase()}`, [
            `${change}: ${when} (IP ${template.ip}).`,
            ...(template.locked ? ['После изменения настроек безопасности вывод и переводы средств заблокированы на 24 часа.'] : []),
            'Если это были не вы, немедленно сбросьте пароль:',
            template.forgotLink,
          ]),
      }[lang]();
    }
  }
}

/** The SMS and Telegram text of a verification code. */
export function renderCodeText(code: string, action: SecurityAction, minutes: number, lang: Lang, site: string): string {
  const name = ACTION_NAMES[action][lang];
  return {
    en: `[${site}] Your verification code for ${name} is ${code}, valid for ${minutes} minutes. Never share it.`,
    zh: `【${site}】您用於${name}的驗證碼為 ${code}，${minutes} 分鐘內有效。請勿告訴任何人。`,
    ru: `[${site}] Код подтверждения для ${name}: ${code}. Действует ${minutes} мин. Никому не сообщайте.`,
  }[lang];
}
