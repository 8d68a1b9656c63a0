import { adminWalletEndpoints, devnetEndpoints, walletEndpoints } from '@platter/domain';
import { route } from '../../http/route.ts';
import type { FastifyRequest } from 'fastify';
import type { ChainRegistry } from '../../chain/chain.ts';
import type { DevnetRegistry } from '../../chain/devnet.ts';
import type { Db } from '../../db/database.ts';
import { requireRole, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import type { ZodApp } from '../../http/types.ts';
import type { sessionService } from '../session/session.service.ts';
import { deleteAddress, listAddresses, updateRemark } from './addresses.ts';
import { getAutoPay } from './autopay.ts';
import { coinRules, units } from '../coins/coins.ts';
import { depositLog, rechargeAddress } from './deposits.ts';
import { applyExport, exportFile, exportStatus } from './exports.ts';
import { assetLog, miningIncome, totalAssets } from './ledger-views.ts';
import type { WalletService } from './wallet.service.ts';
import type { ReviewSchedule } from '../withdraw/withdraw.service.ts';

interface Deps {
  db: Db;
  sessions: ReturnType<typeof sessionService>;
  wallet: WalletService;
  chains: ChainRegistry;
  schedule: ReviewSchedule;
  limits: RateLimits;
  /** Starts building an export now (the worker would pick it up too). */
  kickExports?: () => void;
}

/** The user's wallet (spec doc 2 §7 'Assets and logs' and the address calls). */
export function walletRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, wallet, chains, limits } = deps;
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  route(app, walletEndpoints.totalassets, {}, async (request) => ok(request, await totalAssets(db, await signedIn(request))));

  route(app, walletEndpoints.miningincome, {}, async (request) => ok(request, await miningIncome(db, await signedIn(request), request.query.coin)));

  route(app, walletEndpoints.rechargeaddress, {}, async (request) => ok(request, await rechargeAddress(db, chains, await signedIn(request), request.query.coin)));

  route(app, walletEndpoints.recharge, {}, async (request) => ok(request, await depositLog(db, chains, await signedIn(request), request.query)));

  route(app, walletEndpoints.withdrawaddresses, {}, async (request) => ok(request, await listAddresses(db, await signedIn(request), request.query.coin)));

  route(app, walletEndpoints.addwithdrawaddress, { config: limits.auth }, async (request) => ok(request, await wallet.addAddress(await signedIn(request), request.body)));

  route(app, walletEndpoints.updatewithdrawaddressremark, {}, async (request) => {
    await updateRemark(db, await signedIn(request), request.body.id, request.body.remark);
    return ok(request, null);
  });

  route(app, walletEndpoints.withdrawaddress, {}, async (request) => {
    await deleteAddress(db, await signedIn(request), request.query.id);
    return ok(request, null);
  });

  route(app, walletEndpoints.withdraw, { config: limits.auth }, async (request) => ok(request, await wallet.withdraw(await signedIn(request), request.body)));

  route(app, walletEndpoints.transfer, { config: limits.auth }, async (request) => ok(request, await wallet.transfer(await signedIn(request), request.body)));

  route(app, walletEndpoints.getAutoWithdrawAddresses, {}, async (request) => ok(request, await getAutoPay(db, await signedIn(request), request.query.coin)));

  route(app, walletEndpoints.setAutoWithdrawAddress, {}, async (request) => {
    await wallet.setAutoPay(await signedIn(request), request.body);
    return ok(request, null);
  });

  route(app, walletEndpoints.asset, {}, async (request) => ok(request, await assetLog(db, await signedIn(request), request.query)));

  route(app, walletEndpoints.applyForDownload, {}, async (request) => {
    const job = await applyExport(db, await signedIn(request), request.body);
    deps.kickExports?.();
    return ok(request, job);
  });

  route(app, walletEndpoints.getDownloadStatus, {}, async (request) => ok(request, await exportStatus(db, await signedIn(request), request.query.id)));

  route(app, walletEndpoints.downloadExcel, {}, async (request, reply) => {
    const file = await exportFile(db, await signedIn(request), request.query.id);
    return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.name}"`).header('cache-control', 'no-store').send(file.content);
  });
}

/** The back office's wallet calls (spec doc 2 §7 'Admin'). */
export function adminWalletRoutes(app: ZodApp, deps: Deps): void {
  const { sessions, wallet } = deps;
  // The fee is the operator's (admin); the withdrawal reviews: modules/withdraw.

  route(app, adminWalletEndpoints.updatewithdrawfee, { config: { role: 'admin' } }, async (request) => {
    await wallet.updateWithdrawFee(await requireRole(sessions, request, 'admin'), request.body.coin, request.body.fee);
    return ok(request, null);
  });
}

/** Development only: send coins from 'outside' to an address on the devnet, and mine blocks. */
export function devnetRoutes(app: ZodApp, deps: { db: Db; devnet: DevnetRegistry; kickWorker?: () => void }): void {
  route(app, devnetEndpoints.send, {}, async (request) => {
    const coin = await coinRules(deps.db, request.body.coin);
    const sent = await deps.devnet.receive(coin.type, request.body.address, units(request.body.amount, coin.scale));
    deps.kickWorker?.();
    return ok(request, sent);
  });
}
