import { settingEndpoints, userEndpoints, type CoinSetting, type Lang, type PoolInfo, type ServerLine, type UserInfo } from '@platter/domain';
import { readAnswer } from './answerShapes.ts';
import type { AnswerValue } from './answerSchemas.ts';
import { api, dataOf, isEmptyAnswer, type ApiClient } from './index.ts';

/** The calls of the page frame (spec doc 2 §7), each a typed function over the client. */

/** GET /api/user/info: the user, or null when signed out (202) or the answer is unusable. */
export async function fetchUserInfo(client: ApiClient = api): Promise<UserInfo | null> {
  const data = dataOf<unknown>(await client.send(userEndpoints.info));
  if (data === undefined || data === null) return null;
  const parsed = readAnswer('userInfo', data);
  if (!parsed.ok) {
    console.error('user info does not match the schema at', parsed.path);
    return null;
  }
  return parsed.value;
}

/**
 * GET /api/user/checkRegister: true when registration is open (code 200). A failure or any
 * other code means closed; the caller shows the 'not registrable' modal, so no toast here.
 */
export async function checkRegistrationOpen(client: ApiClient = api): Promise<boolean> {
  try {
    const answer = await client.send(userEndpoints.checkRegister, undefined, { userTriggered: true, quiet: true });
    return !isEmptyAnswer(answer) && answer.code === 200;
  } catch {
    return false;
  }
}

/** POST /api/user/SetLanguage (works signed out too). */
export async function saveLanguage(language: Lang, client: ApiClient = api): Promise<void> {
  await client.send(userEndpoints.setLanguage, { language }, { userTriggered: true });
}

/** POST /api/user/dologout: true when the answer is the empty object (or a plain 200). */
export async function logout(client: ApiClient = api): Promise<boolean> {
  const answer = await client.send(userEndpoints.dologout, undefined, { userTriggered: true });
  return isEmptyAnswer(answer) || answer.code === 200;
}

/** A registry list checked against its schema's shape (api/answerSchemas.ts); none when it does not match. */
function listOf<K extends 'coinSettings' | 'poolSettings' | 'serverLines'>(name: K, data: unknown, what: string): AnswerValue<K> | [] {
  const parsed = readAnswer(name, data ?? []);
  if (parsed.ok) return parsed.value;
  console.error(`${what} do not match the schema at`, parsed.path);
  return [];
}

/** GET /api/setting/coin: the coin registry. */
export async function fetchCoinSettings(client: ApiClient = api): Promise<CoinSetting[]> {
  return listOf('coinSettings', dataOf<unknown>(await client.send(settingEndpoints.coin, {})), 'coin settings');
}

/** GET /api/setting/pool: the pool registry. */
export async function fetchPoolSettings(client: ApiClient = api): Promise<PoolInfo[]> {
  return listOf('poolSettings', dataOf<unknown>(await client.send(settingEndpoints.pool, {})), 'pool settings');
}

/** GET /api/setting/lines: server lines by region. */
export async function fetchServerLines(client: ApiClient = api): Promise<ServerLine[]> {
  return listOf('serverLines', dataOf<unknown>(await client.send(settingEndpoints.lines)), 'server lines');
}
