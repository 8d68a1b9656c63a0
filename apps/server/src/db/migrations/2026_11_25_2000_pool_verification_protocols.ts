import { sql, type Kysely } from 'kysely';

/**
 * Issue 18: a pool's protocol names how it verifies work. The pools that took the proxy tool's
 * self-reported shares move to the mode the registry gives them (pow-share, onchain-reward or
 * trusted-proxy); no pool is left on `proxy-report`.
 */
const MOVES: Record<string, string> = {
  mass: 'trusted-proxy',
  ar: 'trusted-proxy',
  aleo: 'trusted-proxy',
  aleo_test: 'trusted-proxy',
  ironfish: 'pow-share',
  ironfish_test: 'pow-share',
  spacemesh: 'onchain-reward',
  autonomys: 'onchain-reward',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [type, protocol] of Object.entries(MOVES)) {
    await sql`UPDATE pools SET protocol = ${protocol} WHERE type = ${type} AND protocol = 'proxy-report'`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [type, protocol] of Object.entries(MOVES)) {
    await sql`UPDATE pools SET protocol = 'proxy-report' WHERE type = ${type} AND protocol = ${protocol}`.execute(db);
  }
}
