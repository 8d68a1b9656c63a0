import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator seeds) are stored encrypted with
 * AES-256-GCM under a key derived from the server secret: a database copy alone does not
 * yield them. Changing SESSION_SECRET makes bound authenticators unreadable (users re-bind).
 */
export function secretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'platter', `secret-box:${purpose}`, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('secret box: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Keyed hash of short secrets (6-digit codes, graphic-code answers): not reversible offline. */
export function keyedHash(serverSecret: string, purpose: string) {
  return (value: string) => createHmac('sha256', serverSecret).update(`${purpose}:${value}`).digest('hex');
}
