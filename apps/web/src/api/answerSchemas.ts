import { coinSettingSchema, DEFAULT_POOL_TYPE, poolInfoSchema, serverLineSchema, userInfoSchema } from '@platter/domain';
import { z } from 'zod';
import { shapeOf } from '../lib/shapeOf.ts';
import type { Shape } from '../lib/shape.ts';
import { DEFAULT_SEARCH_POOLS } from '../state/store.ts';

/**
 * What the frame starts with, as schemas: for the build and tests only. The build turns them
 * into shapes (vite.config.ts `define`, read by api/answerShapes.ts), so that the first load
 * builds neither zod nor a schema; nothing the app loads may import this file.
 */
export const ANSWER_SCHEMAS = {
  /** GET /api/user/info */
  userInfo: userInfoSchema,
  /** GET /api/setting/coin */
  coinSettings: z.array(coinSettingSchema),
  /** GET /api/setting/pool */
  poolSettings: z.array(poolInfoSchema),
  /** GET /api/setting/lines */
  serverLines: z.array(serverLineSchema),
  /** The remembered state (localStorage 'h9'): each field falls back to its default on its own, so one bad field never loses the rest. */
  persisted: z.object({
    userInfo: userInfoSchema.nullable().catch(null),
    assets: z.record(z.string(), z.unknown()).nullable().catch(null),
    coinInfo: z.array(coinSettingSchema).catch([]),
    poolInfo: z.array(poolInfoSchema).catch([]),
    openedPools: z.array(z.string()).catch([]),
    poolType: z.string().min(1).catch(DEFAULT_POOL_TYPE),
    searchPools: z
      .array(z.object({ type: z.string(), icon: z.string() }))
      .min(1)
      .catch([...DEFAULT_SEARCH_POOLS]),
    clearAt: z.number().nullable().catch(null),
  }),
};

export type AnswerName = keyof typeof ANSWER_SCHEMAS;
export type AnswerValue<K extends AnswerName> = z.output<(typeof ANSWER_SCHEMAS)[K]>;

/** The shapes the build defines as __ANSWER_SHAPES__. */
export function answerShapes(): Record<AnswerName, Shape> {
  return Object.fromEntries(Object.entries(ANSWER_SCHEMAS).map(([name, schema]) => [name, shapeOf(schema, name)])) as Record<AnswerName, Shape>;
}
