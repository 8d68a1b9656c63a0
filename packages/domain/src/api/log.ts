import { z } from 'zod';
import { text } from './text.ts';
import { pageOf, pagingQuery } from './envelope.ts';

/** How a sign-in attempt ended. */
export const LOGIN_RESULTS = ['success', 'wrong_password', 'second_factor_failed', 'not_activated', 'banned', 'locked'] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export const LOGIN_METHODS = ['email', 'account', 'phone', 'telegram', 'wechat'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** GET /api/log/login?page=&count= (count 1 to 200). */
export const loginLogQuery = pagingQuery;

export const loginLogItemSchema = z.object({
  time: z.number().int().meta({ description: 'Seconds since the epoch' }),
  ip: text(),
  device: text().meta({ description: "From the user agent, e.g. 'Chrome on Linux'" }),
  location: text().meta({ description: "Country in the interface language, or 'Local network'" }),
  country_code: text().meta({ description: "Two letters; '' for local or unknown" }),
  method: z.enum(LOGIN_METHODS),
  result: z.enum(LOGIN_RESULTS),
});
export type LoginLogItem = z.infer<typeof loginLogItemSchema>;

export const loginLogPage = pageOf(loginLogItemSchema);
