import { sql, type Kysely } from 'kysely';

/**
 * Issue 21, a BHD-family plotter's plot files as its miner reports them: each accepted nonce's
 * `X-Plotfile` header (`<plotter id>_<start nonce>_<nonces>`, PoC1 files with a fourth field,
 * the stagger) is kept per pool and plotter, so the plots page lists the files with their nonce
 * ranges and sizes, and the plotter's row sums them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE poc_plot_files (
      pool text NOT NULL,
      plotter_id numeric(20,0) NOT NULL,
      file text NOT NULL CHECK (length(file) <= 128),
      start_nonce numeric(20,0) NOT NULL CHECK (start_nonce >= 0),
      nonces numeric(20,0) NOT NULL CHECK (nonces > 0),
      last_seen_at timestamptz NOT NULL,
      PRIMARY KEY (pool, plotter_id, file)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE poc_plot_files`.execute(db);
}
