import { vi } from 'vitest';

/** A fetch stand-in answering by `METHOD /path` (query ignored), recording every call. */
export type Answer = { status?: number; statusText?: string; body?: unknown; raw?: string } | 'network-error';
export type Responder = Answer | ((call: RecordedCall) => Answer);

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export function mockFetch(routes: Record<string, Responder>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = { method, url, headers, body, credentials: init?.credentials };
    calls.push(call);
    const responder = routes[`${method} ${url.pathname}`];
    if (responder === undefined) return new Response('not found', { status: 404, statusText: 'Not Found' });
    const answer = typeof responder === 'function' ? responder(call) : responder;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const text = answer.raw ?? JSON.stringify(answer.body ?? {});
    return new Response(text, { status: answer.status ?? 200, statusText: answer.statusText ?? 'OK', headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetchMock as unknown as typeof fetch, calls };
}

export const ok = <T>(data: T) => ({ body: { code: 200, msg: 'success', data } });
export const code = (value: number, msg = 'server message') => ({ body: { code: value, msg, data: null } });
