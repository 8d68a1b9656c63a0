import { errorMessageByName, type Envelope } from '@platter/domain';
import type { FastifyRequest } from 'fastify';

/** The success envelope `{code: 200, msg, data}` in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: errorMessageByName('OK', request.lang), data };
}
