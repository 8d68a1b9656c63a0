import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` for every item, each on its own: an item that throws is logged and the others still
 * run; afterwards the job fails (and is retried) naming the items that failed.
 */
export async function forEachIsolated<T>(items: readonly T[], name: (item: T) => string, work: (item: T) => Promise<void>, logger: FastifyBaseLogger): Promise<void> {
  const failed: string[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      failed.push(name(item));
      logger.error({ err: error, item: name(item) }, `${name(item)} failed`);
    }
  }
  if (failed.length > 0) throw new Error(`failed for ${failed.join(', ')} (the others ran)`);
}
