import { z } from 'zod';
import { text } from './text.ts';
import { securityCodesSchema } from './security.ts';

/**
 * The user's security key (spec doc 1 §3 'User: security key'), in their security centre: the
 * consent a watcher is authorised with (observer.ts). Apart from observer.ts because making a
 * key takes the security verification's codes.
 */

export const securityKeySchema = z.object({
  key: text().nullable().meta({ description: 'The whole key (null: none made yet)' }),
  created_at: z.number().int().nullable(),
  allow_remove_offline: z.boolean().meta({ description: 'Watchers authorised with this key may remove the owner’s offline miners' }),
  google_bound: z.boolean().meta({ description: 'An authenticator is bound: without one nobody can be authorised (its code is the consent)' }),
  watchers: z.number().int().meta({ description: 'Watchers authorised now' }),
});
export type SecurityKey = z.infer<typeof securityKeySchema>;

export const rotateSecurityKeyBody = securityCodesSchema.extend({
  allow_remove_offline: z.boolean().default(false).meta({ description: 'Grant watchers authorised with the new key the removal of offline miners (off by default)' }),
});
