import { sql, type Kysely } from 'kysely';

/**
 * Issue 25 (watcher): each user's security key (spec doc 1 §3 'User: security key'), sealed so
 * the security centre can show it again and hashed so a watcher's add finds its owner, with the
 * grant it carries; and the watch authorisations (spec doc 1 §3 'Watcher: watch list and
 * authorization date'): one live row per (watcher, owner), ended by either side or by the
 * owner's key rotation, never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE security_keys (
      user_id bigint PRIMARY KEY REFERENCES users(id),
      key_sealed text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      allow_remove_offline boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE watch_authorizations (
      id bigserial PRIMARY KEY,
      watcher_id bigint NOT NULL REFERENCES users(id),
      owner_id bigint NOT NULL REFERENCES users(id),
      allow_remove_offline boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_by text CHECK (revoked_by IN ('owner', 'watcher', 'rotation')),
      CHECK (watcher_id <> owner_id),
      CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX watch_authorizations_live ON watch_authorizations (watcher_id, owner_id) WHERE revoked_at IS NULL`.execute(db);
  await sql`CREATE INDEX watch_authorizations_owner ON watch_authorizations (owner_id) WHERE revoked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE watch_authorizations, security_keys`.execute(db);
}
