import { envelopeSchema, requestLocation, type Endpoint, type EndpointParsed, type EndpointReply, type Envelope } from '@platter/domain';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { ZodApp } from './types.ts';

/** What a route adds to its endpoint: rate limits and roles (config), hooks, a body limit, header schemas. */
export interface RouteOptions {
  config?: FastifyContextConfig;
  bodyLimit?: number;
  preValidation?: preValidationAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
  /** Headers the call reads (documented in the OpenAPI document). */
  headers?: z.ZodType;
}

/** The request of an endpoint's handler: its query or body parsed by the endpoint's schema. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest &
  (E['request'] extends z.ZodType ? (E['method'] extends 'GET' | 'DELETE' ? { query: EndpointParsed<E> } : { body: EndpointParsed<E> }) : unknown);

/** A handler answers the envelope of the endpoint's `data`; one without a response schema sends its own reply (a file). */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends z.ZodType ? Envelope<EndpointReply<E>> : FastifyReply>;

/**
 * Registers the route of an endpoint of `packages/domain` (api/endpoints): method, path, the
 * request schema as its query or body, the envelope of the response schema, the OpenAPI summary
 * and tags. Validation failures and errors take the usual path (http/errors.ts).
 */
export function route<E extends Endpoint>(app: ZodApp, endpoint: E, options: RouteOptions, handler: EndpointHandler<E>): void {
  const { headers, ...rest } = options;
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(headers ? { headers } : {}),
      ...(endpoint.request ? { [requestLocation(endpoint.method) === 'query' ? 'querystring' : 'body']: endpoint.request } : {}),
      ...(endpoint.response ? { response: { 200: envelopeSchema(endpoint.response) } } : {}),
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
