import {
  requestLocation,
  surfaceResponse,
  type Endpoint,
  type EndpointData,
  type EndpointArgs,
  type Envelope,
  type Lang,
  type SurfaceDecision,
  type SurfaceInput,
} from '@platter/domain';

/**
 * One typed client over the envelope `{code, msg, data}`. Every answer goes through the
 * spec's surfacing rules (doc 2 §8, `surfaceResponse` in @platter/domain) and the decision is
 * handed to `surface`, which carries it out (toast, maintenance text, bind-phone link, the
 * 202 state clearing). Business codes never throw: callers read `code`. HTTP and network
 * failures throw `ApiRequestError` after the decision has been surfaced.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer: the envelope, or the empty object some calls (logout) return on success. */
export type ApiAnswer<T> = Envelope<T> | Record<string, never>;

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Made by a click or a submit: code 231 is shown only then. */
  userTriggered?: boolean;
  /** The message-list call: a non-200 answer is ignored. */
  messageList?: boolean;
  /** Add `_t=<ms>` against caches (default: on for GET). Timestamped GETs are retried. */
  timestamp?: boolean;
  /**
   * Carry out only the silent effects of the decision (the 202 clearing), no toast: for a
   * call whose failure has its own surface, e.g. the registration check's modal.
   */
  quiet?: boolean;
  signal?: AbortSignal;
}

export class ApiRequestError extends Error {
  constructor(
    readonly kind: 'http' | 'network' | 'invalid-body',
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export const CSRF_COOKIE = 'platter_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Retries of a failed timestamped GET (the spec leaves the count open). */
export const GET_RETRIES = 2;

export interface ApiClientConfig {
  /** Carries out a surfacing decision. */
  surface: (decision: SurfaceDecision, input: SurfaceInput) => void;
  /** The interface language, for the catalogue texts. */
  lang: () => Lang;
  /** The CSRF cookie's value. */
  csrfToken: () => string | undefined;
  fetch?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
  retries?: number;
  /** Wait before retry `attempt` (1-based). */
  retryDelay?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

/** A business code other than 200 from `call` (the client has already surfaced its message). */
export class ApiCodeError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiCodeError';
  }
}

/** Options of a call through an endpoint: the request itself comes from the endpoint and its input. */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

/**
 * Every call goes through an endpoint of the table in `@platter/domain` (api/endpoints): there
 * is no call by a bare path, so no request leaves the web app without the server's schemas.
 */
export interface ApiClient {
  /** Calls an endpoint of `@platter/domain` and gives its `data`; another code throws ApiCodeError. */
  call<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E, CallOptions>): Promise<EndpointData<E>>;
  /** Calls an endpoint and gives the whole answer: for forms that read the business code. */
  send<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E, CallOptions>): Promise<ApiAnswer<EndpointData<E>>>;
  /** The URL of a GET endpoint with its input (a download link, an image). */
  url<E extends Endpoint<'GET'>>(endpoint: E, ...args: EndpointArgs<E, never>): string;
}

const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Statuses worth a retry; other 4xx answers would fail the same way again. */
const RETRIABLE_STATUS = (status: number) => status >= 500 || status === 408 || status === 429;

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return `${baseUrl}${path}`;
  return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** An input object as query parameters: scalars as they are, anything else as JSON. */
function queryOf(input: unknown): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    query[key] = value === undefined || value === null || typeof value !== 'object' ? (value as QueryValue) : JSON.stringify(value);
  }
  return query;
}

/** True for a success: code 200, or the empty object. */
export function isSuccess<T>(answer: ApiAnswer<T>): boolean {
  return isEmptyAnswer(answer) || (answer as Envelope<T>).code === 200;
}

export function isEmptyAnswer<T>(answer: ApiAnswer<T>): answer is Record<string, never> {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) && Object.keys(answer).length === 0;
}

/** The data of a code-200 envelope, else undefined. */
export function dataOf<T>(answer: ApiAnswer<T>): T | undefined {
  if (isEmptyAnswer(answer)) return undefined;
  const envelope = answer as Envelope<T>;
  return envelope.code === 200 ? envelope.data : undefined;
}

type Attempt = { ok: true; body: unknown } | { ok: false; input: SurfaceInput; error: ApiRequestError; retriable: boolean };

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const baseUrl = config.baseUrl ?? '';
  const now = config.now ?? Date.now;
  const retries = config.retries ?? GET_RETRIES;
  const retryDelay = config.retryDelay ?? ((attempt: number) => 300 * attempt);
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  function surface(input: SurfaceInput, quiet: boolean): void {
    const decision = surfaceResponse(input, config.lang());
    if (quiet && decision.action !== 'not-logged-in') return;
    config.surface(decision, input);
  }

  async function attempt(method: HttpMethod, path: string, options: RequestOptions, timestamped: boolean): Promise<Attempt> {
    const query = timestamped ? { ...options.query, _t: now() } : options.query;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (options.signal) init.signal = options.signal;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    if (MUTATING.has(method)) {
      const token = config.csrfToken();
      if (token) headers[CSRF_HEADER] = token;
    }

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, query), init);
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      const message = cause instanceof Error ? cause.message : String(cause);
      return { ok: false, input: { kind: 'network-error' }, error: new ApiRequestError('network', null, message), retriable: true };
    }
    if (!response.ok) {
      const statusText = response.statusText;
      return {
        ok: false,
        input: { kind: 'http-error', status: response.status, statusText },
        error: new ApiRequestError('http', response.status, `${response.status} ${statusText}`.trim()),
        retriable: RETRIABLE_STATUS(response.status),
      };
    }
    try {
      const text = await response.text();
      return { ok: true, body: text ? (JSON.parse(text) as unknown) : {} };
    } catch {
      // A 2xx that is not JSON (a proxy's error page): a server fault, shown as maintenance.
      return {
        ok: false,
        input: { kind: 'network-error' },
        error: new ApiRequestError('invalid-body', response.status, 'invalid response body'),
        retriable: true,
      };
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const timestamped = options.timestamp ?? method === 'GET';
    const maxAttempts = method === 'GET' && timestamped ? retries + 1 : 1;
    const quiet = options.quiet ?? false;
    for (let n = 1; ; n += 1) {
      const result = await attempt(method, path, options, timestamped);
      if (result.ok) {
        surface({ kind: 'response', body: result.body, userTriggered: options.userTriggered ?? false, messageList: options.messageList ?? false }, quiet);
        return result.body as ApiAnswer<T>;
      }
      if (result.retriable && n < maxAttempts) {
        await sleep(retryDelay(n));
        continue;
      }
      surface(result.input, quiet);
      throw result.error;
    }
  }

  function send<E extends Endpoint>(endpoint: E, ...[input, options = {}]: EndpointArgs<E, CallOptions>): Promise<ApiAnswer<EndpointData<E>>> {
    if (input === undefined || input === null) return request<EndpointData<E>>(endpoint.method, endpoint.path, options);
    if (requestLocation(endpoint.method) === 'body') return request<EndpointData<E>>(endpoint.method, endpoint.path, { ...options, body: input });
    return request<EndpointData<E>>(endpoint.method, endpoint.path, { ...options, query: queryOf(input) });
  }

  async function call<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E, CallOptions>): Promise<EndpointData<E>> {
    const answer = await send(endpoint, ...args);
    if (isEmptyAnswer(answer)) return undefined as EndpointData<E>;
    if (answer.code !== 200) throw new ApiCodeError(answer.code, answer.msg, answer.data);
    return answer.data;
  }

  return {
    call,
    send,
    url: (endpoint, ...[input]) => buildUrl(baseUrl, endpoint.path, input ? queryOf(input) : undefined),
  };
}
