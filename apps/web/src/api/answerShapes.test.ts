import { COIN_SEEDS, POOL_SEEDS, SERVER_LINE_SEEDS } from '@platter/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shapeOf } from '../lib/shapeOf.ts';
import { aliceInfo } from '../test/fixtures.ts';
import { ANSWER_SCHEMAS, type AnswerName } from './answerSchemas.ts';
import { readAnswer } from './answerShapes.ts';

/** The shape's reading and the schema's parse of one value: the same success, the same value. */
function expectAsSchema(name: AnswerName, value: unknown): boolean {
  const parsed = ANSWER_SCHEMAS[name].safeParse(value);
  const read = readAnswer(name, value);
  expect(read.ok).toBe(parsed.success);
  if (read.ok && parsed.success) expect(read.value).toEqual(parsed.data);
  return read.ok;
}

const coin = COIN_SEEDS[0];
const pool = POOL_SEEDS[0];

describe('the frame checks its first answers by shapes built from the schemas', () => {
  it('reads user info as the schema parses it: defaults put in, unknown keys dropped', () => {
    expect(expectAsSchema('userInfo', aliceInfo)).toBe(true);
    const { security_level: _level, telegram: _telegram, last_login: _last, ...older } = aliceInfo;
    expect(expectAsSchema('userInfo', { ...older, admin_secret: 'x' })).toBe(true);
    const read = readAnswer('userInfo', { ...older, admin_secret: 'x' });
    expect(read.ok && read.value).toMatchObject({ security_level: 'low', telegram: false, last_login: null });
    expect(read.ok && 'admin_secret' in read.value).toBe(false);
  });

  it('refuses user info the schema refuses, naming the field', () => {
    expect(expectAsSchema('userInfo', { ...aliceInfo, sms: 'yes' })).toBe(false);
    expect(expectAsSchema('userInfo', { ...aliceInfo, language: 'de' })).toBe(false);
    expect(expectAsSchema('userInfo', { ...aliceInfo, login_time: 1.5 })).toBe(false);
    expect(expectAsSchema('userInfo', { ...aliceInfo, last_login: { time: 1, ip: 2 } })).toBe(false);
    expect(readAnswer('userInfo', { ...aliceInfo, last_login: { time: 1, ip: 2, location: '', device: '' } })).toEqual({ ok: false, path: 'last_login.ip' });
    expect(expectAsSchema('userInfo', null)).toBe(false);
  });

  it('reads the registries and server lines, and refuses a bad entry', () => {
    expect(expectAsSchema('coinSettings', COIN_SEEDS)).toBe(true);
    expect(expectAsSchema('poolSettings', POOL_SEEDS)).toBe(true);
    expect(expectAsSchema('serverLines', SERVER_LINE_SEEDS)).toBe(true);
    expect(expectAsSchema('coinSettings', [{ ...coin, withdraw_fee: '0.1.2' }])).toBe(false);
    expect(expectAsSchema('coinSettings', [{ ...coin, capacity_base: 999 }])).toBe(false);
    expect(expectAsSchema('coinSettings', [{ ...coin, display_scale: -1 }])).toBe(false);
    expect(expectAsSchema('coinSettings', [{ ...coin, market: null, merge_pool: null }])).toBe(true);
    expect(expectAsSchema('poolSettings', [{ ...pool, share_type: 'SOLO' }])).toBe(false);
    expect(readAnswer('poolSettings', [pool, { ...pool, name: 7 }])).toEqual({ ok: false, path: '[1].name' });
  });

  it('reads the remembered state field by field, as its schema does', () => {
    expect(expectAsSchema('persisted', { poolType: 'ar', userInfo: { email: 1 }, coinInfo: 'x', openedPools: ['chia'], clearAt: 5 })).toBe(true);
    expect(expectAsSchema('persisted', { userInfo: aliceInfo, coinInfo: COIN_SEEDS, poolInfo: POOL_SEEDS, searchPools: [], poolType: '' })).toBe(true);
    expect(expectAsSchema('persisted', 'text')).toBe(false);
    const stored = readAnswer('persisted', JSON.parse('{"assets": {"__proto__": {"polluted": true}, "XCH": "1"}}'));
    expect(stored.ok && stored.value.assets).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "XCH": "1"}'));
    expect(stored.ok && Object.getPrototypeOf(stored.value.assets)).toBe(Object.prototype);
  });

  it('stops the build on a schema the shapes cannot check rather than let anything through', () => {
    expect(() => shapeOf(z.object({ at: z.date() }))).toThrow(/date/);
    expect(() => shapeOf(z.string().email())).toThrow(/string_format\/email/);
    expect(() => shapeOf(z.array(z.number()).length(2))).toThrow();
  });
});
