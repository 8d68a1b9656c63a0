/**
 * The numeric error catalogue of spec doc 2 §8. The spec names the groups and their meanings
 * but only a few numbers (200, 202, 212, 231, 1030, 1046, the 5xx band); the numbers inside
 * each group are assigned here, once, and never reused. `group` is the spec's group.
 *
 * Every code has an English text here and the same key in `messages.zh.ts` and
 * `messages.ru.ts`; a unit test fails when any language misses one.
 */
export const ERROR_CATALOGUE = {
  // --- success and the silent codes (surfacing table: pass silently) ---
  OK: { code: 200, group: 'success', en: 'Success' },

  // --- 201-231 and 239: general ---
  FAILED: { code: 201, group: 'general', en: 'Operation failed' },
  NOT_LOGGED_IN: { code: 202, group: 'general', en: 'Account not logged in' },
  ACCOUNT_NOT_FOUND: { code: 203, group: 'general', en: 'Account not found' },
  EMAIL_NOT_SET: { code: 204, group: 'general', en: 'E-mail is not set' },
  EMAIL_NOT_MATCH: { code: 205, group: 'general', en: 'E-mail does not match' },
  POOL_NOT_FOUND: { code: 206, group: 'general', en: 'Pool not found' },
  COIN_NOT_FOUND: { code: 207, group: 'general', en: 'Coin not found' },
  PAGE_OUT_OF_LIMIT: { code: 208, group: 'general', en: 'Page out of limit' },
  COUNT_OUT_OF_RANGE: { code: 209, group: 'general', en: 'Count out of range (1 to 200)' },
  WALLET_ADDRESS_INVALID: { code: 210, group: 'general', en: 'Wallet address is invalid' },
  WITHDRAW_AMOUNT_ERROR: { code: 211, group: 'general', en: 'Withdrawal amount error' },
  NO_DATA: { code: 212, group: 'general', en: 'No data' },
  VERIFY_FAIL: { code: 213, group: 'general', en: 'Verification failed' },
  AMOUNT_INVALID: { code: 214, group: 'general', en: 'Amount is invalid' },
  POOL_NOT_OPEN: { code: 215, group: 'general', en: 'Pool is not open' },
  INVALID_PARAMETER: { code: 216, group: 'general', en: 'Parameter error' },
  OUT_OF_LENGTH_LIMIT: { code: 217, group: 'general', en: 'Out of length limit' },
  ACCESS_FORBIDDEN: { code: 218, group: 'general', en: 'Access forbidden' },
  SYSTEM_UPDATING: { code: 219, group: 'general', en: 'System updating, please try again later' },
  NETWORK_ERROR: { code: 220, group: 'general', en: 'Network error' },
  REGISTRATION_CLOSED: { code: 221, group: 'general', en: 'Registration closed while updating' },
  REGION_NOT_SUPPORTED: { code: 222, group: 'general', en: 'Not supported from mainland China' },
  FEATURE_NOT_OPEN: { code: 223, group: 'general', en: 'This feature is not yet open' },
  USE_PC: { code: 224, group: 'general', en: 'Please use PC to continue' },
  CAPTCHA_FORMAT: { code: 225, group: 'general', en: 'Check the verification code format' },
  CAPTCHA_INVALID: { code: 226, group: 'general', en: 'Graphic code is incorrect' },
  ACTIVATION_FAILED: { code: 227, group: 'general', en: 'Account activation failed' },
  PASSWORD_RESET_FAILED: { code: 228, group: 'general', en: 'Password reset failed' },
  LINK_EXPIRED: { code: 229, group: 'general', en: 'Link expired' },
  TOO_MANY_REQUESTS: { code: 230, group: 'general', en: 'Too many requests, please try again later' },
  VERIFICATION_REQUIRED: { code: 231, group: 'general', en: 'Verification must be completed' },
  BIND_MESSAGE_CHANNEL_FIRST: { code: 239, group: 'general', en: 'Bind a message channel first' },

  // --- 1002-1050: account and security ---
  USER_EXISTS: { code: 1002, group: 'account', en: 'User already exists' },
  PHONE_EXISTS: { code: 1003, group: 'account', en: 'Phone number already exists' },
  EMAIL_EXISTS: { code: 1004, group: 'account', en: 'E-mail already exists' },
  USER_NOT_EXIST: { code: 1005, group: 'account', en: 'User does not exist' },
  INVALID_TOKEN: { code: 1006, group: 'account', en: 'Invalid token' },
  ACCOUNT_LENGTH: { code: 1007, group: 'account', en: 'Account must be 6 to 16 characters' },
  PASSWORD_WRONG: { code: 1008, group: 'account', en: 'Password is wrong' },
  PASSWORD_SAME_AS_OLD: { code: 1009, group: 'account', en: 'New password must differ from the old one' },
  APP_NAME_LENGTH: { code: 1010, group: 'account', en: 'App name must be 4 to 32 characters' },
  VERIFICATION_CODE_ERROR: { code: 1011, group: 'account', en: 'Verification code is incorrect' },
  VERIFICATION_CODE_EXPIRED: { code: 1012, group: 'account', en: 'Verification code has expired' },
  EMAIL_CODE_ERROR: { code: 1013, group: 'account', en: 'E-mail code is incorrect' },
  SMS_CODE_ERROR: { code: 1014, group: 'account', en: 'SMS code is incorrect' },
  GOOGLE_FAILED: { code: 1015, group: 'account', en: 'Authenticator code verification failed' },
  GOOGLE_BOUND: { code: 1016, group: 'account', en: 'Authenticator app is already bound' },
  GOOGLE_NOT_BOUND: { code: 1017, group: 'account', en: 'Authenticator app is not bound' },
  WECHAT_BOUND: { code: 1018, group: 'account', en: 'WeChat is already bound' },
  WECHAT_NOT_BOUND: { code: 1019, group: 'account', en: 'WeChat is not bound' },
  TIMESTAMP_ERROR: { code: 1020, group: 'account', en: 'Timestamp error' },
  LINK_INVALID: { code: 1021, group: 'account', en: 'Link is invalid' },
  FREQUENCY_TOO_FAST: { code: 1022, group: 'account', en: 'Frequency too fast, please try again later' },
  REQUEST_LIMIT_BIND_2FA: {
    code: 1023,
    group: 'account',
    en: 'Request limit reached; bind WeChat or the authenticator app to continue',
  },
  SECURITY_INVALID: { code: 1024, group: 'account', en: 'Security verification is invalid' },
  SMS_INVALID: { code: 1025, group: 'account', en: 'SMS verification is invalid' },
  PHONE_BOUND: { code: 1026, group: 'account', en: 'Phone number is already bound' },
  WRONG_FORMAT: { code: 1027, group: 'account', en: 'Wrong format' },
  PASSWORD_FORMAT: {
    code: 1028,
    group: 'account',
    en: 'Password must be 6 to 17 characters and not only digits',
  },
  PASSWORDS_DIFFER: { code: 1029, group: 'account', en: 'Incorrect password entered twice' },
  SECOND_FACTOR_REQUIRED: { code: 1030, group: 'account', en: 'Enter your second-factor code' },
  ACCOUNT_NOT_ACTIVATED: { code: 1031, group: 'account', en: 'Account is not activated; check your e-mail' },
  ACCOUNT_BANNED: { code: 1032, group: 'account', en: 'Account is banned' },
  AGREEMENT_REQUIRED: {
    code: 1033,
    group: 'account',
    en: 'Please agree to the miners agreement and the privacy policy',
  },
  NATIONALITY_REQUIRED: { code: 1034, group: 'account', en: 'Please select a nationality' },
  PHONE_REQUIRED: { code: 1035, group: 'account', en: 'Phone number is required' },
  EMAIL_FORMAT: { code: 1036, group: 'account', en: 'E-mail format is incorrect' },
  NICKNAME_REQUIRED: { code: 1037, group: 'account', en: 'A new nickname is required' },
  WITHDRAW_LOCKED: {
    code: 1038,
    group: 'account',
    en: 'Withdrawals and transfers are locked for 24 hours after a security change',
  },
  TELEGRAM_BOUND: { code: 1039, group: 'account', en: 'Telegram is already bound' },
  TELEGRAM_NOT_BOUND: { code: 1040, group: 'account', en: 'Telegram is not bound' },
  LOGIN_FAILED: { code: 1041, group: 'account', en: 'Account or password is incorrect' },
  ACCOUNT_VERIFICATION_FAILED: {
    code: 1042,
    group: 'account',
    en: 'Account verification failed; confirm the information and add again',
  },
  PHONE_FORMAT: { code: 1043, group: 'account', en: 'Phone number format is incorrect' },
  CODE_FORMAT: { code: 1044, group: 'account', en: 'Code must be 6 digits' },
  SESSION_EXPIRED: { code: 1045, group: 'account', en: 'Session expired, please refresh' },
  PHONE_NOT_BOUND: { code: 1046, group: 'account', en: 'Please bind a phone number first' },
  SOCIAL_LOGIN_DISABLED: { code: 1047, group: 'account', en: 'This sign-in method is not enabled' },
  SOCIAL_LOGIN_FAILED: { code: 1048, group: 'account', en: 'Social sign-in verification failed' },
  EMAIL_NOT_VERIFIED: { code: 1049, group: 'account', en: 'E-mail is not verified' },
  TOO_MANY_FAILED_LOGINS: {
    code: 1050,
    group: 'account',
    en: 'Too many failed sign-ins; try again in an hour',
  },
  // 1051: the platform's own addition (issue 20), past the spec's last account code.
  STAFF_SECOND_FACTOR_REQUIRED: {
    code: 1051,
    group: 'account',
    en: 'Back-office accounts must bind an authenticator app before using the back office',
  },

  // --- 2002-2007: request integrity (the spec leaves their meaning open) ---
  CSRF_INVALID: { code: 2002, group: 'request', en: 'Request token is invalid; refresh the page' },
  IDEMPOTENCY_KEY_REUSED: {
    code: 2003,
    group: 'request',
    en: 'This request key was already used for a different request',
  },
  IDEMPOTENCY_IN_PROGRESS: { code: 2004, group: 'request', en: 'The same request is still being processed' },
  EXPORT_TOO_FREQUENT: { code: 2005, group: 'request', en: 'Export is allowed once every ten minutes' },
  EXPORT_NOT_READY: { code: 2006, group: 'request', en: 'The export is not ready yet' },
  EXPORT_USE_POST: { code: 2007, group: 'request', en: 'Applying for an export is a POST request; refresh the page and try again' },
  WRITE_USE_POST: { code: 2008, group: 'request', en: 'This call changes data and takes POST, not GET (the path is in data.path)' },

  // --- 10001-10007: user and task ---
  USER_DISABLED: { code: 10001, group: 'user-task', en: 'User is disabled' },
  USER_NOT_ACTIVE: { code: 10002, group: 'user-task', en: 'User is not active' },
  TASK_NOT_FOUND: { code: 10003, group: 'user-task', en: 'Task not found' },
  TASK_RUNNING: { code: 10004, group: 'user-task', en: 'Task is already running' },
  TASK_FAILED: { code: 10005, group: 'user-task', en: 'Task failed' },
  TASK_EXPIRED: { code: 10006, group: 'user-task', en: 'Task expired' },
  TASK_LIMIT: { code: 10007, group: 'user-task', en: 'Task limit reached' },

  // --- 10101-10105: balance ---
  BALANCE_INSUFFICIENT: { code: 10101, group: 'balance', en: 'Insufficient balance' },
  BALANCE_FROZEN: { code: 10102, group: 'balance', en: 'Balance is used as collateral; no other operation is allowed' },
  BALANCE_NOT_FOUND: { code: 10103, group: 'balance', en: 'Balance not found' },
  TRANSFER_BELOW_MIN: { code: 10104, group: 'balance', en: 'Amount is below the minimum transfer' },
  TRANSFER_TO_SELF: { code: 10105, group: 'balance', en: 'Cannot transfer to yourself' },

  // --- 10201-10208: withdraw (10215: the platform's own) ---
  WITHDRAW_CANNOT_CANCEL: { code: 10201, group: 'withdraw', en: 'Cannot cancel once in progress' },
  TOO_MANY_ADDRESSES: { code: 10202, group: 'withdraw', en: 'Too many addresses' },
  ADDRESS_EXISTS: { code: 10203, group: 'withdraw', en: 'Address already exists' },
  WITHDRAW_BELOW_MIN: { code: 10204, group: 'withdraw', en: 'Amount is below the minimum single withdrawal' },
  WITHDRAW_ADDRESS_NOT_FOUND: { code: 10205, group: 'withdraw', en: 'Please select a withdrawal address' },
  TESTNET_TO_MAINNET: {
    code: 10206,
    group: 'withdraw',
    en: 'A test-net coin cannot be withdrawn to the main network',
  },
  ADDRESS_HAS_PENDING_INCOME: {
    code: 10207,
    group: 'withdraw',
    en: 'This address receives Auto Pay and income is waiting to be paid to it; it can be deleted once that income is paid out or Auto Pay is turned off',
  },
  AUTO_PAY_INVALID: {
    code: 10208,
    group: 'withdraw',
    en: 'Distribution ratios must total 100% and each share must reach its minimum pay',
  },
  /** Custody (issue 15): the platform's own wallet would see its own coins as change, crediting no one. */
  WITHDRAW_TO_DEPOSIT_ADDRESS: {
    code: 10215,
    group: 'withdraw',
    en: 'This is a deposit address on this platform: use an internal transfer to its owner instead',
  },

  // --- 10301-10308: pointing ---
  POINT_NOT_FOUND: { code: 10301, group: 'pointing', en: 'Pointing record not found' },
  POINT_SOURCE_INVALID: { code: 10302, group: 'pointing', en: 'Source address is invalid' },
  POINT_VERIFY_EXPIRED: { code: 10303, group: 'pointing', en: 'Pointing verification expired (20 blocks)' },
  POINT_NOT_CONFIRMED: { code: 10304, group: 'pointing', en: 'Pointing is awaiting confirmation' },
  POINT_AMOUNT_TOO_SMALL: { code: 10305, group: 'pointing', en: 'Point amount is too small' },
  POINT_LOCKED: { code: 10306, group: 'pointing', en: 'Pointing is locked' },
  POINT_CANCEL_NOT_ALLOWED: { code: 10307, group: 'pointing', en: 'Pointing cannot be cancelled now' },
  POINT_TERM_INVALID: { code: 10308, group: 'pointing', en: 'Pledge term is invalid' },

  // --- 10401-10402: deposit ---
  DEPOSIT_ADDRESS_UNAVAILABLE: { code: 10401, group: 'deposit', en: 'Deposit address is not available' },
  DEPOSIT_CLOSED: { code: 10402, group: 'deposit', en: 'Deposits are closed for this coin' },

  // --- 10501-10507: finance products (issue 23; the platform's own group: the spec lists none) ---
  FINANCE_PRODUCT_NOT_FOUND: { code: 10501, group: 'finance', en: 'Finance product not found' },
  FINANCE_NOT_ON_SHELF: { code: 10502, group: 'finance', en: 'This product is not on the shelf' },
  FINANCE_CLOSED: { code: 10503, group: 'finance', en: 'This product takes no more subscriptions' },
  FINANCE_BELOW_MIN: { code: 10504, group: 'finance', en: 'Amount is below the minimum single purchase' },
  FINANCE_QUOTA_EXCEEDED: { code: 10505, group: 'finance', en: 'Amount exceeds what is left of the total quota' },
  FINANCE_CANNOT_REDEEM: { code: 10506, group: 'finance', en: 'This holding cannot be redeemed or revoked now' },
  FINANCE_STATE: { code: 10507, group: 'finance', en: 'The product cannot do this in its current state' },

  // --- 11001-11004: user ---
  NICKNAME_EXISTS: { code: 11001, group: 'user', en: 'Nickname already taken' },
  NICKNAME_INVALID: { code: 11002, group: 'user', en: 'Nickname is invalid' },
  WATCHER_LIMIT: { code: 11003, group: 'user', en: 'At most 30 watchers' },
  WATCHER_SELF: { code: 11004, group: 'user', en: 'You cannot watch yourself' },
  // The watcher's add (issue 25): a wrong security key or authenticator code, told apart from nothing (spec doc 1 §8's text).
  WATCH_VERIFY_FAILED: { code: 11010, group: 'user', en: 'Account verification failed; confirm the information and add again' },

  // --- 11101-11108: bind ---
  BIND_LIMIT_REACHED: { code: 11101, group: 'bind', en: 'Bind limit reached' },
  BIND_CONSENSUS_LIMIT: { code: 11102, group: 'bind', en: 'Consensus limit reached' },
  BIND_EXISTS: { code: 11103, group: 'bind', en: 'Already bound' },
  BIND_NOT_FOUND: { code: 11104, group: 'bind', en: 'Binding not found' },
  BIND_SIGNATURE_INVALID: { code: 11105, group: 'bind', en: 'Signature data is invalid' },
  BIND_DATA_EXPIRED: {
    code: 11106,
    group: 'bind',
    en: 'Signature data expired after 24 hours; obtain it again',
  },
  BIND_AUDITING: { code: 11107, group: 'bind', en: 'Binding is under review' },
  UNBIND_NOT_ALLOWED: { code: 11108, group: 'bind', en: 'Unbinding is not allowed now' },

  // --- 11202-11203: miner ---
  MINER_ONLINE: { code: 11202, group: 'miner', en: 'An online miner cannot be removed' },
  MINER_NOT_FOUND: { code: 11203, group: 'miner', en: 'Miner not found' },

  // --- 11301-11309: mortgage ---
  MORTGAGE_AMOUNT_TOO_SMALL: { code: 11301, group: 'mortgage', en: 'Mortgage amount is too small' },
  MORTGAGE_BALANCE_INSUFFICIENT: { code: 11302, group: 'mortgage', en: 'Insufficient balance for mortgage' },
  MORTGAGE_NOT_EFFECTIVE: { code: 11303, group: 'mortgage', en: 'Mortgage takes effect after T+1' },
  MORTGAGE_LOCKED: { code: 11304, group: 'mortgage', en: 'Mortgage can be transferred back after 7 days' },
  MORTGAGE_NOT_SUPPORTED: { code: 11305, group: 'mortgage', en: 'Mortgage is not supported for this coin' },
  MORTGAGE_NOT_INTEGER: { code: 11306, group: 'mortgage', en: 'Cooperation amount must be an integer' },
  MORTGAGE_BELOW_MIN: { code: 11307, group: 'mortgage', en: 'Amount is below the minimum pledge' },
  MORTGAGE_NOT_FOUND: { code: 11308, group: 'mortgage', en: 'Mortgage record not found' },
  MORTGAGE_POOL_NOT_OPEN: { code: 11309, group: 'mortgage', en: 'Open a cooperation pool first' },

  // --- 11400-11403: business id ---
  BUSINESS_ID_MISSING: { code: 11400, group: 'business-id', en: 'Business id is missing' },
  BUSINESS_ID_INVALID: { code: 11401, group: 'business-id', en: 'Business id is invalid' },
  BUSINESS_ID_DUPLICATE: { code: 11402, group: 'business-id', en: 'Business id already used' },
  BUSINESS_ID_EXPIRED: { code: 11403, group: 'business-id', en: 'Business id expired' },

  // --- 500-599: server faults (surfaced as the maintenance message) ---
  INTERNAL_ERROR: { code: 500, group: 'server', en: 'Internal Error' },
  SERVICE_UNAVAILABLE: { code: 503, group: 'server', en: 'System maintenance, please try again later' },
} as const satisfies Record<string, { code: number; group: string; en: string }>;

export type ErrorName = keyof typeof ERROR_CATALOGUE;
export type ErrorCode = (typeof ERROR_CATALOGUE)[ErrorName]['code'];

/** Codes by name: `ERR.NOT_LOGGED_IN === 202`. */
export const ERR = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([name, entry]) => [name, entry.code])) as {
  readonly [K in ErrorName]: (typeof ERROR_CATALOGUE)[K]['code'];
};

const NAME_BY_CODE = new Map<number, ErrorName>((Object.keys(ERROR_CATALOGUE) as ErrorName[]).map((name) => [ERROR_CATALOGUE[name].code, name]));

export function errorNameOf(code: number): ErrorName | undefined {
  return NAME_BY_CODE.get(code);
}

/** True for a catalogue name: schemas use one as their message to answer with that code. */
export function isErrorName(value: unknown): value is ErrorName {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function isKnownCode(code: number): boolean {
  return NAME_BY_CODE.has(code);
}

/**
 * Error codes of the pool's mining client (spec doc 1 §8, doc 2 §8 'Mining-client sign
 * errors'): answered to miners and proxy tools, not to the web app.
 */
export const MINING_CLIENT_ERRORS = {
  INVALID_SIGNATURE: { code: 7, en: 'INVALID SIGNATURE' },
  INTERNAL: { code: 8, en: 'Internal Error' },
  NOT_REGISTERED: { code: 10, en: 'Unregistered in the pool; wait half an hour' },
  LINK_EXPIRED: { code: 12, en: 'Link expired' },
  BAD_PARAMETER: { code: 16, en: 'Parameter error' },
} as const satisfies Record<string, { code: number; en: string }>;

export type MiningClientErrorName = keyof typeof MINING_CLIENT_ERRORS;
