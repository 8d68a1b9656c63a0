import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Loopback HTTP servers that play the services the message channels post to (issue 24), each
 * checking the request the way the service documents and answering with the service's own
 * bodies: Telegram's Bot API, a DingTalk signed robot (its 20-a-minute limit included), a
 * Feishu signed robot, a WeCom keyed robot, a generic webhook receiver that checks the
 * HMAC signature, the replay window and the idempotency key, and an SMS gateway.
 */

export interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  json: Record<string, unknown>;
}

async function serve(handler: (req: Received, res: ServerResponse) => void | Promise<void>): Promise<{ server: Server; base: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // left empty: the handler answers a bad body
      }
      const entry = { path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
      received.push(entry);
      void Promise.resolve(handler(entry, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, base: `http://127.0.0.1:${address.port}`, received };
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Counts requests per key in the current minute (the robots' per-minute limits). */
function perMinute(limit: number, now: () => number) {
  const hits = new Map<string, number[]>();
  return (key: string): boolean => {
    const t = now();
    const list = (hits.get(key) ?? []).filter((at) => at > t - 60_000);
    list.push(t);
    hits.set(key, list);
    return list.length > limit;
  };
}

/** Telegram Bot API: POST /bot<token>/sendMessage. */
export async function telegramDouble(opts: { tokens: string[]; chats: string[] }) {
  let floodFor = 0;
  const s = await serve((req, res) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.path);
    if (!match) return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    if (!opts.tokens.includes(match[1] ?? '')) return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (floodFor > 0) {
      floodFor -= 1;
      return send(res, 429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    }
    const chat = String(req.json.chat_id ?? '');
    const text = typeof req.json.text === 'string' ? req.json.text : '';
    if (!opts.chats.includes(chat)) return send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    if (text.trim() === '') return send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    if (text.length > 4096) return send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message is too long' });
    send(res, 200, { ok: true, result: { message_id: s.received.length, chat: { id: chat }, date: Math.floor(Date.now() / 1000), text } });
  });
  return { ...s, flood: (times: number) => (floodFor = times), close: () => close(s.server) };
}

/** DingTalk custom robot with "additional signature": POST /robot/send?access_token&timestamp&sign. */
export async function dingtalkDouble(opts: { robots: Record<string, string>; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const limited = perMinute(20, now);
  const s = await serve((req, res) => {
    if (req.path !== '/robot/send') return send(res, 404, { errcode: 404, errmsg: 'not found' });
    const token = req.query.get('access_token') ?? '';
    const secret = opts.robots[token];
    if (secret === undefined) return send(res, 200, { errcode: 300001, errmsg: 'token is not exist' });
    const timestamp = req.query.get('timestamp') ?? '';
    // The query as sent: its sign is URL-encoded once; URLSearchParams decodes it.
    const sign = req.query.get('sign') ?? '';
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    if (!/^\d+$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > 3600_000 || sign !== expected)
      return send(res, 200, { errcode: 310000, errmsg: 'sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]' });
    if (limited(token)) return send(res, 200, { errcode: 130101, errmsg: 'send too fast, exceed 20 times per minute' });
    const text = (req.json.text as { content?: unknown } | undefined)?.content;
    if (req.json.msgtype !== 'text' || typeof text !== 'string' || text === '') return send(res, 200, { errcode: 40035, errmsg: '缺少参数 json' });
    send(res, 200, { errcode: 0, errmsg: 'ok' });
  });
  return { ...s, close: () => close(s.server) };
}

/** Feishu custom bot with signature verification: POST /open-apis/bot/v2/hook/<hook>. */
export async function feishuDouble(opts: { hooks: Record<string, string>; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const s = await serve((req, res) => {
    const hook = /^\/open-apis\/bot\/v2\/hook\/([\w-]+)$/.exec(req.path)?.[1] ?? '';
    const secret = opts.hooks[hook];
    if (secret === undefined) return send(res, 200, { code: 19001, data: {}, msg: 'param invalid: incoming webhook access token invalid' });
    const timestamp = String(req.json.timestamp ?? '');
    const expected = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > 3600 || req.json.sign !== expected)
      return send(res, 200, { code: 19021, data: {}, msg: 'sign match fail or timestamp is not within one hour from current time' });
    const text = (req.json.content as { text?: unknown } | undefined)?.text;
    if (req.json.msg_type !== 'text' || typeof text !== 'string') return send(res, 200, { code: 9499, data: {}, msg: 'Bad Request' });
    send(res, 200, { StatusCode: 0, StatusMessage: 'success', code: 0, data: {}, msg: 'success' });
  });
  return { ...s, close: () => close(s.server) };
}

/** WeCom group robot: POST /cgi-bin/webhook/send?key=<key>. */
export async function wecomDouble(opts: { keys: string[]; now?: () => number }) {
  const limited = perMinute(20, opts.now ?? Date.now);
  const s = await serve((req, res) => {
    const key = req.query.get('key') ?? '';
    if (req.path !== '/cgi-bin/webhook/send' || !opts.keys.includes(key))
      return send(res, 200, {
        errcode: 93000,
        errmsg: 'invalid webhook url, hint: [1700000000_1_abc], from ip: 127.0.0.1, more info at https://open.work.weixin.qq.com/devtool/query?e=93000',
      });
    if (limited(key)) return send(res, 200, { errcode: 45009, errmsg: 'api freq out of limit' });
    const content = (req.json.text as { content?: unknown } | undefined)?.content;
    if (req.json.msgtype !== 'text' || typeof content !== 'string') return send(res, 200, { errcode: 40008, errmsg: 'invalid message type' });
    if (Buffer.byteLength(content) > 2048) return send(res, 200, { errcode: 40058, errmsg: 'content exceed max length 2048' });
    send(res, 200, { errcode: 0, errmsg: 'ok' });
  });
  return { ...s, close: () => close(s.server) };
}

/**
 * A generic webhook receiver as a user would write one: checks the signature over
 * "<timestamp>.<body>", refuses a timestamp outside the replay window, and keeps one copy per
 * idempotency key (`accepted`); `answer` makes it fail on purpose; `hold` keeps requests open.
 */
export async function webhookReceiver(opts: { secret: string; windowSeconds?: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const windowSeconds = opts.windowSeconds ?? 300;
  const accepted = new Map<string, Received>();
  let answer: number | undefined;
  let onRequest: ((req: Received, res: ServerResponse) => boolean) | undefined;
  const s = await serve((req, res) => {
    if (onRequest?.(req, res)) return;
    if (answer !== undefined) return send(res, answer, { error: 'failing on purpose' });
    const timestamp = String(req.headers['x-platter-timestamp'] ?? '');
    const signature = String(req.headers['x-platter-signature'] ?? '');
    const expected = `sha256=${createHmac('sha256', opts.secret).update(`${timestamp}.${req.body}`).digest('hex')}`;
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return send(res, 401, { error: 'bad signature' });
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > windowSeconds) return send(res, 401, { error: 'outside the replay window' });
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!key) return send(res, 400, { error: 'no idempotency key' });
    if (!accepted.has(key)) accepted.set(key, req);
    send(res, 200, { ok: true });
  });
  return {
    ...s,
    accepted,
    failWith: (status: number | undefined) => (answer = status),
    intercept: (fn: typeof onRequest) => (onRequest = fn),
    close: () => close(s.server),
  };
}
