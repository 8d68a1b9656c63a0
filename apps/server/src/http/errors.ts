import { ERR, ERROR_CATALOGUE, errorMessage, errorMessageByName, isAppError, isErrorName, type AppError, type Envelope } from '@platter/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * One place turns every failure into the envelope:
 * - AppError → its catalogue code and text (HTTP 200, as the spec's client expects);
 * - a request that fails its zod schema → INVALID_PARAMETER (216) naming the field, or the
 *   catalogue code its rule names (a schema message such as 'COUNT_OUT_OF_RANGE');
 * - other client faults (bad JSON, wrong content type, too large) → 216 as well;
 * - anything else → logged with the request id, answered as code 500 with that id as the
 *   reference, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, rawReply) => {
    // Serialised here, not by the route's response schema (which describes its success).
    const reply = {
      status: (code: number) => ({
        send: (body: Envelope<unknown>) => rawReply.status(code).type('application/json; charset=utf-8').send(JSON.stringify(body)),
      }),
    };
    const lang = request.lang;
    if (isAppError(error)) {
      return reply.status(200).send({ code: error.code, msg: errorMessage(error.code, lang) ?? error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String((v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? ''),
        message: v.message ?? '',
      }));
      const field = issues[0]?.field ?? '';
      // A schema rule whose message names a catalogue error answers with that code
      // (COUNT_OUT_OF_RANGE, PASSWORD_FORMAT, …); other failures are the parameter error.
      const named = issues[0]?.message;
      if (isErrorName(named)) {
        return reply.status(200).send({ code: ERROR_CATALOGUE[named].code, msg: errorMessageByName(named, lang), data: { field, in: error.validationContext ?? 'body' } });
      }
      return reply.status(200).send({
        code: ERR.INVALID_PARAMETER,
        msg: field ? `${errorMessageByName('INVALID_PARAMETER', lang)}: ${field}` : errorMessageByName('INVALID_PARAMETER', lang),
        data: { field, in: error.validationContext ?? 'body', issues },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(200).send({ code: ERR.TOO_MANY_REQUESTS, msg: errorMessageByName('TOO_MANY_REQUESTS', lang), data: null });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(200).send({
        code: ERR.INVALID_PARAMETER,
        msg: errorMessageByName('INVALID_PARAMETER', lang),
        data: { field: '', in: 'request', issues: [{ field: '', message: error.code ?? 'bad request' }] },
      });
    }
    request.log.error({ err: error, ref: request.id }, 'unhandled error');
    return reply.status(500).send({
      code: ERR.INTERNAL_ERROR,
      msg: `${errorMessageByName('INTERNAL_ERROR', lang)} (${request.id})`,
      data: { ref: request.id },
    });
  });
}
