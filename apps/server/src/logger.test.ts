import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/app.ts';
import { browser } from '../test/browser.ts';
import { testDatabase } from '../test/db.ts';
import type { ZodApp } from './http/types.ts';
import { createLogger, redactUrl } from './logger.ts';

/** E-mailed links carry live tokens: the request log must not. */

const lines: string[] = [];
let app: ZodApp;

beforeAll(async () => {
  const { db } = await testDatabase();
  const logger = createLogger({ logLevel: 'info', logPretty: false }, { write: (line: string) => void lines.push(line) });
  app = await testApp(db, {}, { logger });
});

describe('request log', () => {
  it('never writes reset or activation tokens', async () => {
    const secret = 'S3cretT0kenValue_abcdefghijklmnopqrstuvwxyz012';
    const b = browser(app);
    await b.send('GET', `/request/reset?token=${secret}`);
    await b.send('GET', `/register/activate?lang=en&token=${secret}&x=1`);
    await b.post('/api/user/activate', { token: secret });
    await b.post('/api/user/resetpassword', { token: secret, password: 'fresh-pass1', confirm_password: 'fresh-pass1' });
    await b.send('GET', `/api/anything?access_token=${secret}`);
    const log = lines.join('');
    expect(log).toContain('/request/reset?token=[redacted]');
    expect(log).toContain('/register/activate?lang=en&token=[redacted]&x=1');
    expect(log).not.toContain(secret);
  });

  it('redacts every parameter named like a token, and nothing else', () => {
    expect(redactUrl('/a?token=x&b=2')).toBe('/a?token=[redacted]&b=2');
    expect(redactUrl('/a?b=2&reset_token=x#f')).toBe('/a?b=2&reset_token=[redacted]#f');
    expect(redactUrl('/a?b=token')).toBe('/a?b=token');
  });
});
