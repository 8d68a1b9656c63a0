import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../../../test/channel-doubles.ts';
import { testDatabase } from '../../../test/db.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { notify } from '../events/events.service.ts';
import { channelBox } from './sealed.ts';

/**
 * A worker process killed with SIGKILL in the middle of a delivery run loses nothing: the
 * message the receiver got but the worker never recorded is sent once more by the next worker,
 * with the same idempotency key, and the ones after it are sent once. The real `npm start`
 * entry point (PLATTER_ROLE=worker) on the job engine, a real receiver on loopback.
 */

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');
const SECRET = 'message-delivery-kill-test-secret-0123456789';
const WEBHOOK_SECRET = 'whsec-kill-test-0123456789';

let db: Db;
let url: string;
let dataDir: string;
let userId: string;
const children: ChildProcess[] = [];
let output = '';
const rx = await webhookReceiver({ secret: WEBHOOK_SECRET });

beforeAll(async () => {
  ({ db, url } = await testDatabase());
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-delivery-'));
  userId = (await buildUser(db, { email: 'kill@example.com' })).id;
  const channel = await db
    .insertInto('message_channels')
    .values({
      user_id: userId,
      kind: 'webhook',
      target: rx.base,
      config: channelBox(SECRET).seal({ kind: 'webhook', url: `${rx.base}/hook`, secret: WEBHOOK_SECRET }),
      verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('message_event_channels').values({ channel_id: channel.id, user_id: userId, event: 'deposit_credited' }).execute();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rx.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PLATTER_ROLE: 'worker',
      DATABASE_URL: url,
      DB_POOL_SIZE: '6',
      SESSION_SECRET: SECRET,
      PLATTER_DATA_DIR: dataDir,
      SIMULATOR: 'false',
      WORKER_INTERVAL_MS: '300',
      MESSAGE_WEBHOOK_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return child;
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 90_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('a worker killed during delivery', () => {
  it('loses nothing and sends the interrupted message at most once more, with the same idempotency key', async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 4; i++) await notify(trx, userId, { key: 'deposit_credited', subject: `dep${i}`, params: { amount: String(i), unit: 'XCH', txid: `tx${i}` } });
    });
    const keys = (await db.selectFrom('message_outbox').select(['idempotency_key', 'subject']).orderBy('id').execute()).map((r) => r.idempotency_key);
    expect(keys.length).toBe(4);

    // The receiver takes the second message in, then its sender dies before hearing the answer.
    const first = startWorker();
    let seen = 0;
    rx.intercept((req, res) => {
      seen += 1;
      if (seen !== 2) return false;
      rx.accepted.set(String(req.headers['idempotency-key']), req);
      first.kill('SIGKILL');
      res.destroy();
      return true;
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker never sent the second message:\n${output}`)), 150_000);
      first.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    expect(first.signalCode).toBe('SIGKILL');
    rx.intercept(undefined);

    const afterKill = await db.selectFrom('message_outbox').select(['idempotency_key', 'status', 'attempts']).orderBy('id').execute();
    expect(afterKill.map((r) => r.status)).toEqual(['sent', 'pending', 'pending', 'pending']);
    expect(afterKill[1]?.attempts).toBe(1);

    // The lease of the dead worker's rows runs out (two minutes; here at once), and a new worker takes over.
    await sql`UPDATE message_outbox SET next_attempt_at = now() WHERE status = 'pending'`.execute(db);
    const second = startWorker();
    await until(async () => (await db.selectFrom('message_outbox').select('id').where('status', '=', 'sent').execute()).length === 4, 'every message sent');
    second.kill('SIGTERM');

    const perKey = new Map<string, number>();
    for (const r of rx.received) {
      const key = String(r.headers['idempotency-key']);
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
    }
    // Every message arrived; the interrupted one twice with one key; none more than twice.
    expect([...rx.accepted.keys()].sort()).toEqual([...keys].sort());
    expect(keys.map((k) => perKey.get(k))).toEqual([1, 2, 1, 1]);
    expect(rx.accepted.get(keys[1] ?? '')?.json).toMatchObject({ event: 'deposit_credited', id: keys[1] });
  }, 300_000);
});
