import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, registerCompression } from './compress.ts';

const BIG = { code: 200, msg: 'ok', data: Array.from({ length: 200 }, (_, i) => ({ coin: 'XCH', height: i, reward: '1750000000000' })) };

describe('API answers compressed for clients that accept it', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerCompression(app);
    app.get('/api/big', async (_request, reply) => reply.header('vary', 'Accept-Language').send(BIG));
    app.get('/api/small', async () => ({ code: 200, msg: 'ok', data: 1 }));
    const stored = Buffer.from(JSON.stringify(BIG));
    app.get('/api/stored', async (_request, reply) => reply.type('application/json; charset=utf-8').send(stored));
    app.post('/api/big', async () => BIG);
    app.get('/not-api', async () => BIG);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends brotli when accepted, gzip when only gzip is, the same JSON either way', async () => {
    const br = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);
    const gzip = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(BIG);
    // a stored answer (one Buffer sent again) too, the same bytes each time
    const [first, second] = await Promise.all([1, 2].map(() => app.inject({ url: '/api/stored', headers: { 'accept-encoding': 'br' } })));
    expect(first?.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(first?.rawPayload ?? Buffer.alloc(0)).toString())).toEqual(BIG);
    expect(second?.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
  });

  it('sends plain JSON without Accept-Encoding, for small answers, writes and other paths', async () => {
    for (const request of [
      { url: '/api/big' },
      { url: '/api/small', headers: { 'accept-encoding': 'br' } },
      { url: '/api/big', method: 'POST' as const, headers: { 'accept-encoding': 'br' } },
      { url: '/not-api', headers: { 'accept-encoding': 'br' } },
    ]) {
      const response = await app.inject(request);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toHaveProperty('code', 200);
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
