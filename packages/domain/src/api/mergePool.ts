import { z } from 'zod';
import { dashboardSummarySchema, poolField } from './pool.ts';
import { text } from './text.ts';

/**
 * Merged mining (issue 21; the coins' `merge_pool` setting, spec doc 1 §3): LHD, HDD and XHD
 * are mined with BHD's plots, so a farmer's rigs mine the pools of one merge pool at once. The
 * user sees them as one farm of that pool type (ECO or CO) with each coin's own figures and
 * income (doc 1 §9 'Revenue shares': each coin pays its own share of the block yield).
 */
export const mergePoolQuery = z.object({ pool: poolField });

export const mergePoolFarmSchema = z.object({
  /** The coin whose plots the others share (BHD). */
  merge_pool: text(),
  pool_type: text(),
  /** The pools of the farm, the merge pool's own first. */
  pools: z.array(text()),
  /** Distinct rigs (by name) online and offline across the pools. */
  online: z.number().int(),
  offline: z.number().int(),
  capacity: text().meta({
    description:
      "The farm's capacity estimated from the verified deadlines, bytes: each online rig once, at the mean of its coins' estimates that are not zero (each estimates the same plots)",
  }),
  reported_capacity: text().meta({ description: "What the farm's online rigs report, bytes (each rig counted once, at the most it reports to any of the pools)" }),
  /** Each coin's dashboard figures, and the capacity estimated from its online rigs' deadlines there (bytes). */
  coins: z.array(dashboardSummarySchema.extend({ estimated_capacity: text() })),
});
export type MergePoolFarm = z.infer<typeof mergePoolFarmSchema>;
