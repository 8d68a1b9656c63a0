import os from 'node:os';
import { z } from 'zod';
import { devnetOnlyMining, massStakingAddressValid, POC_ESTIMATE_READINGS, signumAccountId, signumAddressOf } from '@platter/domain';

/**
 * Every setting of the platform, read from the environment and validated once at start-up.
 * `SETTINGS` documents each one; `npm run platter -- config` prints the table that the
 * README's configuration section is made from.
 */

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

interface SettingDoc {
  env: string;
  default: string;
  meaning: string;
}

/**
 * The JSON-RPC of one BHD-family coin's node (btchd and its forks, issue 21): URL and
 * credentials. A coin whose URL is set uses that node for its pools (mining info, nonces,
 * blocks, plotter bindings) and as its custodial wallet instead of the devnet.
 */
function pocNodeSettings<const P extends string>(prefix: P, coin: string, example: string) {
  const docs: Record<string, SettingDoc> = {
    [`${prefix}RpcUrl`]: {
      env: `${coin}_RPC_URL`,
      default: '(none: the devnet)',
      meaning: `The ${coin} node's JSON-RPC (e.g. \`${example}\`; a wallet of a multi-wallet node: \`…/wallet/<name>\`): ${coin}'s pools read mining info, blocks and plotter bindings from it and hand it their best nonces, and its wallet is ${coin}'s custodial wallet (deposit addresses labelled per user, deposits, withdrawals with the payment id as the wallet's comment, message signatures). \`user:password@\` in the URL is used when ${coin}_RPC_USER is not set.`,
    },
    [`${prefix}RpcUser`]: { env: `${coin}_RPC_USER`, default: '(none)', meaning: `The node's \`rpcuser\` (with ${coin}_RPC_PASSWORD).` },
    [`${prefix}RpcPassword`]: { env: `${coin}_RPC_PASSWORD`, default: '(none)', meaning: `The node's \`rpcpassword\`.` },
    [`${prefix}RpcCookie`]: {
      env: `${coin}_RPC_COOKIE`,
      default: '(none)',
      meaning: `Instead of a user and password: the node's \`.cookie\` file (its data directory), read again at each call since the node writes a new one when it restarts.`,
    },
    [`${prefix}PoolAddress`]: {
      env: `${coin}_POOL_ADDRESS`,
      default: '(none)',
      meaning: `With ${coin}_RPC_URL: the address of the node's wallet that miners bind their plotters to and that the won blocks pay; every ${coin} pool mines to it (the devnet gives each pool an address of its own).`,
    },
  };
  return docs as Record<`${P}RpcUrl` | `${P}RpcUser` | `${P}RpcPassword` | `${P}RpcCookie` | `${P}PoolAddress`, SettingDoc>;
}

export const SETTINGS = {
  host: {
    env: 'HOST',
    default: '127.0.0.1 (production: 0.0.0.0)',
    meaning:
      'Interface the HTTP server listens on. Outside production it is this machine only unless set; a HOST other than loopback turns the development helpers off unless `DEV_HELPERS=true`.',
  },
  port: { env: 'PORT', default: '8080', meaning: 'Port of the API and the web app.' },
  role: {
    env: 'PLATTER_ROLE',
    default: 'all',
    meaning: 'Process role: `api` (HTTP only), `worker` (background jobs only) or `all`.',
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    default: '(empty: embedded PostgreSQL)',
    meaning: 'PostgreSQL connection string. Empty starts the embedded PostgreSQL from npm packages.',
  },
  dataDir: {
    env: 'PLATTER_DATA_DIR',
    default: '.data',
    meaning: 'Local data: the embedded database, the generated secret. Relative to the project root.',
  },
  embeddedPgPort: {
    env: 'EMBEDDED_PG_PORT',
    default: '54329',
    meaning: 'Port of the embedded PostgreSQL (loopback only).',
  },
  dbPoolSize: { env: 'DB_POOL_SIZE', default: '20', meaning: 'Connections per process in the database pool.' },
  sessionSecret: {
    env: 'SESSION_SECRET',
    default: '(generated into the data dir)',
    meaning: 'Secret for CSRF tokens and signed values; at least 32 characters. Set it in production.',
  },
  cookieSecure: {
    env: 'COOKIE_SECURE',
    default: 'false',
    meaning: 'Mark cookies Secure (set true behind HTTPS).',
  },
  trustProxy: {
    env: 'TRUST_PROXY',
    default: 'false',
    meaning:
      "Whose X-Forwarded-For to believe for the client address (mainland-China refusal, per-IP limits, login history): `false` none; `true` one proxy in front (same as `1`); a hop count `n` (n proxies in front); or a comma list of proxy addresses and CIDR ranges. Entries left of the client's own are ignored (they can be forged).",
  },
  metricsToken: {
    env: 'METRICS_TOKEN',
    default: '(empty: no /metrics)',
    meaning:
      'Bearer token of the Prometheus metrics at `/metrics` (16+ characters). Unset, `/metrics` does not exist; set, it answers only a request with `Authorization: Bearer <token>` (401 otherwise).',
  },
  siteTitle: { env: 'SITE_TITLE', default: 'Platter', meaning: 'Site title used in page titles and e-mails.' },
  registrationOpen: {
    env: 'REGISTRATION_OPEN',
    default: 'true',
    meaning: 'When false, registration is closed: checkRegister answers code 221 and the upgrade notice shows.',
  },
  adminEmail: {
    env: 'ADMIN_EMAIL',
    default: 'admin@platter.local',
    meaning: 'E-mail of the admin account created on first start (its password is printed once).',
  },
  logLevel: { env: 'LOG_LEVEL', default: 'info', meaning: 'pino log level: fatal, error, warn, info, debug, trace.' },
  logPretty: {
    env: 'LOG_PRETTY',
    default: 'false',
    meaning: 'Human-readable logs instead of JSON lines (development).',
  },
  webDist: {
    env: 'WEB_DIST',
    default: 'apps/web/dist',
    meaning: 'Folder of the built web app served at /. Relative to the project root.',
  },
  settingsCacheSeconds: {
    env: 'SETTINGS_CACHE_SECONDS',
    default: '10',
    meaning: 'How long a process caches the coin, pool and line registries (0 disables).',
  },
  publicFiguresSeconds: {
    env: 'PUBLIC_FIGURES_SECONDS',
    default: '10',
    meaning:
      'Refresh period of the public figures (home list and capacity, found blocks, pool trends): each process computes them at most once per period and answers them with `Cache-Control: public, max-age` for the rest of it (0: computed on every request).',
  },
  publicUrl: {
    env: 'PUBLIC_URL',
    default: 'http://localhost:<PORT>',
    meaning: 'Public address of the site: the base of the links in e-mails (activation, password reset). Unset: this machine on `PORT`.',
  },
  mailFrom: {
    env: 'MAIL_FROM',
    default: 'Platter <no-reply@platter.local>',
    meaning: "Sender of the platform's e-mails.",
  },
  smtpUrl: {
    env: 'SMTP_URL',
    default: '(empty: development mail catcher)',
    meaning:
      'SMTP server for e-mail, e.g. `smtp://user:pass@host:587` or `smtps://…:465`. Empty with the development helpers on (`DEV_HELPERS`): an in-process catcher keeps every message in the dev mailbox (`GET /api/dev/mailbox`); otherwise e-mail cannot be sent.',
  },
  smsGatewayUrl: {
    env: 'SMS_GATEWAY_URL',
    default: '(empty: dev mailbox)',
    meaning:
      'HTTP SMS gateway: the platform POSTs JSON `{to, text}` (to in +E.164). Empty with the development helpers on (`DEV_HELPERS`): texts land in the dev mailbox; otherwise SMS is off.',
  },
  smsGatewayToken: {
    env: 'SMS_GATEWAY_TOKEN',
    default: '(empty)',
    meaning: 'Bearer token sent to the SMS gateway.',
  },
  codeResendSeconds: {
    env: 'CODE_RESEND_SECONDS',
    default: '60',
    meaning:
      "Seconds before a verification code can be sent again to the same address for the same purpose (the spec's 60-second countdown; the web app counts down what the server answers). Lower only for tests.",
  },
  telegramBotToken: {
    env: 'TELEGRAM_BOT_TOKEN',
    default: '(empty: Telegram off)',
    meaning:
      'Bot token from @BotFather: enables Telegram sign-in and binding (Login Widget) and Telegram verification codes, always sent through the Bot API (never to the dev mailbox).',
  },
  messageChannelBases: {
    env: 'MESSAGE_CHANNEL_BASES',
    default: '(empty: the services’ own hosts)',
    meaning:
      'Where the message channels post instead of the services’ own hosts, as `kind=url` pairs separated by commas (kinds `telegram`, `dingtalk`, `feishu`, `wecom`): an egress proxy, or loopback doubles in tests.',
  },
  messageWebhookPrivate: {
    env: 'MESSAGE_WEBHOOK_PRIVATE',
    default: 'false',
    meaning: 'Whether users’ generic webhooks may point to loopback, private and link-local addresses (a trusted intranet, tests). Off: such a delivery fails at once.',
  },
  messageDeliveryAttempts: {
    env: 'MESSAGE_DELIVERY_ATTEMPTS',
    default: '8',
    meaning: 'Tries of one channel delivery before it goes to the dead-letter list (the back office can retry it); retries back off from 30 seconds, doubling, up to an hour.',
  },
  telegramBotName: {
    env: 'TELEGRAM_BOT_NAME',
    default: '(empty)',
    meaning: "The bot's username, for the Login Widget on the sign-in and security pages.",
  },
  wechatAppId: {
    env: 'WECHAT_APP_ID',
    default: '(empty: WeChat off)',
    meaning: 'WeChat Open Platform app id: with WECHAT_APP_SECRET enables WeChat sign-in.',
  },
  wechatAppSecret: {
    env: 'WECHAT_APP_SECRET',
    default: '(empty)',
    meaning: 'WeChat Open Platform app secret.',
  },
  authRateLimit: {
    env: 'RATE_LIMIT_AUTH',
    default: '20',
    meaning: 'Sign-in, registration, password-reset and second-factor calls allowed per IP per minute (graphic codes: three times as many).',
  },
  codeRateLimit: {
    env: 'RATE_LIMIT_CODES',
    default: '10',
    meaning: 'Verification-code sending calls allowed per IP per minute (each target also gets at most one code per 60 s and 10 per day).',
  },
  securityMaxFailures: {
    env: 'SECURITY_MAX_FAILURES',
    default: '5',
    meaning:
      "Failed security verifications (any factor: e-mail, SMS, Telegram or authenticator code, or the old password of a password change) per account and action before the verification is voided and the account's sensitive actions lock for `SECURITY_LOCK_MINUTES`.",
  },
  securityLockMinutes: {
    env: 'SECURITY_LOCK_MINUTES',
    default: '30',
    meaning:
      'How long sensitive actions (withdrawal, address book, second-factor and password changes, …) stay locked after `SECURITY_MAX_FAILURES` failed verifications; also the window the failures are counted in.',
  },
  sessionIdleMinutes: {
    env: 'SESSION_IDLE_MINUTES',
    default: '120',
    meaning: 'A session unused this long ends (idle timeout); every session also ends 7 days after sign-in.',
  },
  smsPerAccountPerDay: {
    env: 'SMS_PER_ACCOUNT_PER_DAY',
    default: '10',
    meaning: 'SMS verification codes one account may have sent in 24 hours, whatever the numbers (SMS pumping).',
  },
  smsPerPrefixPerHour: {
    env: 'SMS_PER_PREFIX_PER_HOUR',
    default: '100',
    meaning: 'SMS verification codes sent per hour to one dial prefix (+86, +1, …), all accounts together.',
  },
  smsGlobalPerHour: {
    env: 'SMS_GLOBAL_PER_HOUR',
    default: '500',
    meaning: 'SMS verification codes sent per hour by the whole platform.',
  },
  telegramAuthMaxAgeSeconds: {
    env: 'TELEGRAM_AUTH_MAX_AGE_SECONDS',
    default: '300',
    meaning: 'Telegram login data older than this (its auth_date) is refused; each payload works once.',
  },
  chain: {
    env: 'CHAIN',
    default: 'devnet',
    meaning:
      "Chain adapters: `devnet` simulates every coin in the database (blocks on a timer, deposits sent from the dev mailbox page). Real adapters are set per coin: the Chia wallet of `CHIA_WALLET_RPC_URL` and the full node of `CHIA_RPC_URL` take over Chia's, the node of `BHD_RPC_URL` (`LHD_`, `HDD_`, `XHD_`) BHD's (LHD's, HDD's, XHD's); the other coins' follow in later releases.",
  },
  devnetBlockSeconds: {
    env: 'DEVNET_BLOCK_SECONDS',
    default: '5',
    meaning: 'Seconds between simulated blocks on the devnet (a deposit is credited after the coin’s confirmations).',
  },
  withdrawReviewTime: {
    env: 'WITHDRAW_REVIEW_TIME',
    default: '17:00',
    meaning: 'Daily withdrawal review time (HH:MM): applications until then form that day’s batch, later ones the next day’s.',
  },
  withdrawReviewUtcOffset: {
    env: 'WITHDRAW_REVIEW_UTC_OFFSET',
    default: '+00:00',
    meaning: 'Time zone of the review time as a UTC offset (e.g. `+08:00`). The spec names 17:00 but no zone; UTC is the default reading.',
  },
  withdrawSendDelayHours: {
    env: 'WITHDRAW_SEND_DELAY_HOURS',
    default: '24',
    meaning: 'Approved withdrawals are sent this many hours after approval (T+1 by default; 0 sends at the next worker run).',
  },
  adjustApprovalThreshold: {
    env: 'ADJUST_APPROVAL_THRESHOLD',
    default: '1000',
    meaning:
      'Back-office balance adjustments (UpdateBalance) wait for a second admin’s approval when, added to the same coin’s adjustments posted without one in the last `ADJUST_APPROVAL_WINDOW_HOURS` (by the same admin, or to the same user), they exceed this many whole coins (either sign counts); the others are posted at once. An admin’s adjustment of their own balance always waits. `0`: every adjustment needs a second admin.',
  },
  adjustApprovalWindowHours: {
    env: 'ADJUST_APPROVAL_WINDOW_HOURS',
    default: '24',
    meaning:
      'Hours over which adjustments posted without a second admin count together against `ADJUST_APPROVAL_THRESHOLD` (per admin and per user), so splitting one large adjustment does not get round the approval.',
  },
  autoPayHourUtc: {
    env: 'AUTO_PAY_HOUR_UTC',
    default: '1',
    meaning: 'UTC hour (0 to 7) of the daily Auto Pay run, after the 00:00 settlement and before 08:00; each user at most once per 24 hours.',
  },
  workerIntervalMs: {
    env: 'WORKER_INTERVAL_MS',
    default: '1000',
    meaning: 'Period of the frequent jobs (deposits, sending, custody, Chia partials, exports, notifications): each is queued once per period across all workers.',
  },
  bindReview: {
    env: 'BIND_REVIEW',
    default: 'true',
    meaning:
      'Plot bindings wait in BIND_SENT for the back office’s review (/admin/capacity_review) before the chain confirmation counts; `false` approves them on binding. Unbindings are always reviewed.',
  },
  exportFileHours: {
    env: 'EXPORT_FILE_HOURS',
    default: '24',
    meaning: 'Hours an export file stays downloadable; then it is removed (status expired).',
  },
  simulator: {
    env: 'SIMULATOR',
    default: 'true',
    meaning:
      'With the devnet chain, run simulated farmers: a demo account (printed on first start) and a few others whose miners report heartbeats and shares through `POST /api/miner/report`, with blocks found on the devnet and a week of history made on first start. `false` turns it off.',
  },
  simulatorSeed: {
    env: 'SIMULATOR_SEED',
    default: '42',
    meaning: 'Seed of the simulator: the same seed gives the same farmers, miners, shares and blocks.',
  },
  simulatorPools: {
    env: 'SIMULATOR_POOLS',
    default: 'chia,chiapp,bhd,bhd_co,lhd,hdd,xhd,mass,ar,ironfish,spacemesh,aleo,autonomys',
    meaning: 'Comma-separated pools the simulated miners join.',
  },
  simulatorTickSeconds: {
    env: 'SIMULATOR_TICK_SECONDS',
    default: '15',
    meaning: "Seconds between the simulated miners' reports.",
  },
  simulatorBlockSeconds: {
    env: 'SIMULATOR_BLOCK_SECONDS',
    default: '600',
    meaning: 'Average seconds between blocks each simulated pool finds.',
  },
  simulatorBackfillDays: {
    env: 'SIMULATOR_BACKFILL_DAYS',
    default: '7',
    meaning: 'Days of history (shares, blocks, settlements, trend) the simulator makes when a pool has none yet.',
  },
  stratumPort: {
    env: 'STRATUM_PORT',
    default: '3333',
    meaning: "TCP port of the proof-of-work pools' stratum (Iron Fish miners: `ironfish miners:start --pool <host>:<port> --address <miner API key>`), on HOST; `0` turns it off.",
  },
  powShareDifficulty: {
    env: 'POW_SHARE_DIFFICULTY',
    default: '5000',
    meaning:
      'Share difficulty of the proof-of-work pools: a solution counts as a share when its hash meets the target 2^256 / difficulty, and each share is credited this many points.',
  },
  chiaPoolPath: {
    env: 'CHIA_POOL_PATH',
    default: '/chia',
    meaning:
      'Base path of the Chia pool protocol v1 endpoints: each pool of that protocol answers under `<path>/<pool>` (e.g. `https://pool.example/chia/chiapp`, the URL farmers enter; `/chia/chia_test` for the test-net pool): GET /pool_info, GET/POST/PUT /farmer, POST /partial, GET /login.',
  },
  chiaPoolName: { env: 'CHIA_POOL_NAME', default: '<SITE_TITLE> Chia PP', meaning: "Pool name in GET /pool_info (shown in the farmer's GUI)." },
  chiaPoolDescription: {
    env: 'CHIA_POOL_DESCRIPTION',
    default: 'Pool protocol v1, paid daily by points.',
    meaning: 'Pool description in GET /pool_info.',
  },
  chiaPoolLogoUrl: { env: 'CHIA_POOL_LOGO_URL', default: '<PUBLIC_URL>/favicon.svg', meaning: 'Logo URL in GET /pool_info.' },
  chiaPoolTargetPuzzleHash: {
    env: 'CHIA_POOL_TARGET_PUZZLE_HASH',
    default: '(devnet: derived from the secret)',
    meaning: "Puzzle hash (64 hex digits) the plot NFTs pay the pool's 7/8 to; farmers write it into their singleton, so it must never change. Required with a real chain.",
  },
  chiaPoolTargetPuzzleHashes: {
    env: 'CHIA_POOL_TARGET_PUZZLE_HASHES',
    default: '(none)',
    meaning:
      "Per-pool targets, `pool=hex` comma-separated (e.g. `chiavip=…`), over CHIA_POOL_TARGET_PUZZLE_HASH. Each Chia pool needs its own target (a launcher is one pool's): two pools with the same target refuse to start.",
  },
  chiaOgKeys: {
    env: 'CHIA_OG_KEYS',
    default: '(devnet: derived from the secret)',
    meaning:
      "The Chia OG pools' plot keys, `pool=farmer_public_key:pool_public_key` (96 hex digits each) comma-separated (e.g. `chia=…:…`): farmers plot with them, the pool accepts proofs only of such plots. With a real chain a pool without keys serves no OG endpoints.",
  },
  chiaPoolMinDifficulty: {
    env: 'CHIA_POOL_MIN_DIFFICULTY',
    default: '10',
    meaning: 'Lowest difficulty (GET /pool_info minimum_difficulty); difficulty adjustment never goes below it.',
  },
  chiaPoolDefaultDifficulty: { env: 'CHIA_POOL_DEFAULT_DIFFICULTY', default: '10', meaning: 'Difficulty of a new farmer that suggests none (or one below the minimum).' },
  chiaPoolPartialTimeLimit: {
    env: 'CHIA_POOL_PARTIAL_TIME_LIMIT',
    default: '25',
    meaning: 'Seconds between the node seeing a signage point and the partial arriving; later partials get error 2 (too late).',
  },
  chiaPoolConfirmationDelay: {
    env: 'CHIA_POOL_CONFIRMATION_DELAY',
    default: '300',
    meaning:
      "Seconds before an accepted partial's points count: the worker then checks the signage point was not reverted, the proof not counted twice and the plot NFT still in the pool.",
  },
  chiaPoolSignagePointRetryMs: {
    env: 'CHIA_POOL_SP_RETRY_MS',
    default: '10000',
    meaning: 'A partial whose signage point the node does not know yet is looked up once more after this wait (ms) before error 3.',
  },
  chiaRpcUrl: {
    env: 'CHIA_RPC_URL',
    default: '(none: the devnet)',
    meaning:
      "A Chia full node's RPC (e.g. `https://localhost:8555`): the Chia pool protocol pools of `CHIA_RPC_NETWORK` then read signage points and plot NFTs from it, over mutual TLS, with mainnet's rules (k ≥ 32, the plot filter of the peak height: 9 bits, 8 from 5,496,000, 7 from 10,542,000, 6 from 15,592,000, 5 from 20,643,000; testnet11's own schedule); the others stay on the devnet.",
  },
  chiaRpcSslDir: {
    env: 'CHIA_RPC_SSL_DIR',
    default: '~/.chia/mainnet/config/ssl',
    meaning: "The node's `config/ssl` folder: `full_node/private_full_node.crt` and `.key` identify the pool, `ca/private_ca.crt` authenticates the node.",
  },
  chiaRpcNetwork: {
    env: 'CHIA_RPC_NETWORK',
    default: 'mainnet',
    meaning: '`mainnet` (the pools of coin CHIA) or `testnet11` (CHIA_TEST): which pools use the node, and the genesis challenge plot NFT puzzles commit to.',
  },
  chiaWalletRpcUrl: {
    env: 'CHIA_WALLET_RPC_URL',
    default: '(none: the devnet)',
    meaning:
      "A Chia wallet's RPC (e.g. `https://localhost:9256`, the certificates of `CHIA_RPC_SSL_DIR`'s `wallet/private_wallet.crt`/`.key`): the custodial wallet of `CHIA_RPC_NETWORK`'s coin — users' deposit addresses, deposits, withdrawals (the payment id as memo) and message signatures — instead of the devnet's.",
  },
  chiaWalletFeeMojos: {
    env: 'CHIA_WALLET_FEE_MOJOS',
    default: '0',
    meaning: 'Blockchain fee in mojo the wallet adds to each withdrawal it sends.',
  },
  chiaWalletCertSha256: {
    env: 'CHIA_WALLET_CERT_SHA256',
    default: '(none: the private CA alone)',
    meaning:
      "SHA-256 fingerprint (hex, colons allowed) of the Chia wallet's own TLS certificate: the wallet is trusted only when it shows exactly that one, not any certificate the private CA signed (a remote harvester's). `openssl x509 -noout -fingerprint -sha256 -in <ssl>/wallet/private_wallet.crt` on the wallet's machine.",
  },
  chiaWalletFingerprint: {
    env: 'CHIA_WALLET_FINGERPRINT',
    default: '(none: not checked)',
    meaning:
      "The key fingerprint the Chia wallet must be logged in with (`get_logged_in_fingerprint`); the wallet's network must be `CHIA_RPC_NETWORK` in any case. Checked before the wallet is first used; a mismatch stops every deposit and withdrawal call with an error in the log.",
  },
  chiaPoolSingletonConfirmations: {
    env: 'CHIA_POOL_SINGLETON_CONFIRMATIONS',
    default: '6',
    meaning:
      "The reference pool's confirmation_security_threshold: blocks a plot NFT's spend must be buried under before its state is stored, a pool reward before it is claimed, and the coin a claim paid the pool's target before it is booked as revenue. Membership is judged on the latest state.",
  },
  ...pocNodeSettings('bhd', 'BHD', 'http://127.0.0.1:8732/'),
  ...pocNodeSettings('lhd', 'LHD', 'http://127.0.0.1:<rpcport>/'),
  ...pocNodeSettings('hdd', 'HDD', 'http://127.0.0.1:<rpcport>/'),
  ...pocNodeSettings('xhd', 'XHD', 'http://127.0.0.1:<rpcport>/'),
  burstRpcUrl: {
    env: 'BURST_RPC_URL',
    default: '(none: the devnet)',
    meaning:
      "The Signum (BURST) node's HTTP API (e.g. `http://127.0.0.1:8125/`; `/burst` is added): the BURST pool reads mining info, blocks and its plotters' reward recipients from it and hands it its best nonces. Signum's API has no credentials: keep it on loopback. The pool's account is also the BURST custodial wallet: deposits arrive there with a message naming the user, withdrawals are paid from it (`sendMoney`).",
  },
  burstPoolAddress: {
    env: 'BURST_POOL_ADDRESS',
    default: '(none)',
    meaning: "With BURST_RPC_URL: the pool's account (`S-…`, `BURST-…` or the numeric id), which plotters set as their reward recipient and which won blocks pay.",
  },
  burstPoolPassphrase: {
    env: 'BURST_POOL_PASSPHRASE',
    default: '(none)',
    meaning:
      "The pool account's passphrase, sent with each nonce the pool hands the node (Signum's submitNonce forges with the reward recipient's key) and with each withdrawal (`sendMoney`, and `readMessage` to find a payment again). Unset: the node must hold it for mining (`node.rewardRecipientPassphrases`), and BURST withdrawals are refused.",
  },
  burstWalletFeeNqt: {
    env: 'BURST_WALLET_FEE_NQT',
    default: '1000000',
    meaning:
      "With BURST_RPC_URL: the least fee of each BURST withdrawal, NQT (10⁻⁸ SIGNA); each payment pays the larger of this and the node's minimum for its size (FEE_QUANT, 1,000,000 NQT = 0.01 SIGNA since SIP-34, per 176 bytes). A payment whose user's withdrawal fee is lower is refused.",
  },
  depincRpcUrl: {
    env: 'DEPINC_RPC_URL',
    default: '(refused)',
    meaning:
      "Refused at start-up: DePINC's mining cannot be put on a DePINC node. Since BHDIP009 its blocks are Chia proofs of space with a VDF, not Burst nonces, so the `depinc` pool's mining is simulated on the devnet only and its Burst endpoints refuse miners in production (README, choices: 'DePINC is not put on the BHD adapter (issue 21)'). What the pool offers for DePINC is its pledge side (pointing, the unpledged share).",
  },
  massWalletUrl: {
    env: 'MASS_WALLET_URL',
    default: '(none: the devnet)',
    meaning:
      "A MassNet wallet's HTTP API (e.g. `http://127.0.0.1:9688`, massnetorg/MassNet-wallet; no credentials: keep it on loopback): the job `staking-income` reads each block's staking rewards to MASS_STAKING_ADDRESSES from it (`GET /v1/blocks/{height}/stakingreward`, the block's time from `POST /v1/blocks/height/{height}`) and books every settled day it read whole as the MASS mortgage income (locked revenue and rank), once; the operator's POST /api/admin/mortgageincome stays for the days before it or it cannot give. Unset: the devnet's staking chain, which the simulator feeds.",
  },
  massStakingAddresses: {
    env: 'MASS_STAKING_ADDRESSES',
    default: '(none)',
    meaning: "With MASS_WALLET_URL: the pool's staking addresses (`ms1qp…`, comma-separated): the positions whose rewards are the pool's locked revenue.",
  },
  massStakingConfirmations: {
    env: 'MASS_STAKING_CONFIRMATIONS',
    default: '10',
    meaning:
      'Blocks a MassNet block must be buried under before the staking-income job reads its rewards (at least 1). A reorganisation deeper than that is seen (the block read next has another parent) and stops the job with an error.',
  },
  massStakingStartHeight: {
    env: 'MASS_STAKING_START_HEIGHT',
    default: '(none: the newest block it may read)',
    meaning:
      "The block the staking-income job reads first, once (later runs go on from where it stopped). The day it falls in is booked only when it is the first block of that day (the block before it lies on an earlier UTC day); earlier days are the operator's to enter. A height the job may not read yet (beyond the best block less the confirmations) is waited for.",
  },
  pocRpcTimeoutMs: {
    env: 'POC_RPC_TIMEOUT_MS',
    default: '30000',
    meaning:
      'Milliseconds a BHD-family node has to answer a call. A send without an answer in time has an unknown outcome (SEND_UNKNOWN): the wallet may have stored it, and it is found by its payment id before anything is sent again.',
  },
  devnetChiaMinK: {
    env: 'DEVNET_CHIA_MIN_K',
    default: '18',
    meaning: "Devnet only: smallest plot k the Chia pool accepts (the simulated farmers' dev plots are small); a real chain always needs k ≥ 32.",
  },
  devnetChiaPlotFilterBits: {
    env: 'DEVNET_CHIA_PLOT_FILTER_BITS',
    default: '0',
    meaning:
      'Devnet only: zero bits of the plot filter (0: every plot answers every signage point); a real chain follows its height (`calculate_prefix_bits`, 8 bits on mainnet now).',
  },
  devnetChiaDifficultyConstantFactor: {
    env: 'DEVNET_CHIA_DIFFICULTY_CONSTANT_FACTOR',
    default: '10052721566054',
    meaning:
      "Devnet only: the consensus DIFFICULTY_CONSTANT_FACTOR of required iterations (Chia's test-net value; mainnet is 2^67, under which a small dev plot would almost never find a partial).",
  },
  devnetChiaSignagePointSeconds: {
    env: 'DEVNET_CHIA_SP_SECONDS',
    default: '10',
    meaning: 'Devnet only: seconds between simulated Chia signage points (Chia: 9.375).',
  },
  devnetPocBlockSeconds: {
    env: 'DEVNET_POC_BLOCK_SECONDS',
    default: '60',
    meaning:
      'Devnet only: target seconds between blocks of the simulated BHD-family chains (their base target retargets to it); `0` keeps each coin’s own block time (BHD 180 s, LHD/HDD/XHD 300 s, BURST 240 s) — the devnet speed-up.',
  },
  devnetPocNetworkNonces: {
    env: 'DEVNET_POC_NETWORK_NONCES',
    default: '512',
    meaning:
      'Devnet only: the simulated network competitors’ plots on each BHD-family chain, in nonces of 256 KiB (the pool’s nonce wins a block when its deadline is lower than theirs).',
  },
  pocPoolPath: {
    env: 'POC_POOL_PATH',
    default: '/burst',
    meaning:
      'Base path of the Burst pool protocol (issue 21): each `poc-burst` pool answers `getMiningInfo` and `submitNonce` at `<path>/<pool>`, and at `<path>` itself under a host of `POC_POOL_HOSTS`.',
  },
  pocPoolHosts: {
    env: 'POC_POOL_HOSTS',
    default: '(none)',
    meaning: 'Hosts that answer the plain `/burst` form for one pool, as `host=pool` pairs separated by commas (e.g. `bhd.example.com=bhd,lhd.example.com=lhd`).',
  },
  pocTargetDeadline: {
    env: 'POC_TARGET_DEADLINE',
    default: '31536000',
    meaning: 'The pools’ target deadline in seconds (getMiningInfo’s targetDeadline): a nonce whose recomputed deadline is above it is refused.',
  },
  pocSubmitRateLimit: {
    env: 'POC_SUBMIT_RATE_LIMIT',
    default: '600',
    meaning: 'Nonce submissions a minute from one address for one plotter id (more are answered with the protocol’s error).',
  },
  pocVerifierThreads: {
    env: 'POC_VERIFIER_THREADS',
    default: '2',
    meaning: 'Worker threads that rebuild submitted nonces to recompute their deadlines (about 85 ms of CPU a nonce, four at once in about 1.5× that).',
  },
  pocEstimateShown: {
    env: 'POC_ESTIMATE_SHOWN',
    default: 'alpha',
    meaning:
      "What the pages show as a BHD-family miner's estimated capacity (miners list, merged farm, the pool's capacity figure and trend), always beside the rounds it rests on: `alpha`, the α-corrected estimate Burst pools show (signum-pool, Nogrod, foxy-proxy), which reads low for a new farm and reaches the plain one after 360 rounds; `plain`, the unbiased estimate the points are credited from (from POC_ESTIMATE_MIN_ROUNDS rounds on; noisier at first, not low).",
  },
  pocEstimateMinRounds: {
    env: 'POC_ESTIMATE_MIN_ROUNDS',
    default: '10',
    meaning: 'Rounds a miner needs in the window (360) before its capacity is estimated from its deadlines (and its rounds earn shares).',
  },
  nodeEnv: {
    env: 'NODE_ENV',
    default: 'development',
    meaning: '`production` turns the development helpers off (see `DEV_HELPERS`) and listens on every interface by default.',
  },
  devHelpers: {
    env: 'DEV_HELPERS',
    default: 'auto',
    meaning:
      'Development helpers: the dev mailbox (`/api/dev/mailbox`, with the mail catcher and SMS to the mailbox), graphic-code answers (`/api/dev/captcha`), devnet coins and signatures (`/api/dev/devnet/…`). `auto`: on outside production while the server listens on loopback only, and answering loopback clients only (not requests relayed by a proxy). `false`: off. `true`: on for every client whatever HOST — only for a throw-away demo, since anyone reaching the server reads every mail; refused with NODE_ENV=production.',
  },
} as const satisfies Record<string, SettingDoc>;

const schema = z.object({
  host: z.string().min(1).optional(),
  port: z.coerce.number().int().min(0).max(65535),
  role: z.enum(['api', 'worker', 'all']),
  databaseUrl: z.string().optional(),
  dataDir: z.string().min(1),
  embeddedPgPort: z.coerce.number().int().min(1).max(65535),
  dbPoolSize: z.coerce.number().int().min(1).max(500),
  sessionSecret: z.string().min(32).optional(),
  cookieSecure: bool,
  trustProxy: z.string(),
  metricsToken: z.string().min(16).optional(),
  siteTitle: z.string().min(1),
  registrationOpen: bool,
  adminEmail: z.email(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  logPretty: bool,
  webDist: z.string(),
  settingsCacheSeconds: z.coerce.number().int().min(0),
  publicFiguresSeconds: z.coerce.number().int().min(0).max(3600),
  publicUrl: z
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  mailFrom: z.string().min(3),
  smtpUrl: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
    .optional(),
  smsGatewayUrl: z.url().optional(),
  smsGatewayToken: z.string().optional(),
  telegramBotToken: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, 'a bot token from @BotFather (digits:letters)')
    .optional(),
  messageChannelBases: z
    .string()
    .regex(/^((telegram|dingtalk|feishu|wecom)=https?:\/\/[^,\s]+(,(telegram|dingtalk|feishu|wecom)=https?:\/\/[^,\s]+)*)?$/, 'kind=url pairs separated by commas')
    .optional(),
  messageWebhookPrivate: bool,
  messageDeliveryAttempts: z.coerce.number().int().min(1).max(50),
  telegramBotName: z
    .string()
    .regex(/^\w{3,64}$/)
    .optional(),
  wechatAppId: z.string().optional(),
  wechatAppSecret: z.string().optional(),
  authRateLimit: z.coerce.number().int().min(1),
  codeRateLimit: z.coerce.number().int().min(1),
  codeResendSeconds: z.coerce.number().int().min(1).max(3600),
  securityMaxFailures: z.coerce.number().int().min(1).max(100),
  securityLockMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  sessionIdleMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  smsPerAccountPerDay: z.coerce.number().int().min(1),
  smsPerPrefixPerHour: z.coerce.number().int().min(1),
  smsGlobalPerHour: z.coerce.number().int().min(1),
  telegramAuthMaxAgeSeconds: z.coerce.number().int().min(10).max(86_400),
  chain: z.enum(['devnet']),
  devnetBlockSeconds: z.coerce.number().positive().max(3600),
  withdrawReviewTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
  withdrawReviewUtcOffset: z.string().regex(/^[+-](0\d|1[0-4]):[0-5]\d$/, '+HH:MM or -HH:MM'),
  withdrawSendDelayHours: z.coerce
    .number()
    .min(0)
    .max(24 * 14),
  adjustApprovalThreshold: z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal amount in whole coins, e.g. 1000'),
  adjustApprovalWindowHours: z.coerce
    .number()
    .positive()
    .max(24 * 366),
  autoPayHourUtc: z.coerce.number().int().min(0).max(7),
  workerIntervalMs: z.coerce.number().int().min(50).max(60_000),
  bindReview: bool,
  exportFileHours: z.coerce
    .number()
    .positive()
    .max(24 * 30),
  simulator: bool,
  simulatorSeed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  simulatorPools: z.string().regex(/^[a-z0-9_]+(,[a-z0-9_]+)*$/, 'pool types separated by commas'),
  simulatorTickSeconds: z.coerce.number().positive().max(3600),
  simulatorBlockSeconds: z.coerce
    .number()
    .positive()
    .max(7 * 86_400),
  simulatorBackfillDays: z.coerce.number().int().min(0).max(60),
  stratumPort: z.coerce.number().int().min(0).max(65_535),
  powShareDifficulty: z.coerce
    .bigint()
    .min(1n)
    .max(2n ** 64n),
  chiaPoolPath: z.string().regex(/^(\/[a-z0-9_-]+)+$/, 'a path such as /chia'),
  chiaPoolName: z.string().min(1).max(64).optional(),
  chiaPoolDescription: z.string().max(500),
  chiaPoolLogoUrl: z.url().optional(),
  chiaPoolTargetPuzzleHash: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, '64 hex digits')
    .transform((v) => v.replace(/^0x/i, '').toLowerCase())
    .optional(),
  chiaPoolTargetPuzzleHashes: z
    .string()
    .regex(/^\s*([a-z_]+\s*=\s*(0x)?[0-9a-fA-F]{64}\s*)(,\s*[a-z_]+\s*=\s*(0x)?[0-9a-fA-F]{64}\s*)*$/, 'pool=64 hex digits, comma-separated')
    .transform((v) =>
      Object.fromEntries(
        v
          .split(',')
          .map((pair) => pair.split('=').map((x) => x.trim()))
          .map(([pool, hex]) => [pool as string, (hex as string).replace(/^0x/i, '').toLowerCase()]),
      ),
    )
    .optional(),
  chiaOgKeys: z
    .string()
    .regex(
      /^\s*[a-z_]+\s*=\s*(0x)?[0-9a-fA-F]{96}\s*:\s*(0x)?[0-9a-fA-F]{96}\s*(,\s*[a-z_]+\s*=\s*(0x)?[0-9a-fA-F]{96}\s*:\s*(0x)?[0-9a-fA-F]{96}\s*)*$/,
      'pool=farmer key:pool key (96 hex digits each), comma-separated',
    )
    .transform((v) =>
      Object.fromEntries(
        v.split(',').map((pair) => {
          const [pool = '', keys = ''] = pair.split('=').map((x) => x.trim());
          const [farmer = '', poolKey = ''] = keys.split(':').map((x) => x.trim().replace(/^0x/i, '').toLowerCase());
          return [pool, { farmerPublicKey: farmer, poolPublicKey: poolKey }];
        }),
      ),
    )
    .optional(),
  chiaPoolMinDifficulty: z.coerce.number().int().min(1).max(1_000_000_000),
  chiaPoolDefaultDifficulty: z.coerce.number().int().min(1).max(1_000_000_000),
  chiaPoolPartialTimeLimit: z.coerce.number().int().min(1).max(600),
  chiaPoolConfirmationDelay: z.coerce.number().int().min(0).max(86_400),
  chiaPoolSignagePointRetryMs: z.coerce.number().int().min(0).max(60_000),
  chiaRpcUrl: z.url().optional(),
  chiaRpcSslDir: z.string().min(1),
  chiaRpcNetwork: z.enum(['mainnet', 'testnet11']),
  chiaWalletRpcUrl: z.url().optional(),
  chiaWalletFeeMojos: z.string().regex(/^\d{1,18}$/, 'a whole number of mojo'),
  chiaWalletCertSha256: z
    .string()
    .regex(/^([0-9a-fA-F]{2}:?){31}[0-9a-fA-F]{2}$/, 'a SHA-256 fingerprint in hex')
    .optional(),
  chiaWalletFingerprint: z
    .string()
    .regex(/^\d{1,10}$/, 'a key fingerprint (a whole number)')
    .optional(),
  chiaPoolSingletonConfirmations: z.coerce.number().int().min(0).max(1000),
  bhdRpcUrl: z.url().optional(),
  bhdRpcUser: z.string().optional(),
  bhdRpcPassword: z.string().optional(),
  bhdRpcCookie: z.string().optional(),
  bhdPoolAddress: z.string().min(1).max(128).optional(),
  lhdRpcUrl: z.url().optional(),
  lhdRpcUser: z.string().optional(),
  lhdRpcPassword: z.string().optional(),
  lhdRpcCookie: z.string().optional(),
  lhdPoolAddress: z.string().min(1).max(128).optional(),
  hddRpcUrl: z.url().optional(),
  hddRpcUser: z.string().optional(),
  hddRpcPassword: z.string().optional(),
  hddRpcCookie: z.string().optional(),
  hddPoolAddress: z.string().min(1).max(128).optional(),
  xhdRpcUrl: z.url().optional(),
  xhdRpcUser: z.string().optional(),
  xhdRpcPassword: z.string().optional(),
  xhdRpcCookie: z.string().optional(),
  xhdPoolAddress: z.string().min(1).max(128).optional(),
  burstRpcUrl: z.url().optional(),
  burstPoolAddress: z
    .string()
    .refine((v) => signumAccountId(v) !== undefined, 'a Signum account: S-XXXX-XXXX-XXXX-XXXXX or its numeric id')
    .optional(),
  burstPoolPassphrase: z.string().min(1).max(512).optional(),
  massWalletUrl: z.url().optional(),
  massStakingAddresses: z
    .string()
    .transform((v) => v.split(',').map((a) => a.trim()))
    .refine((list) => list.every(massStakingAddressValid), 'MassNet staking addresses (ms1qp…, a good checksum), comma-separated')
    .optional(),
  // At least one: a block read at the tip may still be replaced.
  massStakingConfirmations: z.coerce.number().int().min(1).max(10_000),
  massStakingStartHeight: z.coerce.number().int().min(1).optional(),
  depincRpcUrl: z.string().optional(),
  burstWalletFeeNqt: z.string().regex(/^[1-9]\d{0,17}$/, 'a positive number of NQT'),
  pocRpcTimeoutMs: z.coerce.number().int().min(100).max(600_000),
  devnetChiaMinK: z.coerce.number().int().min(1).max(32),
  devnetChiaPlotFilterBits: z.coerce.number().int().min(0).max(9),
  devnetChiaDifficultyConstantFactor: z.string().regex(/^[1-9]\d{0,30}$/, 'a positive integer'),
  devnetChiaSignagePointSeconds: z.coerce.number().positive().max(600),
  devnetPocBlockSeconds: z.coerce.number().int().min(0).max(3600),
  devnetPocNetworkNonces: z.coerce.number().int().min(1).max(1_000_000_000),
  pocPoolPath: z.string().regex(/^(\/[a-z0-9_-]+)+$/, 'a path such as /burst'),
  pocPoolHosts: z
    .string()
    .regex(/^([a-z0-9.-]+(:\d+)?=[a-z0-9_]+(,[a-z0-9.-]+(:\d+)?=[a-z0-9_]+)*)?$/, 'host=pool pairs separated by commas')
    .optional(),
  pocTargetDeadline: z.coerce.number().int().min(1).max(4_294_967_295),
  pocSubmitRateLimit: z.coerce.number().int().min(1).max(1_000_000),
  pocVerifierThreads: z.coerce.number().int().min(1).max(64),
  pocEstimateShown: z.enum(POC_ESTIMATE_READINGS),
  pocEstimateMinRounds: z.coerce.number().int().min(1).max(360),
  nodeEnv: z.enum(['development', 'production', 'test']),
  devHelpers: z.enum(['auto', 'true', 'false']),
});

export type Config = Omit<z.infer<typeof schema>, 'publicUrl' | 'host'> & { publicUrl: string; host: string };
type SettingKey = keyof typeof SETTINGS;

const OPTIONAL: ReadonlySet<SettingKey> = new Set([
  'host',
  'databaseUrl',
  'sessionSecret',
  'metricsToken',
  'publicUrl',
  'smtpUrl',
  'smsGatewayUrl',
  'smsGatewayToken',
  'telegramBotToken',
  'telegramBotName',
  'messageChannelBases',
  'wechatAppId',
  'wechatAppSecret',
  'chiaPoolName',
  'chiaPoolLogoUrl',
  'chiaPoolTargetPuzzleHash',
  'chiaPoolTargetPuzzleHashes',
  'chiaOgKeys',
  'chiaRpcUrl',
  'chiaWalletRpcUrl',
  'chiaWalletCertSha256',
  'chiaWalletFingerprint',
  'bhdRpcUrl',
  'bhdRpcUser',
  'bhdRpcPassword',
  'bhdRpcCookie',
  'bhdPoolAddress',
  'lhdRpcUrl',
  'lhdRpcUser',
  'lhdRpcPassword',
  'lhdRpcCookie',
  'lhdPoolAddress',
  'hddRpcUrl',
  'hddRpcUser',
  'hddRpcPassword',
  'hddRpcCookie',
  'hddPoolAddress',
  'xhdRpcUrl',
  'xhdRpcUser',
  'xhdRpcPassword',
  'xhdRpcCookie',
  'xhdPoolAddress',
  'burstRpcUrl',
  'burstPoolAddress',
  'burstPoolPassphrase',
  'massWalletUrl',
  'massStakingAddresses',
  'massStakingStartHeight',
  'depincRpcUrl',
  'pocPoolHosts',
]);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the settings from `env` (default: process.env); `overrides` win (tests). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const [key, doc] of Object.entries(SETTINGS) as [SettingKey, SettingDoc][]) {
    const value = env[doc.env];
    if (value !== undefined && value !== '') raw[key] = value;
    else if (!OPTIONAL.has(key)) raw[key] = doc.default;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path[0] as SettingKey;
      return `  ${SETTINGS[key]?.env ?? String(key)}: ${issue.message}`;
    });
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const publicUrl = parsed.data.publicUrl ?? `http://localhost:${parsed.data.port}`;
  const host = parsed.data.host ?? (parsed.data.nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  const config: Config = { ...parsed.data, publicUrl, host, ...overrides };
  if (config.nodeEnv === 'production' && config.devHelpers === 'true') throw new ConfigError('invalid configuration:\n  DEV_HELPERS: true is refused with NODE_ENV=production');
  if (config.depincRpcUrl !== undefined) {
    throw new ConfigError(
      `invalid configuration:\n  DEPINC_RPC_URL: DePINC mining cannot run on a DePINC node: since BHDIP009 its blocks are Chia proofs of space with a VDF, which the Burst pool protocol cannot make. The depinc pool's mining is devnet-only (README, choices table: '${devnetOnlyMining('depinc') ?? ''}'); unset DEPINC_RPC_URL. DePINC's pledge side needs no node setting.`,
    );
  }
  return config;
}

/** Whether `address` (an interface or a peer address) is this machine's loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^::ffff:/i, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** The development helpers as DEV_HELPERS, NODE_ENV and HOST decide them. */
export interface DevHelpers {
  /** The dev routes exist, the mail catcher and the SMS mailbox stand in, graphic-code answers are kept. */
  enabled: boolean;
  /** Every client may call the dev routes (DEV_HELPERS=true), not only loopback ones. */
  anyClient: boolean;
}

/**
 * The one rule for the development helpers (dev mailbox, graphic-code answers, devnet coins
 * and signatures): never in production; with DEV_HELPERS unset ('auto') only while the server
 * listens on loopback, and then for loopback clients only; 'true' is the operator's explicit
 * choice of an open demo, 'false' turns them off.
 */
export function devHelpers(config: Pick<Config, 'nodeEnv' | 'host' | 'devHelpers'>): DevHelpers {
  if (config.nodeEnv === 'production' || config.devHelpers === 'false') return { enabled: false, anyClient: false };
  if (config.devHelpers === 'true') return { enabled: true, anyClient: true };
  return { enabled: isLoopback(config.host), anyClient: false };
}

/**
 * Whether a request may use the dev routes: with `anyClient`, any; otherwise only a client on
 * this machine, talking to the server directly — the socket's peer is loopback and no proxy
 * header says the request was relayed for someone else (TRUST_PROXY does not matter here).
 */
export function devClientAllowed(helpers: DevHelpers, request: { socket: { remoteAddress?: string | undefined }; headers: Record<string, unknown> }): boolean {
  if (!helpers.enabled) return false;
  if (helpers.anyClient) return true;
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !relayed && isLoopback(request.socket.remoteAddress);
}

/** The Chia node's `config/ssl` folder of CHIA_RPC_SSL_DIR, `~` expanded. */
export function chiaSslDir(config: Pick<Config, 'chiaRpcSslDir'>): string {
  return config.chiaRpcSslDir.replace(/^~(?=\/|$)/, os.homedir());
}

/** The Chia coin of CHIA_RPC_NETWORK: the one a configured node and wallet serve. */
export function chiaNetworkCoin(config: Pick<Config, 'chiaRpcNetwork'>): 'CHIA' | 'CHIA_TEST' {
  return config.chiaRpcNetwork === 'testnet11' ? 'CHIA_TEST' : 'CHIA';
}

/** The BHD-family coins a node can be configured for (`<COIN>_RPC_URL`). */
export const POC_NODE_COINS = ['BHD', 'LHD', 'HDD', 'XHD'] as const;

export interface PocNodeConfig {
  url: string;
  /** The node wallet's address the coin's pools mine to (plotters bind to it, won blocks pay it). */
  poolAddress: string;
  user?: string;
  password?: string;
  cookieFile?: string;
  timeoutMs: number;
}

/** The node configured for a BHD-family coin, or undefined (the devnet). */
export function pocNodeConfig(config: Config, coin: (typeof POC_NODE_COINS)[number]): PocNodeConfig | undefined {
  const prefix = coin.toLowerCase() as 'bhd' | 'lhd' | 'hdd' | 'xhd';
  const url = config[`${prefix}RpcUrl`];
  if (!url) return undefined;
  const user = config[`${prefix}RpcUser`];
  const password = config[`${prefix}RpcPassword`];
  const cookieFile = config[`${prefix}RpcCookie`];
  const inUrl = new URL(url).username !== '';
  if (!cookieFile && user === undefined && !inUrl)
    throw new ConfigError(`${coin}_RPC_URL needs credentials: ${coin}_RPC_USER and ${coin}_RPC_PASSWORD, ${coin}_RPC_COOKIE, or user:password@ in the URL`);
  if ((user === undefined) !== (password === undefined)) throw new ConfigError(`${coin}_RPC_USER and ${coin}_RPC_PASSWORD go together`);
  const poolAddress = config[`${prefix}PoolAddress`];
  if (!poolAddress) throw new ConfigError(`${coin}_RPC_URL needs ${coin}_POOL_ADDRESS: the address plotters bind to`);
  return {
    url,
    poolAddress,
    timeoutMs: config.pocRpcTimeoutMs,
    ...(user !== undefined && password !== undefined ? { user, password } : {}),
    ...(cookieFile ? { cookieFile: cookieFile.replace(/^~(?=\/|$)/, os.homedir()) } : {}),
  };
}

export interface SignumNodeConfig {
  url: string;
  /** The pool's account, written `S-XXXX-XXXX-XXXX-XXXXX`. */
  poolAddress: string;
  passphrase?: string;
  timeoutMs: number;
  /** The fee of each withdrawal, NQT. */
  feeNqt: bigint;
}

/** The Signum node configured for BURST (BURST_RPC_URL), or undefined (the devnet). */
export function signumNodeConfig(config: Config): SignumNodeConfig | undefined {
  if (!config.burstRpcUrl) return undefined;
  const id = signumAccountId(config.burstPoolAddress);
  if (id === undefined) throw new ConfigError('BURST_RPC_URL needs BURST_POOL_ADDRESS: the account plotters set as their reward recipient');
  return {
    url: config.burstRpcUrl,
    poolAddress: signumAddressOf(id),
    timeoutMs: config.pocRpcTimeoutMs,
    feeNqt: BigInt(config.burstWalletFeeNqt),
    ...(config.burstPoolPassphrase ? { passphrase: config.burstPoolPassphrase } : {}),
  };
}

/** The MassNet wallet the staking-income job reads (MASS_WALLET_URL), or undefined (the devnet). */
export function massWalletConfig(config: Config): { url: string; addresses: string[]; timeoutMs: number } | undefined {
  if (!config.massWalletUrl) return undefined;
  if (!config.massStakingAddresses?.length) throw new ConfigError("MASS_WALLET_URL needs MASS_STAKING_ADDRESSES: the pool's staking addresses");
  return { url: config.massWalletUrl, addresses: config.massStakingAddresses, timeoutMs: config.pocRpcTimeoutMs };
}

/** The configuration table in Markdown, as the README shows it. */
export function configTable(): string {
  const rows = Object.values(SETTINGS).map((doc: SettingDoc) => `| \`${doc.env}\` | \`${doc.default}\` | ${doc.meaning} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
