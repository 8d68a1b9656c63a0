import type { ColumnType, Generated } from 'kysely';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A user's security key: sealed (secret-box) to be shown again, hashed to be found by. */
export interface SecurityKeysTable {
  user_id: string;
  key_sealed: string;
  key_hash: string;
  allow_remove_offline: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A watcher's authorisation by an owner (the authorization date is created_at). */
export interface WatchAuthorizationsTable {
  id: Generated<string>;
  watcher_id: string;
  owner_id: string;
  allow_remove_offline: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
  revoked_at: NullableTime;
  revoked_by: ColumnType<'owner' | 'watcher' | 'rotation' | null, 'owner' | 'watcher' | 'rotation' | null | undefined, 'owner' | 'watcher' | 'rotation' | null>;
}

/** The watcher's tables, merged into the database type in db/schema.ts. */
export interface WatcherTables {
  security_keys: SecurityKeysTable;
  watch_authorizations: WatchAuthorizationsTable;
}
