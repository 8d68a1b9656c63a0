import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: addresses are checked by each chain's own rule (packages/domain `address/`); two
 * seeded patterns refused real addresses. Signum (BURST): Reed-Solomon `S-XXXX-XXXX-XXXX-XXXXX`
 * (formerly `BURST-…`) or numeric account ids — the old pattern allowed neither `S-` nor ids (and
 * did allow Base58 strings no Signum wallet knows). Autonomys: SS58 with prefix 6094 is 49
 * characters (`su` and 47), not 48. An operator's own edit is kept.
 */
const CHANGES: { type: string; old: string; new: string }[] = [
  {
    type: 'BURST',
    old: '^(?:[A-Z0-9]{4,5}-){1}[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{5}$|^[13][a-km-zA-HJ-NP-Z1-9]{25,34}$',
    new: '^(?:S|BURST)-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{5}$|^[0-9]{1,20}$',
  },
  { type: 'AUTONOMYS', old: '^su[1-9A-HJ-NP-Za-km-z]{46}$', new: '^su[1-9A-HJ-NP-Za-km-z]{47}$' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const change of CHANGES) {
    await sql`UPDATE coins SET address_pattern = ${change.new} WHERE type = ${change.type} AND address_pattern = ${change.old}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const change of CHANGES) {
    await sql`UPDATE coins SET address_pattern = ${change.old} WHERE type = ${change.type} AND address_pattern = ${change.new}`.execute(db);
  }
}
