import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/app.ts';
import { testDatabase } from '../../../test/db.ts';
import type { ZodApp } from '../../http/types.ts';

let app: ZodApp;
beforeAll(async () => {
  const { db } = await testDatabase();
  // A built web app, so that a path nobody answers could fall through to its page.
  const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Platter</title>');
  app = await testApp(db, { webDist });
});

describe('paths under the Chia pool protocol that no pool answers', () => {
  it('answer the protocol’s JSON error with HTTP 404, never the web app’s page', async () => {
    for (const [method, url] of [
      ['GET', '/chia/nopool/pool_info'],
      ['GET', '/chia/nopool/farmer?launcher_id=0x00'],
      ['POST', '/chia/nopool/partial'],
      ['PUT', '/chia/nopool/farmer'],
      ['GET', '/chia/chiapp/nothing_here'],
    ] as const) {
      const res = await app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ error_code: 16, error_message: expect.stringContaining(url.split('?')[0]!) as unknown as string });
    }
  });

  it('leave the known pools and the web app as they were', async () => {
    const info = await app.inject({ method: 'GET', url: '/chia/chiapp/pool_info' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toHaveProperty('minimum_difficulty');
    const page = await app.inject({ method: 'GET', url: '/pools/chia' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Platter</title>');
  });
});
