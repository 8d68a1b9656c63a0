import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { buildUser, runWorkerRound } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { runNoticeJobs, sendNotification } from './inmail.service.ts';

/**
 * A notification to every user is a job that survives a restart: it stops part-way, a new
 * worker resumes it, and nobody gets it twice — not even when the saved progress is behind
 * what was delivered.
 */

let db: Db;
let adminId: string;
const users: string[] = [];
const text = (en: string) => ({ en, zh: en, ru: en });

beforeAll(async () => {
  ({ db } = await testDatabase());
  adminId = (await buildUser(db, { role: 'admin' })).id;
  for (let i = 0; i < 9; i++) users.push((await buildUser(db)).id);
  // Not activated yet: cannot sign in, so not a recipient.
  await buildUser(db, { email: 'pending@example.com', status: 'pending' });
});

async function noticeRow(id: string) {
  return db.selectFrom('inmail_notices').select(['status', 'sent', 'total', 'cursor_user_id', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function copiesPerUser(noticeId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('inmail_messages').select(['user_id']).where('notice_id', '=', noticeId).execute();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.user_id, (counts.get(r.user_id) ?? 0) + 1);
  return counts;
}

describe('a notification to every user', () => {
  it('stops part-way, and a restarted worker finishes it with one copy per user', async () => {
    const { id, total } = await sendNotification(db, adminId, { type: 'system', title: text('Hello all'), content: text('<p>Hi</p>') });
    expect(total).toBe(10); // nine users and the admin; the pending account is left out

    // The first process delivers two batches of three, then stops (killed, deployed, …).
    expect(await runNoticeJobs(db, { batchSize: 3, maxBatches: 2 })).toEqual({ delivered: 6, batches: 2 });
    expect(await noticeRow(id)).toMatchObject({ status: 'running', sent: 6, total: 10, finished_at: null });
    expect((await copiesPerUser(id)).size).toBe(6);

    // A user registered after the send is not part of it.
    const late = await buildUser(db);

    // The restarted worker (the job engine with the notices job) picks the unfinished job up on its first run.
    await runWorkerRound(db, ['notices']);

    expect(await noticeRow(id)).toMatchObject({ status: 'done', sent: 10, total: 10, finished_at: expect.any(Date) });
    const copies = await copiesPerUser(id);
    expect([...copies.keys()].sort()).toEqual([adminId, ...users].sort());
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    expect(copies.has(late.id)).toBe(false);
  });

  it('never delivers twice even when the saved progress is behind what was delivered', async () => {
    const { id } = await sendNotification(db, adminId, { type: 'system', title: text('Second'), content: text('<p>Again</p>') });
    await runNoticeJobs(db, { batchSize: 4, maxBatches: 2 });
    // As if the last progress update were lost: the cursor goes back to the start.
    await db.updateTable('inmail_notices').set({ cursor_user_id: '0', sent: 0 }).where('id', '=', id).execute();
    await runNoticeJobs(db, { batchSize: 4 });
    const copies = await copiesPerUser(id);
    expect(copies.size).toBe(11); // everyone active when it was sent, the late user included
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    // The progress is counted from the messages themselves, so it is right again.
    expect(await noticeRow(id)).toMatchObject({ status: 'done', sent: 11, total: 11 });
  });
});
