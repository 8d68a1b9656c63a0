import type { Db } from '../../db/database.ts';
import type { SocialProviderName } from './social.ts';

export function socialRepository(db: Db) {
  return {
    async findBySubject(provider: SocialProviderName, subject: string) {
      return db.selectFrom('social_bindings').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    },
    async ofUser(userId: string) {
      return db.selectFrom('social_bindings').selectAll().where('user_id', '=', userId).execute();
    },
    async findOfUser(userId: string, provider: SocialProviderName) {
      return db.selectFrom('social_bindings').selectAll().where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
    },
    /** False when the user or the messenger account is bound already (unique constraints). */
    async insert(binding: { user_id: string; provider: SocialProviderName; subject: string; display_name: string }): Promise<boolean> {
      const row = await db
        .insertInto('social_bindings')
        .values(binding)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Records a used login payload; false when it was used before. Expired records are swept on the way. */
    async claimPayload(payloadHash: string, expiresAt: Date): Promise<boolean> {
      await db.deleteFrom('social_login_uses').where('expires_at', '<', new Date()).execute();
      const row = await db
        .insertInto('social_login_uses')
        .values({ payload_hash: payloadHash, expires_at: expiresAt })
        .onConflict((oc) => oc.doNothing())
        .returning('payload_hash')
        .executeTakeFirst();
      return row !== undefined;
    },
    async remove(userId: string, provider: SocialProviderName) {
      await db.deleteFrom('social_bindings').where('user_id', '=', userId).where('provider', '=', provider).execute();
    },
  };
}
