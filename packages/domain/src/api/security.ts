import { z } from 'zod';
import { SECURITY_ACTIONS, SECURITY_FACTORS } from '../security.ts';
import { telegramAuthSchema } from './account.ts';
import { codeField, nationalityField, passwordField, passwordToCheck, phoneField, msg, text } from './fields.ts';

/**
 * The security centre under /api/security/ (all signed in). Sensitive actions carry the
 * codes of every factor GET getsecurityverification?action= names.
 */

export const securityActionField = z.enum(SECURITY_ACTIONS).meta({ description: 'The sensitive action the code is for' });

/** The codes of a security verification; which ones are needed comes from getsecurityverification. */
export const securityCodesSchema = z.object({
  email_code: codeField.optional().meta({ description: 'From POST /api/security/sendemailcode' }),
  sms_code: codeField.optional().meta({ description: 'From GET /api/security/sendphonecode' }),
  google_code: codeField.optional().meta({ description: 'Authenticator app code' }),
  telegram_code: codeField.optional().meta({ description: 'From GET /api/security/requestverify?type=telegram' }),
});
export type SecurityCodes = z.infer<typeof securityCodesSchema>;

/** GET /api/security/getsecurityverification?action= */
export const securityVerificationQuery = z.object({ action: securityActionField });
export const securityVerificationSchema = z.object({
  action: securityActionField,
  methods: z.array(z.enum(SECURITY_FACTORS)).meta({ description: 'Every factor the action needs (e-mail at least)' }),
  email: text().meta({ description: 'Masked' }),
  phone: text().meta({ description: 'Masked; empty when none is bound' }),
  telegram: text().meta({ description: 'The bound Telegram name; empty when none' }),
});
export type SecurityVerification = z.infer<typeof securityVerificationSchema>;

/** What a code-sending call answers. */
export const codeSentSchema = z.object({
  type: z.enum(['email', 'sms', 'telegram']),
  to: text().meta({ description: 'Masked target' }),
  expires_in: z.number().int().meta({ description: 'Seconds the code stays valid' }),
  resend_in: z.number().int().meta({ description: 'Seconds before another code can be sent to the same target' }),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** GET /api/security/requestverify?action=&type= — sends the code of one bound factor. */
export const requestVerifyQuery = z.object({
  action: securityActionField,
  type: z.enum(['email', 'sms', 'telegram']),
});

/** POST /api/security/sendemailcode — a 6-digit code to the account's e-mail for the action. */
export const sendEmailCodeBody = z.object({ action: securityActionField });

/**
 * GET /api/security/sendphonecode?action= — a 6-digit SMS code. With nationality and phone
 * (action change_phone) it goes to that new number; without, to the bound phone.
 */
export const sendPhoneCodeQuery = z
  .object({ action: securityActionField, nationality: nationalityField.optional(), phone: phoneField.optional() })
  .refine((q) => (q.nationality === undefined) === (q.phone === undefined), { message: msg('PHONE_REQUIRED'), path: ['phone'] });

/** GET /api/security/getgooglesecret — a new pending authenticator secret (10 minutes). */
export const googleSecretSchema = z.object({
  secret: text().meta({ description: 'Base32, for manual entry' }),
  otpauth_url: text(),
  qrcode: text().meta({ description: 'data:image/png;base64 QR code of otpauth_url' }),
});

/** POST /api/security/prevalidationgooglesecret — checks a code against the pending secret. */
export const prevalidateGoogleBody = z.object({ google_code: codeField });

/** POST /api/security/bindgoogle — google_code of the new secret plus the bind_google codes. */
export const bindGoogleBody = securityCodesSchema.extend({ google_code: codeField });

/** POST /api/security/unbindgoogle — the unbind_google codes (the authenticator's included). */
export const unbindGoogleBody = securityCodesSchema;

/** POST /api/security/modifyphone — binds or replaces the phone. sms_code is the new phone's. */
export const modifyPhoneBody = securityCodesSchema.extend({
  nationality: nationalityField,
  phone: phoneField,
  sms_code: codeField.meta({ description: 'Code sent to the new phone (sendphonecode with nationality and phone)' }),
});

/**
 * POST /api/security/ModifyPassword — other sessions are signed out; withdrawals lock 24 h.
 * With an authenticator bound its code is needed too (231 names it when missing).
 */
export const modifyPasswordBody = z
  .object({
    old_password: passwordToCheck,
    new_password: passwordField,
    confirm_password: text(),
    google_code: codeField.optional().meta({ description: 'Authenticator app code (needed when one is bound)' }),
  })
  .refine((body) => body.new_password === body.confirm_password, { message: msg('PASSWORDS_DIFFER'), path: ['confirm_password'] })
  .refine((body) => body.new_password !== body.old_password, { message: msg('PASSWORD_SAME_AS_OLD'), path: ['new_password'] });

/** POST /api/security/bindtelegram — the Login Widget data plus the bind_telegram codes. */
export const bindTelegramBody = securityCodesSchema.extend({ telegram: telegramAuthSchema });

/** POST /api/security/unbindtelegram — the unbind_telegram codes. */
export const unbindTelegramBody = securityCodesSchema;

export const countrySchema = z.object({
  english_name: text(),
  chinese_name: text(),
  country_code: text(),
  phone_code: text(),
});

/** GET /api/security/sessions — the user's live sessions, the current one first. */
export const sessionItemSchema = z.object({
  id: text().meta({ description: 'Opaque id of the session (for ending it)' }),
  device: text().meta({ description: 'Browser and system, from the user agent' }),
  ip: text(),
  created_at: z.number().int().meta({ description: 'Sign-in, Unix seconds' }),
  last_seen_at: z.number().int().meta({ description: 'Last use, Unix seconds (to about five minutes)' }),
  current: z.boolean().meta({ description: 'The session of this request' }),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

/** POST /api/security/sessions/end — ends one of the user's sessions. */
export const endSessionBody = z.object({ id: text().regex(/^[0-9a-f]{64}$/, msg('INVALID_PARAMETER')) });
