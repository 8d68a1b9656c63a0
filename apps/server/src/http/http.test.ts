import { AppError } from '@platter/domain';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_SECRET, testApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { testDatabase } from '../../test/db.ts';
import { signedInAs } from '../../test/accounts.ts';
import type { Db } from '../db/database.ts';

let db: Db;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('request ids', () => {
  it("are the server's own; a client's X-Request-Id is logged apart as client_request_id", async () => {
    const { logger, lines } = captureLogger();
    const app = await testApp(db, {}, { logger });
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-chosen-0001' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.client_request_id).toBe('client-chosen-0001');
    expect(lines.some((l) => l.reqId === 'client-chosen-0001')).toBe(false);
  });
});

describe('error handling', () => {
  it('answers an unexpected exception as code 500 with a reference, logs it, and leaks no stack', async () => {
    const { logger, lines } = captureLogger();
    const app = await testApp(
      db,
      {},
      {
        logger,
        extend: (a) =>
          a.get('/api/test/boom', async () => {
            throw new Error('secret internal detail at /srv/app.ts:12');
          }),
      },
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/boom', cookies: { h9_lang: 'ru' } });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ code: number; msg: string; data: { ref: string } }>();
    expect(body.code).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
    expect(body.data.ref).toBe(res.headers['x-request-id']);
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged?.ref).toBe(body.data.ref);
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });

  it('turns an AppError thrown by a service into its catalogue code and translated text', async () => {
    const app = await testApp(
      db,
      {},
      {
        extend: (a) =>
          a.get('/api/test/broke', async () => {
            throw new AppError('BALANCE_INSUFFICIENT');
          }),
      },
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/broke', cookies: { h9_lang: 'zh' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 10101, msg: '餘額不足', data: null });
  });

  it('reports the failing field of a query schema', async () => {
    const app = await testApp(
      db,
      {},
      {
        extend: (a) => a.get('/api/test/paged', { schema: { querystring: z.object({ count: z.coerce.number().int().min(1).max(200) }) } }, async () => ({ ok: true })),
      },
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/paged?count=500' });
    expect(res.json<{ code: number; data: { field: string; in: string } }>()).toMatchObject({ code: 216, data: { field: 'count', in: 'querystring' } });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const app = await testApp(db);
    const res = await app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: number }>().code).toBe(404);
    const ru = await app.inject({ method: 'GET', url: '/api/no/such/call', cookies: { h9_lang: 'ru' } });
    expect(ru.json<{ msg: string }>().msg).toBe('Такого API нет');
  });
});

describe('health and docs', () => {
  it('answers liveness and readiness', async () => {
    const app = await testApp(db);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('is not ready while starting', async () => {
    const starting = await buildApp({ config: loadConfig({}, { webDist: '/nonexistent' }), db, secret: TEST_SECRET, isReady: () => false });
    const res = await starting.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await starting.close();
  });

  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const app = await testApp(db);
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/setting/coin', '/api/setting/pool', '/api/user/info', '/api/user/checkRegister', '/api/user/SetLanguage', '/api/user/dologout']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/setting/pool']?.get?.parameters?.map((x) => x.name)).toContain('pool_type');
    expect(doc.paths['/api/user/SetLanguage']?.post?.requestBody).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('web app', () => {
  it('serves the built SPA: files as they are, client routes as index.html, hashed assets cached', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, 'static'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">spa</div>');
    await fs.writeFile(path.join(dist, 'static', 'app-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'logo.svg'), '<svg/>');
    const app = await testApp(db, { webDist: dist });
    const route = await app.inject({ method: 'GET', url: '/center/assets?x=1' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('spa');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.cookies.find((c) => c.name === 'platter_csrf')?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(route.headers['content-security-policy']).toContain("default-src 'self'");
    expect(route.headers['x-content-type-options']).toBe('nosniff');
    // a client route named like a folder of the build is still the app, not a 404
    const folderRoute = await app.inject({ method: 'GET', url: '/static' });
    expect(folderRoute.statusCode).toBe(200);
    expect(folderRoute.body).toContain('spa');
    const asset = await app.inject({ method: 'GET', url: '/static/app-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/logo.svg' })).body).toBe('<svg/>');
    const escape = await app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(escape.body).not.toContain('root:');
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends the precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, 'static'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    const page = `<!doctype html><div id="root">${'spa '.repeat(500)}</div>`;
    for (const [file, body] of [
      ['static/app-abc123.js', script],
      ['index.html', page],
    ] as const) {
      await fs.writeFile(path.join(dist, file), body);
      await fs.writeFile(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
      await fs.writeFile(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
    }
    const app = await testApp(db, { webDist: dist });
    const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('/static/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/static/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/static/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // a client route answers index.html compressed too
    const route = await get('/center/mining', 'br');
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(route.rawPayload).toString()).toBe(page);
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('names in the page the chunks its path and the reader’s language need (the build’s preload table)', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body><div id="root"></div></body></html>');
    const table = {
      routes: [
        { path: '/', exact: true, files: ['static/home-1.js', 'static/home-1.css'], firstTextsOnly: true },
        { path: '/center', exact: false, files: ['static/CentreLayout-1.js'] },
        { path: '/center/mining', exact: true, files: ['static/MiningPage-1.js'] },
      ],
      languages: { en: ['static/en-1.js'], ru: ['static/ru-1.js'] },
      rests: { en: ['static/en.rest-1.js'], ru: ['static/ru.rest-1.js'] },
    };
    await fs.writeFile(path.join(dist, '.vite/preload.json'), JSON.stringify(table));
    const app = await testApp(db, { webDist: dist });
    const preloads = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toContain('Cookie');
      return [...res.body.matchAll(/<link rel="(\w+)"(?: as="style")? crossorigin href="\/([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    };
    expect(await preloads('/')).toEqual(['modulepreload static/en-1.js', 'modulepreload static/home-1.js', 'preload static/home-1.css']);
    expect(await preloads('/', { cookie: 'h9_lang=ru' })).toEqual(['modulepreload static/ru-1.js', 'modulepreload static/home-1.js', 'preload static/home-1.css']);
    // Home draws with the first screen's texts alone; every other page waits for the rest of them.
    expect(await preloads('/center/mining', { 'accept-language': 'ru' })).toEqual([
      'modulepreload static/ru-1.js',
      'modulepreload static/ru.rest-1.js',
      'modulepreload static/CentreLayout-1.js',
      'modulepreload static/MiningPage-1.js',
    ]);
    expect(await preloads('/center/assets')).toEqual(['modulepreload static/en-1.js', 'modulepreload static/en.rest-1.js', 'modulepreload static/CentreLayout-1.js']);
    expect(await preloads('/centered')).toEqual(['modulepreload static/en-1.js', 'modulepreload static/en.rest-1.js']);
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', cookie: 'h9_lang=ru' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('href="/static/ru-1.js"');
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends home drawn (the build’s prerender) with its route’s styles as stylesheets, applied before the first paint', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>P</title></head><body><div id="root"></div></body></html>');
    const table = { routes: [{ path: '/', exact: true, files: ['static/home-1.js', 'static/home-1.css'], firstTextsOnly: true }], languages: { en: ['static/en-1.js'] } };
    await fs.writeFile(path.join(dist, '.vite/preload.json'), JSON.stringify(table));
    const drawn = { id: 'en-desktop', path: '/', lang: 'en', mobile: false, html: '<h1 class="hero__title">Welcome</h1>', styles: '<style data-css-hash="x">.a{}</style>' };
    await fs.writeFile(path.join(dist, '.vite/prerender.json'), JSON.stringify([drawn]));
    const app = await testApp(db, { webDist: dist });
    const links = (body: string) => [...body.matchAll(/<link rel="(\w+)"(?: as="style")? crossorigin href="\/([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    const home = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'h9_lang=en' } });
    expect(home.body).toContain('<div id="root" data-prerender="en-desktop" data-prerender-auto><h1 class="hero__title">Welcome</h1></div>');
    expect(links(home.body)).toEqual(['modulepreload static/en-1.js', 'modulepreload static/home-1.js', 'stylesheet static/home-1.css']);
    // Drawn by the app (the reader chose the dark theme): the styles load with the route's chunk.
    const dark = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'h9_lang=en; h9_theme=dark' } });
    expect(dark.body).toContain('<div id="root"></div>');
    expect(links(dark.body)).toEqual(['modulepreload static/en-1.js', 'modulepreload static/home-1.js', 'preload static/home-1.css']);
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends home drawn with the app’s scripts held back in a template, for the loader to start after the first paint', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, '.vite'));
    const head = '<script type="module" crossorigin src="/static/index-1.js"></script><link rel="modulepreload" crossorigin href="/static/vendor-1.js">';
    await fs.writeFile(path.join(dist, 'index.html'), `<!doctype html><html lang="en"><head><title>P</title>${head}</head><body><div id="root"></div></body></html>`);
    const table = {
      routes: [{ path: '/', exact: true, files: ['static/home-1.js', 'static/home-1.css'], firstTextsOnly: true }],
      languages: { en: ['static/en-1.js'] },
      loader: 'static/loader-1.js',
    };
    await fs.writeFile(path.join(dist, '.vite/preload.json'), JSON.stringify(table));
    const drawn = { id: 'en-mobile', path: '/', lang: 'en', mobile: true, html: '<h1 class="hero__title">Welcome</h1>', styles: '' };
    await fs.writeFile(path.join(dist, '.vite/prerender.json'), JSON.stringify([drawn]));
    const app = await testApp(db, { webDist: dist });
    const phone = { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36', cookie: 'h9_lang=en' };
    const home = (await app.inject({ method: 'GET', url: '/', headers: phone })).body;
    const template = /<template id="app-scripts">(.*?)<\/template>/.exec(home)?.[1] ?? '';
    // Nothing of the app is fetched before the drawn page is painted: only the loader and the styles.
    expect(home.replace(template, '')).not.toMatch(/modulepreload|index-1\.js/);
    expect(home).toContain('<script type="module" crossorigin src="/static/loader-1.js"></script>');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/static/home-1.css">');
    expect(template).toBe(`${head}<link rel="modulepreload" crossorigin href="/static/en-1.js"><link rel="modulepreload" crossorigin href="/static/home-1.js">`);
    // A page the app draws (another path, or the dark theme) loads its scripts at once.
    for (const [url, cookie] of [
      ['/help', 'h9_lang=en'],
      ['/', 'h9_lang=en; h9_theme=dark'],
    ] as const) {
      const body = (await app.inject({ method: 'GET', url, headers: { ...phone, cookie } })).body;
      expect(body).not.toContain('app-scripts');
      expect(body).not.toContain('loader-1.js');
      expect(body).toContain(head);
    }
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends the dashboard drawn (signed-in-shaped) only to a reader whose session is live', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>P</title></head><body><div id="root"></div></body></html>');
    const drawn = { id: 'en-mobile@/center/mining', path: '/center/mining', lang: 'en', mobile: true, html: '<h2 class="page__title">Dashboard</h2>', styles: '' };
    const desktop = { ...drawn, id: 'en-desktop@/center/mining', mobile: false };
    await fs.writeFile(path.join(dist, '.vite/prerender.json'), JSON.stringify([drawn, desktop]));
    const app = await testApp(db, { webDist: dist });
    const phone = { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' };
    const signedOut = await app.inject({ method: 'GET', url: '/center/mining', headers: phone });
    expect(signedOut.body).toContain('<div id="root"></div>');
    const reader = await signedInAs(app, db, 'drawn-dashboard@mail.example', 'user');
    const signedIn = await reader.send('GET', '/center/mining', undefined, { headers: phone });
    expect(signedIn.body).toContain('<div id="root" data-prerender="en-mobile@/center/mining" data-prerender-auto><h2 class="page__title">Dashboard</h2></div>');
    // Another centre page, and the dashboard on a desktop (drawn at build, but hydrating it costs a desktop more than drawing it), are drawn by the app.
    expect((await reader.send('GET', '/center/machine', undefined, { headers: phone })).body).toContain('<div id="root"></div>');
    expect((await reader.send('GET', '/center/mining')).body).toContain('<div id="root"></div>');
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('keeps the build’s manifest (dist/.vite) to itself', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'platter-dist-'));
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, '.vite/manifest.json'), '{"index.html":{"file":"static/index.js"}}');
    const app = await testApp(db, { webDist: dist });
    const res = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('static/index.js');
    expect(res.body).toContain('<div id="root">');
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('says how to build when the web app is missing', async () => {
    const app = await testApp(db, { webDist: '/nonexistent' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});
