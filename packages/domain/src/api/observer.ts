import { z } from 'zod';
import { pageOf, pagingQuery } from './envelope.ts';
import { codeField, msg, text, idField } from './fields.ts';
import { dashboardSummarySchema, incomeQuery, miningDetailQuery, minerQuery, plotCountersSchema, plotQuery, plotSchema, poolField, shareSeriesQuery } from './pool.ts';

/**
 * The watcher (observer) calls of spec doc 2 §7 under /api/observer/, and the user's security
 * key (spec doc 1 §3 'User: security key') they are authorised with. A user (the owner) gives
 * a watcher their security key and a current authenticator code: that is their consent. The
 * watcher then reads the owner's pool data, read-only: never balances, addresses,
 * withdrawals, security or messages (spec doc 1 §6 'Watcher'). The security key's own calls
 * are in securityKey.ts: they take security codes, and the pool pages that read a watched
 * user's data import this module without the security centre's schemas.
 */

/** Watched users per watcher (spec doc 1 §5, §9; doc 2 §5, §9). */
export const WATCH_LIST_MAX = 30;

/** The security key: `psk_` and 32 URL-safe characters (24 random bytes). */
export const SECURITY_KEY_PREFIX = 'psk_';
export const securityKeyField = text({ error: msg('WATCH_VERIFY_FAILED') })
  .trim()
  .regex(/^psk_[A-Za-z0-9_-]{32}$/, msg('WATCH_VERIFY_FAILED'))
  .meta({ description: 'The watched user’s security key (API key), from their security centre', example: 'psk_0123456789abcdefghijABCDEFGHIJ_-' });

/** A watched user's public id (uid). */
export const watchedUidField = text({ error: msg('INVALID_PARAMETER') })
  .trim()
  .regex(/^\d{1,18}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'The watched user’s uid, as GET /api/observer/list gives it', example: '12345678' });

// --- the watcher's side -----------------------------------------------------------------------------

export const observerRequirementsSchema = z.object({
  max: z.number().int(),
  count: z.number().int(),
  needs: z.array(z.enum(['security_key', 'google_code'])),
});

export const addWatchBody = z.object({
  key: securityKeyField,
  google_code: codeField.meta({ description: 'A current authenticator code of the watched user' }),
});

export const watchedUserSchema = z.object({
  uid: text(),
  name: text().meta({ description: 'Nickname, or the masked e-mail' }),
  since: z.number().int().meta({ description: 'Authorisation date, Unix seconds' }),
  allow_remove_offline: z.boolean(),
  pools: z.array(text()).meta({ description: 'The pools the watched user mines in' }),
});
export type WatchedUser = z.infer<typeof watchedUserSchema>;
export const watchListSchema = z.object({ list: z.array(watchedUserSchema), total: z.number().int(), max: z.number().int() });

export const watchUidBody = z.object({ uid: watchedUidField });

// --- the owner's side ("My authorization") ----------------------------------------------------------

export const authorizationSchema = z.object({
  id: text(),
  uid: text().meta({ description: 'The watcher’s uid' }),
  name: text().meta({ description: 'The watcher’s nickname, or masked e-mail' }),
  since: z.number().int().meta({ description: 'Authorisation date, Unix seconds' }),
  allow_remove_offline: z.boolean(),
});
export type Authorization = z.infer<typeof authorizationSchema>;
export const authListQuery = pagingQuery;
export const authListPage = pageOf(authorizationSchema);
export const removeAuthBody = z.object({ id: idField });

// --- the watched user's pool data -------------------------------------------------------------------

const watched = { uid: watchedUidField };
export const observerSummaryQuery = z.object({ ...watched, pool: poolField });
/** The dashboard summary without the balances (pending, available): a watcher never sees them. */
export const observerSummarySchema = dashboardSummarySchema.omit({ pending: true, available: true });
export type ObserverSummary = z.infer<typeof observerSummarySchema>;
export const observerMinerQuery = minerQuery.extend({ ...watched, pool: poolField });
export const observerIncomeQuery = incomeQuery.extend({ ...watched, pool: poolField });
export const observerDetailQuery = miningDetailQuery.extend(watched);
export const observerShareQuery = shareSeriesQuery.extend(watched);
export const observerPlotQuery = plotQuery.extend({ ...watched, pool: poolField });
/** Plots without the binding address: a watcher never sees an address. */
export const observerPlotSchema = plotSchema.omit({ bind_address: true });
export const observerPlotPage = pageOf(observerPlotSchema).extend({ counters: plotCountersSchema });
export const observerPoolBody = z.object({ ...watched, pool: poolField });
