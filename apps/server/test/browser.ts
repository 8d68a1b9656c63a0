import type { Envelope } from '@platter/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ZodApp } from '../src/http/types.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser's view of the app for tests: a cookie jar (session and CSRF cookies), the CSRF
 * header on every state-changing call, and fixed headers (user agent, X-Forwarded-For).
 */
export function browser(app: ZodApp, options: { headers?: Record<string, string> } = {}) {
  const jar = new Map<string, string>();

  function remember(res: LightMyRequestResponse) {
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0) || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (gone) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  }

  async function send(method: Method, url: string, payload?: unknown, extra: { headers?: Record<string, string>; csrf?: boolean } = {}) {
    const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    // The token is bound to the session: fetched with this browser's cookies, as a page load would be.
    if (method !== 'GET' && extra.csrf !== false && !jar.has('platter_csrf')) {
      remember(await app.inject({ method: 'GET', url: '/api/user/checkRegister', headers: { ...options.headers, ...(jar.size > 0 ? { cookie: cookies() } : {}) } }));
    }
    const cookie = cookies();
    const headers: Record<string, string> = { ...options.headers, ...extra.headers };
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && extra.csrf !== false) headers['x-csrf-token'] = jar.get('platter_csrf') ?? '';
    const request: InjectOptions = { method, url, headers };
    if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
    const res = await app.inject(request);
    remember(res);
    return res;
  }

  return {
    jar,
    get sessionId(): string | undefined {
      return jar.get('platter_sid');
    },
    send,
    async get<T = unknown>(url: string, extra?: { headers?: Record<string, string> }): Promise<Envelope<T>> {
      return (await send('GET', url, undefined, extra)).json<Envelope<T>>();
    },
    async post<T = unknown>(url: string, payload?: unknown, extra?: { headers?: Record<string, string>; csrf?: boolean }): Promise<Envelope<T>> {
      return (await send('POST', url, payload ?? {}, extra)).json<Envelope<T>>();
    },
    /** A fresh graphic code, solved through the dev endpoint: `{session, captcha}` for a form. */
    async captcha(): Promise<{ session: string; captcha: string }> {
      const { data } = await this.get<{ session: string }>('/api/user/requestsession');
      const image = await send('GET', `/api/user/verificationcode?session=${encodeURIComponent(data.session)}`);
      if (!image.headers['content-type']?.toString().startsWith('image/svg+xml')) throw new Error(`no captcha image: ${image.body}`);
      // Read as the developer on this machine reads it: directly, not through this browser's proxy headers.
      const answer = (await app.inject({ method: 'GET', url: `/api/dev/captcha?session=${encodeURIComponent(data.session)}` })).json<{ data: { answer: string } }>();
      return { session: data.session, captcha: answer.data.answer };
    },
  };
}

export type Browser = ReturnType<typeof browser>;
