import { AppError, pocDevEndpoints } from '@platter/domain';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PocPoolEntry } from './setup.ts';

/**
 * Development only (under /api/dev/, the dev helpers' rule): what a BHD wallet's `bindplotter`
 * does on a real chain — binds a plotter id to a pool's address on the devnet chain of its coin
 * (or unbinds it), mined into the next block.
 */
export function pocDevRoutes(app: ZodApp, deps: { pools: ReadonlyMap<string, PocPoolEntry> }): void {
  route(app, pocDevEndpoints.bind, {}, async (request) => {
    const entry = deps.pools.get(request.body.pool);
    if (!entry?.devnet) throw new AppError('POOL_NOT_FOUND');
    const address = entry.service.settings.address;
    const { txid } = await entry.devnet.bindPlotter(BigInt(request.body.plotter_id), address, request.body.unbind === true);
    return ok(request, { txid, address, coin: entry.coin });
  });
}
