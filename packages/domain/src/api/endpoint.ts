import type { z } from 'zod';

/**
 * One call of the HTTP API, declared once for the server and the web app: the server registers
 * its route from it (validation, the OpenAPI document) and the web app's client calls through it
 * (the URL, where the input goes, the type of the answer's `data`).
 *
 * - `request`: the query of a GET or DELETE, the JSON body of a POST, PUT or PATCH (the API has
 *   no call that takes both, and no path parameters).
 * - `response`: the zod schema of `data` in the code-200 envelope `{code, msg, data}`; the
 *   server's serializer checks every success against it. Absent for the few calls whose success
 *   is not the envelope (a file, an image).
 */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  M extends EndpointMethod = EndpointMethod,
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly method: M;
  readonly path: string;
  readonly request: Req;
  readonly response: Res;
  /** The OpenAPI summary: what the call does and its particular codes. */
  readonly summary: string;
  readonly tags: readonly string[];
}

export function endpoint<const M extends EndpointMethod, Req extends z.ZodType | undefined = undefined, Res extends z.ZodType | undefined = undefined>(entry: {
  method: M;
  path: string;
  request?: Req;
  response?: Res;
  summary: string;
  tags: readonly string[];
}): Endpoint<M, Req, Res> {
  return { method: entry.method, path: entry.path, request: entry.request as Req, response: entry.response as Res, summary: entry.summary, tags: entry.tags };
}

/** Where an endpoint's request travels. */
export function requestLocation(method: EndpointMethod): 'query' | 'body' {
  return method === 'GET' || method === 'DELETE' ? 'query' : 'body';
}

/** What a caller sends (before the schema's defaults and coercions). */
export type EndpointInput<E extends Endpoint> = E['request'] extends z.ZodType ? z.input<E['request']> : void;
/** A caller's arguments after the endpoint: its input (none without a request schema), then options. */
export type EndpointArgs<E extends Endpoint, O> = E['request'] extends z.ZodType ? [input: z.input<E['request']>, options?: O] : [input?: undefined, options?: O];
/** What the server's handler reads (after them). */
export type EndpointParsed<E extends Endpoint> = E['request'] extends z.ZodType ? z.output<E['request']> : undefined;
/** The `data` a caller receives. */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;
/** The `data` the server's handler hands to the serializer. */
export type EndpointReply<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;
