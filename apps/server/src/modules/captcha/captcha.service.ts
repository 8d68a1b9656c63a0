import { AppError } from '@platter/domain';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database.ts';
import { devMailboxRepository } from '../messaging/dev-mailbox.repository.ts';
import { keyedHash } from '../security/secret-box.ts';
import { captchaRepository } from './captcha.repository.ts';

/** A graphic code is valid this long after its image was drawn. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/**
 * Graphic codes. A session is a signed random token (no row until an image is drawn, so that
 * asking for sessions costs nothing); each image stores the answer's keyed hash for 5 minutes;
 * checking takes the answer out, so every code works once. Outside production the answer is
 * also put in the dev mailbox (`GET /api/dev/captcha?session=`) for tests and local use.
 */
export function captchaService(db: Db, options: { secret: string; devMailbox: boolean }) {
  const repo = captchaRepository(db);
  const sign = (nonce: string) => createHmac('sha256', options.secret).update(`captcha-session:${nonce}`).digest('base64url');
  const answerHash = keyedHash(options.secret, 'captcha-answer');
  const sessionHash = (session: string) => createHash('sha256').update(session).digest('hex');

  function validSession(session: string): boolean {
    const [nonce, signature, extra] = session.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return {
    newSession(): string {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },

    /** Draws a new image for the session (the previous answer stops working). */
    async image(session: string): Promise<string> {
      if (!validSession(session)) throw new AppError('SESSION_EXPIRED');
      const captcha = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1iIlL', width: 120, height: 44 });
      const hash = sessionHash(session);
      await repo.upsert({ session_hash: hash, answer_hash: answerHash(`${hash}:${captcha.text.toLowerCase()}`), expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) });
      if (Math.random() < 0.05) await repo.deleteExpired(500);
      if (options.devMailbox) await devMailboxRepository(db).insert({ channel: 'captcha', recipient: `captcha:${session}`, text: captcha.text });
      return captcha.data;
    },

    /** CAPTCHA_INVALID unless the answer matches the session's live image; the answer is used up. */
    async check(session: string, answer: string): Promise<void> {
      const hash = sessionHash(session);
      const row = validSession(session) ? await repo.take(hash) : undefined;
      if (!row || row.expires_at.getTime() < Date.now()) throw new AppError('CAPTCHA_INVALID');
      const expected = Buffer.from(row.answer_hash);
      const given = Buffer.from(answerHash(`${hash}:${answer.trim().toLowerCase()}`));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('CAPTCHA_INVALID');
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
