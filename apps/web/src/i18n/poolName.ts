import type { TFunction } from 'i18next';

/**
 * A pool's name in the reader's language. The registry's names (`POOL_SEEDS`) are English; the
 * ones with words in them (cooperation pools, test networks) have a translation under
 * `poolPublic.poolName.<type>`; a coin's own name (Chia, BHD, Iron Fish) stays as it is.
 */
export const poolName = (t: TFunction, type: string, name: string): string => t(`poolPublic.poolName.${type}`, { defaultValue: name });
