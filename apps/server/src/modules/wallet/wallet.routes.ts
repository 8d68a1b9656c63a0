import {
  addWithdrawAddressBody,
  applyExportBody,
  assetLogPage,
  assetLogQuery,
  autoPayQuery,
  autoPaySchema,
  deleteWithdrawAddressQuery,
  depositLogQuery,
  depositPage,
  devnetSendBody,
  devnetSendSchema,
  envelopeSchema,
  exportSchema,
  exportStatusQuery,
  miningIncomeQuery,
  miningIncomeSchema,
  rechargeAddressQuery,
  rechargeAddressSchema,
  setAutoPayBody,
  totalAssetsSchema,
  transferBody,
  transferResultSchema,
  updateRemarkBody,
  updateWithdrawFeeBody,
  withdrawAddressSchema,
  withdrawAddressesQuery,
  withdrawBody,
} from '@platter/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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

const nothing = envelopeSchema(z.null());
const idSchema = envelopeSchema(z.object({ id: z.string() }));

/** The user's wallet (spec doc 2 §7 'Assets and logs' and the address calls). */
export function walletRoutes(app: ZodApp, deps: Deps): void {
  const { db, sessions, wallet, chains, limits } = deps;
  const tags = ['assets'];
  const signedIn = async (request: FastifyRequest) => (await requireUser(sessions, request)).user_id;

  app.get(
    '/api/assets/totalassets',
    {
      schema: {
        tags,
        summary: 'Per coin: available, withdrawing, frozen, mortgage, pending earnings, finance, total, total earnings; and the currency block',
        response: { 200: envelopeSchema(totalAssetsSchema) },
      },
    },
    async (request) => ok(request, await totalAssets(db, await signedIn(request))),
  );

  app.get(
    '/api/assets/miningincome',
    {
      schema: {
        tags,
        summary: 'Mining income per coin: last 24 hours, total, pending (Auto Pay)',
        querystring: miningIncomeQuery,
        response: { 200: envelopeSchema(miningIncomeSchema) },
      },
    },
    async (request) => ok(request, await miningIncome(db, await signedIn(request), request.query.coin)),
  );

  app.get(
    '/api/assets/rechargeaddress',
    {
      schema: {
        tags,
        summary: 'The user’s deposit address for a coin (created on first request)',
        querystring: rechargeAddressQuery,
        response: { 200: envelopeSchema(rechargeAddressSchema) },
      },
    },
    async (request) => ok(request, await rechargeAddress(db, chains, await signedIn(request), request.query.coin)),
  );

  app.get(
    '/api/log/recharge',
    { schema: { tags: ['log'], summary: 'Deposits with their confirmations, newest first', querystring: depositLogQuery, response: { 200: envelopeSchema(depositPage) } } },
    async (request) => ok(request, await depositLog(db, chains, await signedIn(request), request.query)),
  );

  app.get(
    '/api/user/withdrawaddresses',
    { schema: { tags, summary: 'The address book', querystring: withdrawAddressesQuery, response: { 200: envelopeSchema(z.array(withdrawAddressSchema)) } } },
    async (request) => ok(request, await listAddresses(db, await signedIn(request), request.query.coin)),
  );

  app.post(
    '/api/user/addwithdrawaddress',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Adds an address (format checked per coin; security verification `address`); 10202 too many, 10203 exists',
        body: addWithdrawAddressBody,
        response: { 200: idSchema },
      },
    },
    async (request) => ok(request, await wallet.addAddress(await signedIn(request), request.body)),
  );

  app.post(
    '/api/user/updatewithdrawaddressremark',
    { schema: { tags, summary: 'Changes an address’s remark (at most 32 characters)', body: updateRemarkBody, response: { 200: nothing } } },
    async (request) => {
      await updateRemark(db, await signedIn(request), request.body.id, request.body.remark);
      return ok(request, null);
    },
  );

  app.delete(
    '/api/user/withdrawaddress',
    { schema: { tags, summary: 'Deletes an address; 10207 while Auto Pay income is on its way to it', querystring: deleteWithdrawAddressQuery, response: { 200: nothing } } },
    async (request) => {
      await deleteAddress(db, await signedIn(request), request.query.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/assets/withdraw',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Applies for a withdrawal to an address of the book (security verification `withdraw`; idempotent on request_id); reviewed in the daily batch, sent T+1',
        body: withdrawBody,
        response: { 200: idSchema },
      },
    },
    async (request) => ok(request, await wallet.withdraw(await signedIn(request), request.body)),
  );

  app.post(
    '/api/assets/transfer',
    {
      config: limits.auth,
      schema: {
        tags,
        summary: 'Internal transfer to another user by e-mail or uid: real time, free (security verification `transfer`; idempotent on request_id)',
        body: transferBody,
        response: { 200: envelopeSchema(transferResultSchema) },
      },
    },
    async (request) => ok(request, await wallet.transfer(await signedIn(request), request.body)),
  );

  app.get(
    '/api/user/GetAutoWithdrawAddresses',
    {
      schema: {
        tags,
        summary: 'Auto Pay of a coin: on/off and the recipients with ratios (basis points) and minimum pay',
        querystring: autoPayQuery,
        response: { 200: envelopeSchema(autoPaySchema) },
      },
    },
    async (request) => ok(request, await getAutoPay(db, await signedIn(request), request.query.coin)),
  );

  app.post(
    '/api/user/SetAutoWithdrawAddress',
    {
      schema: {
        tags,
        summary:
          'Sets Auto Pay: ratios must total 10000 (100 %) when on; on needs the security verification `autopay` and is refused (1038) during the 24-hour lock after a security change; off moves pending income to the available balance',
        body: setAutoPayBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await wallet.setAutoPay(await signedIn(request), request.body);
      return ok(request, null);
    },
  );

  app.get(
    '/api/log/asset',
    {
      schema: {
        tags: ['log'],
        summary: 'The bill: every change to the user’s balances, newest first (count 1 to 200)',
        querystring: assetLogQuery,
        response: { 200: envelopeSchema(assetLogPage) },
      },
    },
    async (request) => ok(request, await assetLog(db, await signedIn(request), request.query)),
  );

  app.post(
    '/api/log/ApplyForDownload',
    {
      schema: {
        tags: ['log'],
        summary: 'Applies for an export of the bill or the withdrawals as CSV or XLSX (once every ten minutes: 2005)',
        body: applyExportBody,
        response: { 200: envelopeSchema(exportSchema) },
      },
    },
    async (request) => {
      const job = await applyExport(db, await signedIn(request), request.body);
      deps.kickExports?.();
      return ok(request, job);
    },
  );

  app.get(
    '/api/log/GetDownloadStatus',
    { schema: { tags: ['log'], summary: 'Status and progress (0 to 100) of an export', querystring: exportStatusQuery, response: { 200: envelopeSchema(exportSchema) } } },
    async (request) => ok(request, await exportStatus(db, await signedIn(request), request.query.id)),
  );

  app.get(
    '/api/log/DownloadExcel',
    { schema: { tags: ['log'], summary: 'The finished export file (CSV or XLSX); 2006 while it is not ready', querystring: exportStatusQuery } },
    async (request, reply) => {
      const file = await exportFile(db, await signedIn(request), request.query.id);
      return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.name}"`).header('cache-control', 'no-store').send(file.content);
    },
  );
}

/** The back office's wallet calls (spec doc 2 §7 'Admin'). */
export function adminWalletRoutes(app: ZodApp, deps: Deps): void {
  const { sessions, wallet } = deps;
  const tags = ['admin'];
  // The fee is the operator's (admin); the withdrawal reviews: modules/withdraw.

  app.post(
    '/api/admin/updatewithdrawfee',
    { config: { role: 'admin' }, schema: { tags, summary: 'Sets a coin’s withdrawal fee (required)', body: updateWithdrawFeeBody, response: { 200: nothing } } },
    async (request) => {
      await wallet.updateWithdrawFee(await requireRole(sessions, request, 'admin'), request.body.coin, request.body.fee);
      return ok(request, null);
    },
  );
}

/** Development only: send coins from 'outside' to an address on the devnet, and mine blocks. */
export function devnetRoutes(app: ZodApp, deps: { db: Db; devnet: DevnetRegistry; kickWorker?: () => void }): void {
  app.post(
    '/api/dev/devnet/send',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: a transfer into any address on the simulated chain (e.g. your deposit address)',
        body: devnetSendBody,
        response: { 200: envelopeSchema(devnetSendSchema) },
      },
    },
    async (request) => {
      const coin = await coinRules(deps.db, request.body.coin);
      const sent = await deps.devnet.receive(coin.type, request.body.address, units(request.body.amount, coin.scale));
      deps.kickWorker?.();
      return ok(request, sent);
    },
  );
}
