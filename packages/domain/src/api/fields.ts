import { z } from 'zod';
import { isCountryCode } from '../registry/countryCodes.ts';
import { hasNul, idField, msg, text } from './text.ts';

export { hasNul, idField, msg, text };

/**
 * Field schemas shared by the account and security calls. A failing rule's message is a
 * catalogue name: the server answers that code (not the generic 216), and the web forms show
 * the catalogue text in the interface language. The primitives (`text`, `msg`, `idField`) are
 * in text.ts, which the site's first load imports without these forms' fields.
 */

/** Password: 6 to 17 characters, not only digits (spec doc 1 §5). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 17;
/** Account name: 6 to 16 characters (spec doc 2 §5). */
export const ACCOUNT_MIN = 6;
export const ACCOUNT_MAX = 16;
/** Graphic code: 4 letters or digits. */
export const CAPTCHA_LENGTH = 4;
/** SMS, e-mail, messenger and authenticator codes: 6 digits (spec doc 1 §9). */
export const CODE_LENGTH = 6;
export const NICKNAME_MAX = 32;

export const emailField = text({ error: msg('EMAIL_FORMAT') })
  .trim()
  .max(254, msg('EMAIL_FORMAT'))
  .pipe(z.email({ error: msg('EMAIL_FORMAT') }))
  .meta({ description: 'E-mail address', example: 'miner@example.com' });

export const passwordField = text({ error: msg('PASSWORD_FORMAT') })
  .min(PASSWORD_MIN, msg('PASSWORD_FORMAT'))
  .max(PASSWORD_MAX, msg('PASSWORD_FORMAT'))
  .refine((value) => /\D/.test(value), msg('PASSWORD_FORMAT'))
  .meta({ description: '6 to 17 characters, not only digits' });

/** A password being checked (sign-in, old password): any non-empty text; a wrong one fails as wrong. */
export const passwordToCheck = text().min(1).max(128);

export const captchaSessionField = text().min(1).max(200).meta({ description: 'The session from GET /api/user/requestsession whose image was shown' });

export const captchaField = text({ error: msg('CAPTCHA_FORMAT') })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{${CAPTCHA_LENGTH}}$`), msg('CAPTCHA_FORMAT'))
  .meta({ description: 'The 4 characters of the graphic code (case-insensitive)' });

export const codeField = text({ error: msg('CODE_FORMAT') })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), msg('CODE_FORMAT'))
  .meta({ description: '6 digits' });

export const accountField = text({ error: msg('ACCOUNT_LENGTH') })
  .trim()
  .min(ACCOUNT_MIN, msg('ACCOUNT_LENGTH'))
  .max(ACCOUNT_MAX, msg('ACCOUNT_LENGTH'))
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, msg('WRONG_FORMAT'))
  .meta({ description: 'Account name: 6 to 16 letters, digits or _, starting with a letter' });

export const nationalityField = text({ error: msg('NATIONALITY_REQUIRED') })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, msg('NATIONALITY_REQUIRED'))
  .meta({ description: 'country_code of GET /api/security/countries (two letters)', example: 'US' });

/** The national number: digits (spaces and dashes dropped), 4 to 14 of them. */
export const phoneField = text({ error: msg('PHONE_REQUIRED') })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    text()
      .min(1, msg('PHONE_REQUIRED'))
      .regex(/^\d{4,14}$/, msg('PHONE_FORMAT')),
  )
  .meta({ description: 'Phone number without the country prefix', example: '2025550123' });

export const nicknameField = text({ error: msg('NICKNAME_REQUIRED') })
  .trim()
  .min(1, msg('NICKNAME_REQUIRED'))
  .max(NICKNAME_MAX, msg('OUT_OF_LENGTH_LIMIT'))
  .refine((value) => !/[\p{Cc}\p{Cf}<>]/u.test(value), msg('NICKNAME_INVALID'));

/** A one-time link token from an e-mail. */
export const linkTokenField = text().regex(/^[\w-]{20,128}$/, msg('LINK_INVALID'));

/** Mainland-China numbers: 11 digits starting with 1. Other countries: the generic rule. */
export function phoneFormatValid(countryCode: string, phone: string): boolean {
  if (countryCode.toUpperCase() === 'CN') return /^1\d{10}$/.test(phone);
  return /^\d{4,14}$/.test(phone);
}
