import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids are the server's own (a random UUID per request): the audit log and the error
 * reference rely on them, so a client cannot choose one. An `X-Request-Id` the client sends is
 * kept apart as `client_request_id` — in the log lines and the audit entries — for correlating
 * with the caller's own logs, and trusted for nothing.
 */
export const newRequestId = (): string => randomUUID();

/** The client's X-Request-Id when it looks like one (printable, at most 128 characters), else null. */
export function clientRequestId(request: Pick<IncomingMessage, 'headers'>): string | null {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:/+=-]{1,128}$/.test(given) ? given : null;
}
