import { endpoint, type EndpointMethod } from '@platter/domain';
import { z } from 'zod';
import type { ApiClient, CallOptions } from '../api/client.ts';

/** An endpoint made up for a test: any path, any input. */
const at = (method: EndpointMethod, path: string) => endpoint({ method, path, request: z.unknown(), response: z.unknown(), summary: 'test', tags: [] });

/**
 * Calls by method and path, for the client's own tests (surfacing, retries, CSRF): the app has
 * only endpoint calls, these go through the same `send` with a made-up endpoint.
 */
export function raw(client: ApiClient) {
  return {
    get: (path: string, options: CallOptions & { query?: Record<string, unknown> } = {}) => {
      const { query, ...rest } = options;
      return client.send(at('GET', path), query, rest);
    },
    post: (path: string, body?: unknown, options?: CallOptions) => client.send(at('POST', path), body, options),
    put: (path: string, body?: unknown, options?: CallOptions) => client.send(at('PUT', path), body, options),
    patch: (path: string, body?: unknown, options?: CallOptions) => client.send(at('PATCH', path), body, options),
    delete: (path: string, body?: unknown, options?: CallOptions) => client.send(at('DELETE', path), body, options),
  };
}
