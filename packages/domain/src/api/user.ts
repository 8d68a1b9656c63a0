import { z } from 'zod';
import { LANGS } from '../lang.ts';

/** User info of spec doc 2 §3; `goole_auth` is spelled as the spec spells it. */
export const userInfoSchema = z.object({
  uid: z.string(),
  ip: z.string(),
  email: z.string(),
  sms: z.boolean(),
  phone: z.string(),
  device: z.string(),
  wechat: z.boolean(),
  account: z.string(),
  nickname: z.string(),
  goole_auth: z.boolean(),
  login_time: z.number().int(),
  language: z.enum(LANGS),
  /** Present only for back-office users: the browser goes to the admin area. */
  redirect_url: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const setLanguageBody = z.object({ language: z.enum(LANGS) });
export type SetLanguageBody = z.infer<typeof setLanguageBody>;
