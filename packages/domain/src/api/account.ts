import { z } from 'zod';
import { SECURITY_FACTORS } from '../security.ts';
import { inviteIdField } from './invite-id.ts';
import {
  accountField,
  captchaField,
  captchaSessionField,
  codeField,
  emailField,
  linkTokenField,
  msg,
  nationalityField,
  nicknameField,
  passwordField,
  passwordToCheck,
  phoneField,
  text,
} from './fields.ts';

/**
 * Registration, activation, sign-in, password reset and the profile calls under /api/user/.
 * Every state-changing call needs the x-csrf-token header (http/csrf.ts).
 */

/** GET /api/user/requestsession (and /api/security/requestsession): a graphic-code session. */
export const captchaSessionSchema = z.object({
  session: text().meta({ description: 'Pass to GET /api/user/verificationcode?session= and with the form' }),
});

export const captchaImageQuery = z.object({ session: captchaSessionField });

const captchaFields = { session: captchaSessionField, captcha: captchaField };

/** POST /api/user/register. Answers the same for new and known e-mails: check your mailbox. */
export const registerBody = z
  .object({
    email: emailField,
    password: passwordField,
    confirm_password: text().meta({ description: 'The password again' }),
    ...captchaFields,
    agreement: z.literal(true, { error: msg('AGREEMENT_REQUIRED') }).meta({ description: 'Agreed to the miners agreement (/agreement) and the privacy policy (/privacy)' }),
    /** Issue 25: the invite id of the link the visitor came by (/register?invite=…); an unknown one is 216 with data.field invite. */
    invite: inviteIdField.optional(),
  })
  .refine((body) => body.password === body.confirm_password, { message: msg('PASSWORDS_DIFFER'), path: ['confirm_password'] });
export type RegisterBody = z.infer<typeof registerBody>;

export const registerAnswer = z.object({ email: text() });

/** POST /api/user/activate: the token of the e-mailed link (/register/activate?token=…). */
export const activateBody = z.object({ token: linkTokenField });
export const activateAnswer = z.object({ email: text() });

const loginCommon = { password: passwordToCheck, ...captchaFields };

/** POST /api/user/login: by e-mail, account name or phone (with its nationality). */
export const loginBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: emailField, ...loginCommon }),
  z.object({ method: z.literal('account'), account: accountField, ...loginCommon }),
  z.object({ method: z.literal('phone'), nationality: nationalityField, phone: phoneField, ...loginCommon }),
]);
export type LoginBody = z.infer<typeof loginBody>;

/** Data of code 1030 (SECOND_FACTOR_REQUIRED): finish with POST /api/user/login/verify. */
export const secondFactorChallengeSchema = z.object({
  challenge: text().meta({ description: 'Valid 5 minutes, 5 attempts' }),
  methods: z.array(z.enum(SECURITY_FACTORS)).meta({ description: 'Factors accepted: google' }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

export const loginVerifyBody = z.object({
  challenge: text().min(1).max(200),
  code: codeField.meta({ description: 'The authenticator app code' }),
});

/** The Telegram Login Widget's callback data, as the widget gives it (hash checked by the server). */
export const telegramAuthSchema = z.looseObject({
  id: z.coerce.number().int().positive(),
  first_name: text().max(256),
  last_name: text().max(256).optional(),
  username: text().max(64).optional(),
  photo_url: text().max(1024).optional(),
  auth_date: z.coerce.number().int().positive(),
  hash: text().regex(/^[0-9a-f]{64}$/i),
});
export type TelegramAuth = z.infer<typeof telegramAuthSchema>;

/** POST /api/user/wechatlogin: the code and state of WeChat's OAuth redirect (the state from GET /api/user/wechatstate). */
export const wechatLoginBody = z.object({ code: text().min(1).max(512), state: text().min(16).max(128) });
/** GET /api/user/wechatstate: the `state` to put in WeChat's OAuth URL (also kept in an HttpOnly cookie). */
export const wechatStateSchema = z.object({ state: text() });

/** GET /api/user/socialproviders: which messenger sign-ins are enabled. */
export const socialProvidersSchema = z.object({
  telegram: z.object({ enabled: z.boolean(), bot_name: text().meta({ description: 'For the Login Widget (data-telegram-login)' }) }),
  wechat: z.object({ enabled: z.boolean(), app_id: text() }),
});
export type SocialProviders = z.infer<typeof socialProvidersSchema>;

/** POST /api/user/forgotpassword: answers the same for known and unknown e-mails. */
export const forgotPasswordBody = z.object({ email: emailField, ...captchaFields });

/** POST /api/user/resetpassword: the token of the e-mailed link (/request/reset?token=…). */
export const resetPasswordBody = z
  .object({ token: linkTokenField, password: passwordField, confirm_password: text() })
  .refine((body) => body.password === body.confirm_password, { message: msg('PASSWORDS_DIFFER'), path: ['confirm_password'] });

/** POST /api/user/setaccount: sets or changes the account name used to sign in. */
export const setAccountBody = z.object({ account: accountField });

/** POST /api/user/nickname. */
export const nicknameBody = z.object({ nickname: nicknameField });
