import { msg, text } from './text.ts';

/**
 * An invite id as the link carries it: a user's public uid (8 digits; issue 25). Its own file:
 * the registration body (account.ts) uses it, and invite.ts's imports lead back to account.ts.
 */
export const inviteIdField = text({ error: msg('INVALID_PARAMETER') })
  .trim()
  .regex(/^\d{8}$/, msg('INVALID_PARAMETER'))
  .meta({ description: 'Invite id: the inviter’s public uid, as in /register?invite=…', example: '12345678' });
