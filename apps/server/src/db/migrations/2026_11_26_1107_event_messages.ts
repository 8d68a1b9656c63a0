import { sql, type Kysely } from 'kysely';

/**
 * Event messages (issue 20): an in-site message raised by an event (modules/events) names the
 * event, what it is about (`subject`: a deposit id, a withdrawal id, a sign-in…) and the
 * parameters its texts were made from (for the other channels of a later issue). One message
 * per (user, event, subject): a job that runs again adds none. Admin notices leave the three
 * empty (NULLs never clash in a unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE inmail_messages ADD COLUMN event text, ADD COLUMN subject text, ADD COLUMN params jsonb`.execute(db);
  await sql`ALTER TABLE inmail_messages ADD CONSTRAINT inmail_messages_event_subject CHECK ((event IS NULL) = (subject IS NULL))`.execute(db);
  await sql`CREATE UNIQUE INDEX inmail_messages_event_key ON inmail_messages (user_id, event, subject)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX inmail_messages_event_key`.execute(db);
  await sql`ALTER TABLE inmail_messages DROP CONSTRAINT inmail_messages_event_subject, DROP COLUMN params, DROP COLUMN subject, DROP COLUMN event`.execute(db);
}
