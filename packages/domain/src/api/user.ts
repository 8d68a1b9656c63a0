import { z } from 'zod';
import { text } from './text.ts';
import { LANGS } from '../lang.ts';
import { SECURITY_LEVELS } from '../security.ts';

/** The sign-in before the current one (personal centre). */
export const previousLoginSchema = z.object({
  time: z.number().int(),
  ip: text(),
  location: text(),
  device: text(),
});

/**
 * User info of spec doc 2 §3; `goole_auth` is spelled as the spec spells it. The fields after
 * `language` are the personal centre's and the security centre's; they carry defaults so that
 * an older stored copy still parses.
 */
export const userInfoSchema = z.object({
  uid: text(),
  ip: text(),
  email: text(),
  /** A phone is bound (SMS verification available). */
  sms: z.boolean(),
  /** The bound phone, masked (`+86 138******00`); empty when none. */
  phone: text(),
  device: text(),
  wechat: z.boolean(),
  account: text(),
  nickname: text(),
  /** The authenticator app is bound. */
  goole_auth: z.boolean(),
  /** This session's sign-in, seconds since the epoch. */
  login_time: z.number().int(),
  language: z.enum(LANGS),
  /** Present only for back-office users: the browser goes to the admin area. */
  redirect_url: text().optional(),
  /** Back-office users only: admin (everything) or support (reads, content, reviews). */
  role: z.enum(['admin', 'support']).optional(),
  security_level: z.enum(SECURITY_LEVELS).default('low'),
  telegram: z.boolean().default(false),
  /** The bound Telegram @username or name; empty when none. */
  telegram_name: text().default(''),
  /** country_code of the phone's country; empty when none. */
  nationality: text().default(''),
  /** The phone's dial prefix (0086); empty when none. */
  phone_code: text().default(''),
  /** Withdrawals are locked until then after a security change (seconds; 0: not locked). */
  withdraw_locked_until: z.number().int().default(0),
  last_login: previousLoginSchema.nullable().default(null),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const setLanguageBody = z.object({ language: z.enum(LANGS) });
export type SetLanguageBody = z.infer<typeof setLanguageBody>;

/** Answers of the sign-in calls: the user signed in (the session cookie is set). */
export const signedInSchema = userInfoSchema;
