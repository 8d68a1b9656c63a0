import { z } from 'zod';
import { text } from './text.ts';

/** Development and test helpers (answered 404 in production). */
export const DEV_CHANNELS = ['email', 'sms', 'telegram', 'captcha'] as const;

/** GET /api/dev/mailbox?to=&channel=&limit= — what the platform sent, newest first. */
export const devMailboxQuery = z.object({
  to: text().max(320).optional().meta({ description: 'E-mail address, +E.164 phone, or telegram:<id>' }),
  channel: z.enum(DEV_CHANNELS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const devMessageSchema = z.object({
  id: text(),
  channel: z.enum(DEV_CHANNELS),
  to: text(),
  subject: text(),
  text: text(),
  html: text(),
  created_at: z.number().int().meta({ description: 'Seconds since the epoch' }),
});
export type DevMessage = z.infer<typeof devMessageSchema>;

/** GET /api/dev/captcha?session= — the answer of the session's latest graphic code. */
export const devCaptchaQuery = z.object({ session: text().min(1).max(200) });
export const devCaptchaSchema = z.object({ answer: text() });
