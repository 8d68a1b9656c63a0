import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db.ts';
import { buildUser } from '../../test/factories.ts';
import type { Db } from './database.ts';
import { paginate } from './paginate.ts';

/** The one count-then-page helper: the total counts every filtered row, the page holds its slice in order. */

let db: Db;
const emails: string[] = [];

beforeAll(async () => {
  ({ db } = await testDatabase());
  for (let i = 0; i < 7; i++) emails.push((await buildUser(db, { email: `page-${i}@example.com` })).email);
  await buildUser(db, { email: 'other@example.org' });
});

const list = (page: number, count: number) => paginate(db.selectFrom('users').where('email', 'like', 'page-%'), { page, count }, (from) => from.select(['email']).orderBy('email'));

describe('paginate', () => {
  it('answers the page asked for and the count of every matching row', async () => {
    expect(await list(1, 3)).toEqual({ total: 7, rows: emails.slice(0, 3).map((email) => ({ email })) });
    expect(await list(2, 3)).toEqual({ total: 7, rows: emails.slice(3, 6).map((email) => ({ email })) });
    expect(await list(3, 3)).toEqual({ total: 7, rows: [{ email: emails[6] }] });
  });

  it('past the last page: no rows, the total still told', async () => {
    expect(await list(4, 3)).toEqual({ total: 7, rows: [] });
  });

  it('counts the base rows even when the page joins more columns in', async () => {
    const page = await paginate(db.selectFrom('users as u').where('u.email', 'like', 'page-%'), { page: 1, count: 2 }, (from) =>
      from.innerJoin('users as same', 'same.id', 'u.id').select(['u.email', 'same.role']).orderBy('u.email'),
    );
    expect(page).toEqual({
      total: 7,
      rows: [
        { email: emails[0], role: 'user' },
        { email: emails[1], role: 'user' },
      ],
    });
  });
});
