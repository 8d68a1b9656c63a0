import { sql, type Kysely } from 'kysely';

/**
 * A fresh install ships a default user agreement and privacy policy in en, zh and ru
 * (registration asks users to agree to them; issue 20). The operator edits them on
 * /admin/documents. Seeded once, here: a document the operator already wrote is left as it is
 * (ON CONFLICT DO NOTHING), and later edits are never overwritten. The texts are frozen in this
 * file on purpose: a migration does not change after it ran.
 */

type Texts = { en: string; zh: string; ru: string };

const AGREEMENT_TITLE: Texts = { en: 'User agreement', zh: '用戶協議', ru: 'Пользовательское соглашение' };

const AGREEMENT: Texts = {
  en: [
    '<p>This agreement is between you and the operator of this mining pool. By registering you accept it. The operator may change it; the changed text applies from its publication on this page.</p>',
    '<h2>1. The service</h2>',
    '<p>The pool combines the work of its members’ farms and miners, and shares what the pool earns according to the rules shown on each pool’s page (fees, settlement time, minimum payouts). Figures shown on the site are estimates until they are settled.</p>',
    '<h2>2. Your account</h2>',
    '<ul><li>Give a working e-mail address and keep your password secret. Bind a second factor (an authenticator app or a phone) to protect withdrawals.</li><li>You are responsible for everything done with your account and your API keys.</li><li>After a password change or reset, or after a second factor is replaced or removed, withdrawals and transfers are locked for 24 hours.</li></ul>',
    '<h2>3. Balances, withdrawals and transfers</h2>',
    '<ul><li>Check every withdrawal address: a transfer on a blockchain cannot be undone.</li><li>Withdrawals pay the fee shown before you confirm, and may be reviewed before they are sent.</li><li>The operator may hold a withdrawal that looks fraudulent or that the law requires it to hold, and tells you why.</li></ul>',
    '<h2>4. Acceptable use</h2>',
    '<p>Do not submit forged work, attack the pool or other members, or use the pool against the law of your country. The operator may suspend an account that does, and withhold earnings obtained that way.</p>',
    '<h2>5. Availability and liability</h2>',
    '<p>The pool is run with care but without a guarantee of uninterrupted service. Maintenance, network problems and changes of the coins’ own rules can affect earnings. To the extent the law allows, the operator is not liable for indirect losses.</p>',
    '<h2>6. Ending the agreement</h2>',
    '<p>You may stop using the pool at any time and withdraw your available balance. The operator may end the service with notice on this site, leaving time to withdraw.</p>',
    '<h2>7. Contact</h2>',
    '<p>Questions go to the contacts on the support page.</p>',
  ].join('\n'),
  zh: [
    '<p>本協議由您與本礦池的營運方訂立。註冊即表示您接受本協議。營運方可修改本協議，修改後的內容自在本頁公布時起生效。</p>',
    '<h2>一、服務內容</h2>',
    '<p>礦池匯集會員礦機與農場的算力，並依各礦池頁面所示的規則（手續費、結算時間、最低支付額）分配礦池收益。網站上顯示的數字在結算前均為估算。</p>',
    '<h2>二、您的帳號</h2>',
    '<ul><li>請提供可用的電子郵件地址並妥善保管密碼。建議綁定第二重驗證（身份驗證器或手機）以保護提現。</li><li>您須對帳號及 API 金鑰的一切操作負責。</li><li>修改或重設密碼，或更換、解除第二重驗證後，提現與轉帳將鎖定 24 小時。</li></ul>',
    '<h2>三、餘額、提現與轉帳</h2>',
    '<ul><li>請仔細核對提現地址：區塊鏈上的轉帳無法撤回。</li><li>提現須支付確認前顯示的手續費，並可能在發送前經過審核。</li><li>對疑似詐騙或依法須暫緩的提現，營運方可予以暫緩並告知原因。</li></ul>',
    '<h2>四、使用規範</h2>',
    '<p>不得提交偽造的工作量、攻擊礦池或其他會員，或違反您所在地法律使用礦池。違者營運方可停用其帳號，並扣留以此方式取得的收益。</p>',
    '<h2>五、服務可用性與責任</h2>',
    '<p>營運方盡力維護礦池，但不保證服務不中斷。維護、網路問題及幣種本身規則的變動都可能影響收益。在法律允許的範圍內，營運方不承擔間接損失。</p>',
    '<h2>六、協議終止</h2>',
    '<p>您可隨時停止使用礦池並提取可用餘額。營運方可在本網站公告後終止服務，並預留提現時間。</p>',
    '<h2>七、聯絡方式</h2>',
    '<p>如有疑問，請透過客服頁面上的聯絡方式與我們聯繫。</p>',
  ].join('\n'),
  ru: [
    '<p>Это соглашение заключается между вами и оператором этого майнинг-пула. Регистрируясь, вы принимаете его. Оператор может изменить соглашение; новая редакция действует с момента публикации на этой странице.</p>',
    '<h2>1. Услуга</h2>',
    '<p>Пул объединяет работу ферм и майнеров участников и распределяет доход пула по правилам, указанным на странице каждого пула (комиссии, время расчёта, минимальные выплаты). Цифры на сайте являются оценкой до расчёта.</p>',
    '<h2>2. Ваша учётная запись</h2>',
    '<ul><li>Укажите действующий адрес электронной почты и храните пароль в тайне. Привяжите второй фактор (приложение-аутентификатор или телефон), чтобы защитить вывод средств.</li><li>Вы отвечаете за все действия, совершённые с вашей учётной записью и вашими API-ключами.</li><li>После смены или сброса пароля, а также после замены или отвязки второго фактора вывод и переводы блокируются на 24 часа.</li></ul>',
    '<h2>3. Балансы, вывод и переводы</h2>',
    '<ul><li>Проверяйте каждый адрес вывода: перевод в блокчейне нельзя отменить.</li><li>С вывода удерживается комиссия, показанная до подтверждения; вывод может проверяться перед отправкой.</li><li>Оператор может задержать вывод, похожий на мошенничество или подлежащий задержке по закону, и сообщит причину.</li></ul>',
    '<h2>4. Допустимое использование</h2>',
    '<p>Не отправляйте поддельную работу, не атакуйте пул и других участников и не используйте пул в нарушение законов вашей страны. Оператор может заблокировать такую учётную запись и удержать полученный так доход.</p>',
    '<h2>5. Доступность и ответственность</h2>',
    '<p>Пул обслуживается добросовестно, но без гарантии бесперебойной работы. Техническое обслуживание, сбои сети и изменения правил самих монет могут влиять на доход. В пределах, допускаемых законом, оператор не отвечает за косвенные убытки.</p>',
    '<h2>6. Прекращение соглашения</h2>',
    '<p>Вы можете в любой момент прекратить пользоваться пулом и вывести доступный баланс. Оператор может прекратить работу сервиса, объявив об этом на сайте и оставив время на вывод средств.</p>',
    '<h2>7. Контакты</h2>',
    '<p>С вопросами обращайтесь по контактам на странице поддержки.</p>',
  ].join('\n'),
};

const PRIVACY_TITLE: Texts = { en: 'Privacy policy', zh: '隱私政策', ru: 'Политика конфиденциальности' };

const PRIVACY: Texts = {
  en: [
    '<p>This policy says which personal data the operator of this mining pool keeps, why, and for how long.</p>',
    '<h2>1. What we keep</h2>',
    '<ul><li>Your account: e-mail address, password (only as a one-way hash), optional account name, nickname, phone number and messenger binding, language.</li><li>Security records: sign-ins (time, IP address, device), security changes and verification codes (only as hashes).</li><li>Mining and money: your miners, plots and their work, earnings, deposits, withdrawals, transfers and withdrawal addresses.</li></ul>',
    '<h2>2. Why</h2>',
    '<p>To run your account and the pool, pay you what you earn, protect your account and the pool against abuse, and meet legal duties such as bookkeeping.</p>',
    '<h2>3. Who else sees it</h2>',
    '<p>No data is sold. Withdrawals are public on their blockchain, as every blockchain transfer is. E-mail and SMS are delivered through the providers the operator configured. Data is disclosed to authorities only where the law requires it.</p>',
    '<h2>4. How long</h2>',
    '<p>Account data is kept while the account exists; financial records as long as bookkeeping law requires; sign-in records for a limited time for security.</p>',
    '<h2>5. Cookies</h2>',
    '<p>The site uses cookies only to keep you signed in, protect forms against forged requests, and remember your language and theme.</p>',
    '<h2>6. Your rights</h2>',
    '<p>You may ask to see, correct or delete your data, within the limits of the records the law requires us to keep. Contact us through the support page.</p>',
  ].join('\n'),
  zh: [
    '<p>本政策說明本礦池營運方保存哪些個人資料、用途及保存期限。</p>',
    '<h2>一、我們保存的資料</h2>',
    '<ul><li>帳號資料：電子郵件地址、密碼（僅保存單向雜湊值）、選填的帳號名稱、暱稱、手機號碼與通訊軟體綁定、語言。</li><li>安全紀錄：登入紀錄（時間、IP 位址、裝置）、安全設定變更及驗證碼（僅保存雜湊值）。</li><li>挖礦與資金：您的礦機、P 盤及其工作量、收益、充值、提現、轉帳與提現地址。</li></ul>',
    '<h2>二、用途</h2>',
    '<p>用於營運您的帳號與礦池、支付您的收益、保護帳號及礦池免受濫用，以及履行記帳等法定義務。</p>',
    '<h2>三、資料分享</h2>',
    '<p>我們不出售任何資料。提現如同所有區塊鏈轉帳，會公開記錄在其區塊鏈上。電子郵件與簡訊經由營運方設定的服務商發送。僅在法律要求時向主管機關提供資料。</p>',
    '<h2>四、保存期限</h2>',
    '<p>帳號資料在帳號存續期間保存；財務紀錄依記帳法規要求保存；登入紀錄基於安全需要保存一段有限時間。</p>',
    '<h2>五、Cookie</h2>',
    '<p>本網站僅使用 Cookie 來維持登入狀態、保護表單免受偽造請求，以及記住您的語言與主題設定。</p>',
    '<h2>六、您的權利</h2>',
    '<p>在法律要求我們保留的紀錄範圍之外，您可要求查閱、更正或刪除您的資料。請透過客服頁面與我們聯繫。</p>',
  ].join('\n'),
  ru: [
    '<p>Эта политика описывает, какие персональные данные хранит оператор этого майнинг-пула, зачем и как долго.</p>',
    '<h2>1. Что мы храним</h2>',
    '<ul><li>Учётная запись: адрес электронной почты, пароль (только в виде необратимого хеша), необязательные имя учётной записи, никнейм, номер телефона и привязка мессенджера, язык.</li><li>Записи безопасности: входы (время, IP-адрес, устройство), изменения настроек безопасности и коды подтверждения (только в виде хешей).</li><li>Майнинг и средства: ваши майнеры, плоты и их работа, доход, пополнения, выводы, переводы и адреса вывода.</li></ul>',
    '<h2>2. Зачем</h2>',
    '<p>Чтобы обслуживать вашу учётную запись и пул, выплачивать заработанное, защищать учётную запись и пул от злоупотреблений и выполнять обязанности по закону, например бухгалтерский учёт.</p>',
    '<h2>3. Кто ещё видит данные</h2>',
    '<p>Мы не продаём данные. Выводы, как любые переводы в блокчейне, публично видны в своём блокчейне. Письма и SMS доставляются через поставщиков, выбранных оператором. Данные передаются органам власти только по требованию закона.</p>',
    '<h2>4. Как долго</h2>',
    '<p>Данные учётной записи хранятся, пока она существует; финансовые записи — столько, сколько требует закон о бухгалтерском учёте; записи входов — ограниченное время ради безопасности.</p>',
    '<h2>5. Cookie</h2>',
    '<p>Сайт использует cookie только для того, чтобы сохранять вход, защищать формы от поддельных запросов и запоминать язык и тему.</p>',
    '<h2>6. Ваши права</h2>',
    '<p>Вы можете запросить просмотр, исправление или удаление своих данных в пределах записей, которые мы обязаны хранить по закону. Свяжитесь с нами через страницу поддержки.</p>',
  ].join('\n'),
};

export const DEFAULT_DOCUMENTS = [
  { key: 'agreement', title: AGREEMENT_TITLE, content: AGREEMENT },
  { key: 'privacy', title: PRIVACY_TITLE, content: PRIVACY },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const doc of DEFAULT_DOCUMENTS) {
    await sql`
      INSERT INTO content_documents (key, title, content)
      VALUES (${doc.key}, ${JSON.stringify(doc.title)}::jsonb, ${JSON.stringify(doc.content)}::jsonb)
      ON CONFLICT (key) DO NOTHING`.execute(db);
  }
}

/** Removes the defaults only where the operator never edited them (nobody recorded as the editor). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM content_documents WHERE key IN ('agreement', 'privacy') AND updated_by IS NULL`.execute(db);
}
