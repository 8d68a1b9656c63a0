import { parseArgs } from 'node:util';
import { configTable, loadConfig } from '../config.ts';
import { loadSecret, openDatabase, prepareDatabase } from '../db/open.ts';
import { migrateDown, pendingMigrations, upgradeDatabase } from '../db/migrate.ts';
import { checkLedger } from '../ledger/ledger.check.ts';
import { SHARES_HELP, sharesCommand } from './shares.ts';
import { noteLedgerCheck } from '../metrics/metrics.service.ts';
import { createLogger } from '../logger.ts';
import { createAdmin, generatePassword } from '../modules/account/account.service.ts';
import { setRole, unbindGoogle } from '../modules/admin/users.service.ts';
import { enabledPools } from '../modules/pool/views.ts';
import { settleDay } from '../modules/settlement/settlement.service.ts';
import { isAppError, isDay } from '@platter/domain';
import { CHIA_HELP, chiaCommand } from './chia.ts';
import { POC_HELP, pocCommand } from './poc.ts';
import { JOBS_HELP, jobsCommand } from './jobs.ts';
import { CUSTODY_HELP, custodyCommand, formatReconciliation, operatorChains } from './custody.ts';
import { reconcileWallets } from '../modules/wallet/reconcile.ts';

/**
 * The operator CLI: `npm run platter -- <command>`. With no DATABASE_URL it works on the
 * embedded database (sharing it when `npm start` is running).
 */
const HELP = `Usage: npm run platter -- <command> [options]

Commands:
  migrate [--down] [--status]     apply pending migrations (or revert the last one, or list pending)
  create-admin <email> [--role admin|support] [--password <p>]
                                  create a back-office account (or promote and reset an existing one)
  admin grant <email> <role>      give an existing account the role user, support or admin (written to
                                  the audit log as done by the CLI; the last admin keeps the role)
  admin unbind-authenticator <email>
                                  remove an account's authenticator (a sole admin who lost theirs binds
                                  a new one at the next sign-in); audited, withdrawals lock for 24 h
  ledger check                    verify the ledger: balanced transactions, coins summing to zero,
                                  balances equal to their postings, and each real wallet's balance
                                  (CHIA_WALLET_RPC_URL) against it; exits 1 and says where otherwise
  settle --day YYYY-MM-DD [--pool <type>]
                                  settle that UTC day for every enabled pool (or one); a day already
                                  settled is left as it is, so a rerun pays nobody twice
  config                          print the configuration table (every setting, env variable, default)
${SHARES_HELP}${CHIA_HELP}${POC_HELP}${CUSTODY_HELP}${JOBS_HELP}  help                            this text
`;

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const logger = createLogger({ ...config, logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const database = await openDatabase(config, logger);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** With the database and the chains as the server has them (the devnet, the configured wallets). */
async function withChains<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db'], chains: ReturnType<typeof operatorChains>['chains']) => Promise<T>): Promise<T> {
  const config = loadConfig();
  return withDatabase(async (db) => {
    const secret = await loadSecret(config, createLogger({ logLevel: 'warn', logPretty: false }));
    const { chains, close } = operatorChains(config, db, secret);
    try {
      return await fn(db, chains);
    } finally {
      close();
    }
  });
}

/** Runs one command: its results to `out`, its refusals and usage errors to `err` (stderr). */
export async function runCli(
  argv: string[],
  out: (text: string) => void = (t) => process.stdout.write(t),
  err: (text: string) => void = (t) => process.stderr.write(t),
): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate': {
      const { values } = parseArgs({ args: rest, options: { down: { type: 'boolean' }, status: { type: 'boolean' } } });
      return withDatabase(async (db) => {
        if (values.status) {
          const pending = await pendingMigrations(db);
          out(pending.length ? `pending: ${pending.join(', ')}\n` : 'up to date\n');
          return 0;
        }
        if (values.down) {
          const names = await migrateDown(db);
          out(names.length ? `reverted: ${names.join(', ')}\n` : 'nothing to do\n');
          return 0;
        }
        const { migrations, functions } = await upgradeDatabase(db);
        if (migrations.length) out(`applied: ${migrations.join(', ')}\n`);
        if (functions.length) out(`functions applied: ${functions.join(', ')}\n`);
        if (!migrations.length && !functions.length) out('nothing to do\n');
        return 0;
      });
    }
    case 'create-admin': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { role: { type: 'string', default: 'admin' }, password: { type: 'string' } },
      });
      const email = positionals[0];
      const role = values.role;
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
        err('create-admin needs an e-mail address\n');
        return 2;
      }
      if (role !== 'admin' && role !== 'support') {
        err('--role must be admin or support\n');
        return 2;
      }
      const password = values.password ?? generatePassword();
      return withDatabase(async (db) => {
        const logger = createLogger({ logLevel: 'warn', logPretty: false });
        await prepareDatabase(db, logger);
        const result = await createAdmin(db, email, role, password);
        out(
          `${result.created ? 'created' : 'updated'} ${role} ${result.email}\npassword: ${password}\nThe back office opens once an authenticator app is bound: the first sign-in asks for it.\n`,
        );
        return 0;
      });
    }
    case 'admin': {
      const [sub, email, role] = rest;
      if (sub === 'unbind-authenticator' && email && role === undefined) {
        return withDatabase(async (db) => {
          try {
            const user = await unbindGoogle(db, 'cli', { email });
            out(`${user.email} (uid ${user.uid}): authenticator removed; the next sign-in asks to bind one\n`);
            return 0;
          } catch (error) {
            if (isAppError(error)) {
              err(error.errorName === 'USER_NOT_EXIST' ? `no account with the e-mail ${email}\n` : `${email} has no authenticator bound\n`);
              return 1;
            }
            throw error;
          }
        });
      }
      if (sub !== 'grant' || !email || !role) {
        err('usage: npm run platter -- admin grant <email> <user|support|admin> | admin unbind-authenticator <email>\n');
        return 2;
      }
      if (role !== 'user' && role !== 'support' && role !== 'admin') {
        err('the role must be user, support or admin\n');
        return 2;
      }
      return withDatabase(async (db) => {
        try {
          const changed = await setRole(db, 'cli', { email }, role);
          out(changed.before === changed.after ? `${changed.email} is already ${role}\n` : `${changed.email} (uid ${changed.uid}): ${changed.before} → ${changed.after}\n`);
          return 0;
        } catch (error) {
          if (isAppError(error)) {
            out(
              error.errorName === 'USER_NOT_EXIST'
                ? `no account with the e-mail ${email}\n`
                : `refused: ${error.errorName === 'ACCESS_FORBIDDEN' ? 'the last admin keeps the admin role' : error.message}\n`,
            );
            return 1;
          }
          throw error;
        }
      });
    }
    case 'ledger': {
      if (rest[0] !== 'check') {
        err('usage: npm run platter -- ledger check\n');
        return 2;
      }
      return withChains(async (db, chains) => {
        const problems = await checkLedger(db);
        await noteLedgerCheck(db, problems.length);
        // Where a real wallet is configured, its balance is checked against the ledger too.
        const wallets = await reconcileWallets(db, chains);
        for (const r of wallets) out(formatReconciliation(r));
        const drift = wallets.some((r) => r.difference !== 0n);
        if (problems.length === 0) {
          out('ledger check: OK (every transaction balanced, every coin sums to zero, every balance matches its postings)\n');
          return drift ? 1 : 0;
        }
        out(`ledger check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p.kind}: ${p.detail}`).join('\n')}\n`);
        return 1;
      });
    }
    case 'settle': {
      const { values } = parseArgs({ args: rest, options: { day: { type: 'string' }, pool: { type: 'string' } } });
      const day = values.day ?? '';
      if (!isDay(day)) {
        err('settle needs --day YYYY-MM-DD (a UTC day that has ended)\n');
        return 2;
      }
      return withDatabase(async (db) => {
        const pools = values.pool ? [values.pool] : await enabledPools(db);
        for (const pool of pools) {
          const { settlement, ran } = await settleDay(db, pool, day);
          out(
            `${pool} ${day}: ${settlement.status}${ran ? '' : ' (already)'} revenue ${settlement.revenue}, credited ${settlement.credited} to ${settlement.members}, fee ${settlement.fee}, withheld ${settlement.withheld}, remainder ${settlement.remainder}\n`,
          );
        }
        return 0;
      });
    }
    case 'chia':
      return chiaCommand(rest, out, err);
    case 'poc':
      return pocCommand(rest, out, err);
    case 'custody':
      return withChains((db, chains) => custodyCommand(rest, db, chains, out, err));
    case 'jobs':
      return withDatabase((db) => jobsCommand(rest, db, out, err));
    case 'shares':
      return withDatabase((db) => sharesCommand(rest, db, out, err));
    case 'config':
      out(`${configTable()}\n`);
      return 0;
    case undefined:
    case 'help':
    case '--help':
      out(HELP);
      return 0;
    default:
      err(`unknown command: ${command}\n\n${HELP}`);
      return 2;
  }
}
