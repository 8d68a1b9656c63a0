import { sql, type Kysely } from 'kysely';

/**
 * The Chia OG pool's verified proofs (issue 18): each proof of space a user's harvester proxy
 * submitted for a plot made with the pool's keys, once checked (keys, signature, proof, plot
 * filter, required iterations, timing). A proof counts once (unique on its hash); its points
 * are a share at the miner's difficulty. Each miner of the pool has its own difficulty, adjusted
 * from its recent proofs as the pool protocol's farmers' is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chia_og_miners (
      miner_id bigint PRIMARY KEY REFERENCES miners (id) ON DELETE CASCADE,
      pool text NOT NULL,
      difficulty bigint NOT NULL CHECK (difficulty > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE chia_og_proofs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      pool text NOT NULL,
      user_id bigint NOT NULL REFERENCES users (id),
      miner_id bigint NOT NULL REFERENCES miners (id) ON DELETE CASCADE,
      received_at timestamptz NOT NULL,
      difficulty bigint NOT NULL CHECK (difficulty > 0),
      sp_hash text NOT NULL,
      pos_hash text NOT NULL UNIQUE,
      plot_public_key text NOT NULL,
      plot_size smallint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX chia_og_proofs_miner_idx ON chia_og_proofs (miner_id, received_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chia_og_proofs`.execute(db);
  await sql`DROP TABLE chia_og_miners`.execute(db);
}
